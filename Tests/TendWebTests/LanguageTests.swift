import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendCore
import TendHTTP
import TendStore
import TendWords
import Testing

@testable import TendWeb

/// Which language a page is in: the account's choice, else the browser's `Accept-Language`
/// (issue 44); the `lang` and `dir` attributes and `Content-Language` say it.
@Suite("Pages in the user's language")
struct LanguageTests {
    static func page(_ browser: Browser, _ path: String, accept: String) async throws -> TestResponse {
        browser.speak(accept)
        defer { browser.speak(nil) }
        return try await browser.get(path)
    }

    /// Saves the settings form with `language` chosen (its other fields as a new account has them).
    static func choose(_ language: String, _ browser: Browser, csrf: String) async throws -> TestResponse {
        try await browser.post("/settings", [("_csrf", csrf), ("timeZone", "UTC"), ("dayStartHour", "0"), ("language", language)])
    }

    @Test("Signed out, the browser's Accept-Language decides the sign-up page's words, lang and dir; an unshipped language is English")
    func signedOutFollowsTheBrowser() async throws {
        try await WebHarness().run { browser, _ in
            let german = try await Self.page(browser, "/signup", accept: "de-AT,de;q=0.9,en;q=0.5")
            #expect(german.text.contains(#"<html lang="de" dir="ltr">"#))
            #expect(german.headers[.contentLanguage] == "de")
            #expect(german.text.contains(Words.of(.german)("Skip to content")))
            #expect(Words.of(.german)("Skip to content") != "Skip to content")
            let arabic = try await Self.page(browser, "/signup", accept: "ar-EG")
            #expect(arabic.text.contains(#"<html lang="ar" dir="rtl">"#))
            let portuguese = try await Self.page(browser, "/signup", accept: "pt-PT")
            #expect(portuguese.text.contains(#"<html lang="pt-BR" dir="ltr">"#))
            let swedish = try await Self.page(browser, "/signup", accept: "sv-SE")
            #expect(swedish.text.contains(#"<html lang="en" dir="ltr">"#))
            #expect(swedish.text.contains("Skip to content"))
            #expect(try await browser.get("/signup").text.contains(#"<html lang="en" dir="ltr">"#))
        }
    }

    @Test("The account's language wins over the browser's, on every page; set back to the browser's, the header decides again")
    func accountChoiceWins() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            // No choice yet: the browser's language.
            #expect(try await Self.page(browser, "/", accept: "fr").text.contains(#"<html lang="fr" dir="ltr">"#))
            let settings = try await browser.get("/settings").text
            #expect(settings.contains(#"<option value="" selected>As the browser has it</option>"#))
            #expect(settings.contains(#"<option value="ja" lang="ja">日本語</option>"#))

            let saved = try await Self.choose("ja", browser, csrf: csrf)
            #expect(saved.status == .seeOther)
            #expect(try await store.user(id: owner).settings.language == "ja")
            for path in ["/", "/habits", "/settings"] {
                let page = try await Self.page(browser, path, accept: "de")
                #expect(page.text.contains(#"<html lang="ja" dir="ltr">"#), "\(path)")
                #expect(page.text.contains(Words.of(.japanese)("Habits")), "\(path)")
            }

            let cleared = try await Self.choose("", browser, csrf: csrf)
            #expect(cleared.status == .seeOther)
            #expect(try await store.user(id: owner).settings.language == nil)
            #expect(try await Self.page(browser, "/", accept: "de").text.contains(#"<html lang="de" dir="ltr">"#))
        }
    }

    @Test("A sign-up from a German browser keeps German as the account's language, so its reminders speak it too")
    func signUpKeepsTheBrowsersLanguage() async throws {
        try await WebHarness().run { browser, store in
            browser.speak("de-DE")
            try await browser.signUp("jonas", timeZone: "Europe/Berlin")
            browser.speak(nil)
            #expect(try #require(try await store.account(named: "jonas")).user.settings.language == "de")
            // An English browser afterwards still sees German: the account chose it.
            #expect(try await browser.get("/").text.contains(#"<html lang="de" dir="ltr">"#))
        }
    }

    @Test("A language Tend does not speak is refused with the list, and nothing is saved")
    func unknownLanguageRefused() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let refused = try await Self.choose("tlh", browser, csrf: csrf)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("is not a language Tend speaks"))
            #expect(try await store.user(id: owner).settings.language == nil)
        }
    }

    @Test("Two browsers of one account in two languages each get their own Today page (the kept page and cards are per language)")
    func keptPagesPerLanguage() async throws {
        try await WebHarness().run { browser, _ in
            try await browser.signUp("ana")
            let other = browser.another()
            try await other.signIn("ana")
            for _ in 0..<2 {
                #expect(try await Self.page(browser, "/", accept: "pl").text.contains(#"<html lang="pl" dir="ltr">"#))
                #expect(try await Self.page(other, "/", accept: "zh-CN").text.contains(#"<html lang="zh-Hans" dir="ltr">"#))
            }
        }
    }

    @Test("A page in another language carries its scripts' words and links its own manifest; an English page carries none")
    func scriptWordsAndManifest() async throws {
        try await WebHarness().run { browser, _ in
            try await browser.signUp("ana")
            let german = try await Self.page(browser, "/", accept: "de").text
            #expect(german.contains(#"<link rel="manifest" href="/manifest.webmanifest?lang=de">"#))
            let words = try #require(ScriptWords.json(.german))
            #expect(german.contains(#"<script type="application/json" id="words">"# + words + "</script>"))
            let manifest = try await browser.get("/manifest.webmanifest?lang=de")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(manifest.text.utf8)) as? [String: Any])
            #expect(document["lang"] as? String == "de")
            #expect(document["description"] as? String == Words.of(.german)("Habits, routines and streaks: your habit tracker."))
            // A tag Tend does not ship (or none) is the English manifest, not an error.
            for odd in ["tlh", "", "de%22%3E"] {
                let other = try await browser.get("/manifest.webmanifest?lang=" + odd)
                #expect(other.status == .ok)
                #expect(other.text == (try await browser.get("/manifest.webmanifest")).text, "\(odd)")
            }
            let english = try await Self.page(browser, "/", accept: "en").text
            #expect(english.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
            #expect(!english.contains(#"id="words""#))
        }
    }
}
