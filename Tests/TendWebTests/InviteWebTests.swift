import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendStore
import Testing

@testable import TendWeb

/// The owner invites someone from the web (issue 41, item 12): a link shown once with its expiry,
/// used once; withdrawn, it no longer works; a member cannot make one.
@Suite("Invite links on the web")
struct InviteWebTests {
    @Test("The owner makes an invite link on Sign-in settings; it signs up one person; withdrawn or used, it works no more")
    func invite() async throws {
        try await WebHarness().run { owner, store in
            let csrf = try await owner.signUp("ana")
            let settings = try await owner.get("/settings/sign-in")
            #expect(settings.text.contains("id=\"make-invite\""))
            let made = try await owner.post("/settings/sign-in/invites", [("_csrf", csrf)])
            #expect(made.status == .ok)
            #expect(made.text.contains("data-live=\"off\""))
            #expect(made.text.contains("A new invite link, open until 2025-06-22."))
            let link = try #require(Browser.firstMatch(#"id="new-invite-link" value="([^"]+)""#, in: made.text))
            #expect(link.contains("/signup?invite="))
            let code = try #require(link.split(separator: "invite=").last.map(String.init))
            // Shown once: the page again lists it without its code.
            let again = try await owner.get("/settings/sign-in")
            #expect(!again.text.contains(code))
            #expect(again.text.contains("open until 2025-06-22"))

            let ben = owner.another()
            _ = try await ben.signUp("ben", invite: code)
            #expect(try await store.account(named: "ben") != nil)
            #expect(try await owner.get("/settings/sign-in").text.contains("made 2025-06-15, used"))

            // A second link, withdrawn before use: a sign-up with it is refused.
            let second = try await owner.post("/settings/sign-in/invites", [("_csrf", csrf)])
            let secondCode = try #require(
                Browser.firstMatch(#"id="new-invite-link" value="[^"]*invite=([^"]+)""#, in: second.text))
            let invites = try await store.invites(owner: try #require(try await store.account(named: "ana")).user.id)
            let open = try #require(invites.first { $0.usedBy == nil })
            let withdrawn = try await owner.post("/settings/sign-in/invites/\(open.id)/revoke", [("_csrf", csrf)])
            #expect(withdrawn.status == .seeOther)
            let carl = owner.another()
            let page = try await carl.get("/signup?invite=\(secondCode)")
            let refused = try await carl.post(
                "/signup",
                [("_csrf", try carl.csrf(in: page)), ("username", "carl"), ("password", Browser.password), ("invite", secondCode)])
            #expect(refused.status != .seeOther)
            #expect(try await store.account(named: "carl") == nil)

            // A member makes none (ben is signed in since his sign-up).
            let benCSRF = try ben.csrf(in: try await ben.get("/settings"))
            #expect(try await ben.post("/settings/sign-in/invites", [("_csrf", benCSRF)]).status == .forbidden)
            #expect(!(try await ben.get("/settings/sign-in")).text.contains("make-invite"))
        }
    }
}
