import Foundation
import Testing

@testable import TendWords

@Suite("Catalogs, languages and words")
struct WordsTests {
    @Test("A PO file's entries: contexts, plurals, continued strings, escapes, flags and the header")
    func parsesPO() throws {
        let catalog = try Catalog.parse(
            #"""
            # A comment
            msgid ""
            msgstr ""
            "Language: pl\n"
            "Plural-Forms: nplurals=4; plural=0;\n"

            #: Sources/TendWeb/Pages/Layout.swift
            msgid "Skip to content"
            msgstr "Przejdź do treści"

            msgctxt "weekday heading"
            msgid "Week"
            msgstr "Tydzień"
            #, python-brace-format
            msgid "{count} day"
            msgid_plural "{count} days"
            msgstr[0] "{count} dzień"
            msgstr[1] "{count} dni"
            msgstr[2] "{count} dni"
            msgstr[3] "{count} dnia"

            msgid ""
            "Say \"hi\"\n"
            "twice"
            msgstr "Powiedz \"cześć\"\n\tdwa razy"

            #~ msgid "Gone"
            #~ msgstr "Nie ma"
            """#)
        #expect(catalog.header["Language"] == "pl")
        #expect(catalog.header["Plural-Forms"] == "nplurals=4; plural=0;")
        #expect(catalog.entries.count == 4)
        #expect(catalog.entry(.init("Skip to content"))?.translations == ["Przejdź do treści"])
        #expect(catalog.entry(.init("Week")) == nil)
        #expect(catalog.entry(.init("Week", context: "weekday heading"))?.translations == ["Tydzień"])
        let plural = try #require(catalog.entry(.init("{count} day")))
        #expect(plural.sourcePlural == "{count} days" && plural.translations.count == 4)
        #expect(plural.flags == ["python-brace-format"])
        #expect(catalog.entry(.init("Say \"hi\"\ntwice"))?.translations == ["Powiedz \"cześć\"\n\tdwa razy"])
        #expect(catalog.entry(.init("Gone")) == nil)
    }

    @Test(
        "A PO file that cannot be read is refused with its line",
        arguments: [
            ("msgid \"a\"\nmsgstr \"b", 2),
            ("msgid \"a\"\nmsgid \"b\"\nmsgstr \"c\"", 2),
            ("msgid \"a\"\nmsgstr[0] \"b\"\nmsgstr[2] \"c\"", 1),
            ("\"stray\"", 1),
            ("msgid \"a\\q\"\nmsgstr \"b\"", 1),
            ("msgfoo \"a\"", 1),
            ("msgid \"a\"", 1),
        ])
    func refusesBrokenPO(text: String, line: Int) {
        #expect(throws: Catalog.ParseError.self) { try Catalog.parse(text) }
        do {
            _ = try Catalog.parse(text)
        } catch {
            #expect(error.line == line, "\(error)")
        }
    }

    @Test("Quoting and reading back a PO string keep every character")
    func quoteRoundTrip() throws {
        for text in ["", "plain", "a \"quoted\" word", "back\\slash", "two\nlines\tand a tab", "emoji 🏃‍♀️ and عربى"] {
            #expect(try Catalog.unquote(Substring(Catalog.quote(text)), line: 1) == text)
        }
    }

    @Test(
        "Accept-Language picks the best shipped language, falling back by base language, then English",
        arguments: [
            ("de-DE,de;q=0.9,en;q=0.8", Language.german),
            ("pt-PT,pt;q=0.9,en;q=0.8", .portugueseBrazil),
            ("pt", .portugueseBrazil),
            ("zh-CN,zh;q=0.9", .chineseSimplified),
            ("zh-Hans-CN", .chineseSimplified),
            ("zh-TW,en;q=0.5", .english),
            ("zh-Hant,ja;q=0.4", .japanese),
            ("sv-SE,fr;q=0.6,de;q=0.8", .german),
            ("fr;q=0, de", .german),
            ("en-GB,ar;q=0.9", .english),
            ("ar-EG", .arabic),
            ("*", .english),
            ("", .english),
            ("qps", .english),
            (";;;,,q=1", .english),
            ("nl-BE;q=0.5,pl;q=0.5", .dutch),
        ])
    func negotiates(header: String, expected: Language) {
        #expect(Language.negotiate(acceptLanguage: header) == expected)
    }

    @Test("The shell's language: LC_ALL, then LC_MESSAGES, then LANG; LANGUAGE's list first; C is English")
    func shellLanguage() {
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == .french)
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR", "LC_ALL": "ja_JP.UTF-8"]) == .japanese)
        #expect(Language.fromEnvironment(["LC_ALL": "C", "LANG": "de_DE.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "C.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "pt_PT.UTF-8"]) == .portugueseBrazil)
        #expect(Language.fromEnvironment(["LANG": "sr_RS@latin"]) == nil)
        #expect(Language.fromEnvironment(["LANG": "en_US.UTF-8", "LANGUAGE": "sv:pl:de"]) == .polish)
        #expect(Language.fromEnvironment([:]) == nil)
        #expect(Language.fromEnvironment(["LANG": ""]) == nil)
    }

    @Test("Placeholders are filled by name, in any order; unknown ones stay visible")
    func fillsPlaceholders() {
        #expect(Words.fill("{b} before {a}", [("a", "1"), ("b", "2")]) == "2 before 1")
        #expect(Words.fill("{missing} and {a}", [("a", "x")]) == "{missing} and x")
        #expect(Words.fill("no braces", [("a", "x")]) == "no braces")
        #expect(Words.fill("{a}{a} {", [("a", "x")]) == "xx {")
        #expect(Words.placeholders("Time for {habit} at {time}") == ["habit", "time"])
    }

    @Test("A translation is looked up by its English text and context, with the plural form of its language")
    func translates() throws {
        let catalog = try Catalog.parse(
            #"""
            msgid "Time for {habit}"
            msgstr "{habit} ist dran"

            msgctxt "tab"
            msgid "Week"
            msgstr "Woche"

            msgid "{count} day"
            msgid_plural "{count} days"
            msgstr[0] "{count} dzień"
            msgstr[1] "{count} dni (few)"
            msgstr[2] "{count} dni (many)"
            msgstr[3] "{count} dnia (other)"
            """#)
        let german = Words(.german, catalog: catalog)
        #expect(german("Time for {habit}", ["habit": "Lesen"]) == "Lesen ist dran")
        #expect(german("Week", context: "tab") == "Woche")
        #expect(german("Week") == "Week")
        #expect(german("Not in the catalog {x}", ["x": "1"]) == "Not in the catalog 1")
        let polish = Words(.polish, catalog: catalog)
        #expect(polish.plural("{count} day", "{count} days", count: 1) == "1 dzień")
        #expect(polish.plural("{count} day", "{count} days", count: 3) == "3 dni (few)")
        #expect(polish.plural("{count} day", "{count} days", count: 12) == "12 dni (many)")
        #expect(polish.plural("{count} day", "{count} days", count: 22) == "22 dni (few)")
        #expect(
            polish.plural("{count} day", "{count} days", operands: PluralOperands(decimal: "2.5")!, shown: "2,5")
                == "2,5 dnia (other)")
        #expect(Words.english.plural("{count} day", "{count} days", count: 1) == "1 day")
        // English keeps the plain digits Tend has always printed; other languages group as they write.
        #expect(Words.english.plural("{count} day", "{count} days", count: 1_000) == "1000 days")
        #expect(german.number(1_000) == "1.000")
        #expect(polish.plural("{count} day", "{count} days", count: 10_000) == "10\u{A0}000 dni (many)")
        #expect(
            Words.english.plural("{count} day", "{count} days", operands: PluralOperands(decimal: "1.0")!, shown: "1.0")
                == "1.0 days")
    }

    @Test("The pseudo-language brackets and accents every catalog word, grows it by ~40 %, and leaves placeholders alone")
    func pseudo() {
        let words = Words(.pseudo)
        let text = words("Time for {habit}", ["habit": "Read"])
        #expect(text.hasPrefix("[Ŧîɱé ƒôŕ Read"))
        #expect(text.hasSuffix("~]"))
        #expect(PseudoLanguage.isPseudo(text))
        let source = "Skip to content"
        #expect(Double(PseudoLanguage.transform(source).count) >= Double(source.count) * 1.4)
        #expect(PseudoLanguage.transform("OK").count > 4)
        #expect(PseudoLanguage.transform("42") == "42")
        #expect(words.plural("{count} day", "{count} days", count: 2).hasPrefix("[2 đåýš"))
    }

    @Test("The current words follow the task they are set for")
    func taskLocal() async {
        #expect(t("Skip to content") == "Skip to content")
        await Words.$current.withValue(Words(.pseudo)) {
            #expect(t("Skip to content").hasPrefix("[Šķîþ"))
            #expect(tPlural("{count} day", "{count} days", count: 1).hasPrefix("[1 đåý"))
        }
    }
}

@Suite("The web app's scripts get their messages from the catalogs")
struct ScriptWordsTests {
    struct Document: Decodable {
        let lang: String
        let forms: [String]
        let messages: [String: Message]
    }

    enum Message: Decodable, Equatable {
        case text(String)
        case forms([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                self = .forms(try container.decode([String].self))
            }
        }
    }

    @Test("English carries none; every other language carries each script message, translated, with its CLDR forms named")
    func json() throws {
        #expect(ScriptWords.json(.english) == nil)
        let template = try Catalog.parse(ShippedCatalogs.template)
        let scriptKeys = template.entries.filter { $0.references.contains { $0.hasSuffix(".js") } }
        #expect(scriptKeys.count >= 20)
        for language in Language.allCases where language != .english {
            let text = try #require(ScriptWords.json(language))
            #expect(!text.contains("<"))
            let document = try JSONDecoder().decode(Document.self, from: Data(text.utf8))
            #expect(document.lang == language.tag)
            #expect(document.messages.count == scriptKeys.count, "\(language)")
            if language != .pseudo {
                #expect(document.forms == language.pluralCategories.map(\.rawValue))
            }
            for entry in scriptKeys {
                let key = entry.key.context.isEmpty ? entry.key.source : entry.key.context + "\u{4}" + entry.key.source
                let message = try #require(document.messages[key], "\(language) \(key)")
                if entry.isPlural {
                    guard case .forms(let forms) = message else {
                        Issue.record("\(key) has no forms")
                        continue
                    }
                    #expect(forms.count == (language == .pseudo ? 2 : language.pluralCategories.count))
                } else if case .text(let text) = message, language != .pseudo {
                    #expect(text == Words.of(language)(entry.key.source, context: entry.key.context))
                }
            }
        }
    }
}
