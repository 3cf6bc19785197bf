import Foundation
import TendAPI

/// The pages of a sign-in through an OpenID Connect provider.
enum OpenIDView {
    static func link(_ page: OpenIDLinkPage) -> Node {
        Layout.page(title: "Finish signing in", tab: nil, session: nil) {
            Node.section(.class("auth"), .aria("labelledby", "link-title")) {
                Node.h1(.id("link-title")) { "Finish signing in" }
                Node.p(.class("lead")) {
                    "\(page.provider) signed you in as \(page.label), which is not linked to a Tend account yet."
                }
                Node.h2(.id("link-existing")) { "I have a Tend account" }
                Node.p(.class("hint")) { "Give its password once; from then on \(page.provider) signs you in." }
                if let error = page.linkError { Node.p(.class("notice error"), .role("alert"), .id("link-error")) { error } }
                Node.form(.method("post"), .action(WebPaths.openIDLink()), .aria("labelledby", "link-existing")) {
                    Node.input(.type("hidden"), .name("_csrf"), .value(page.formToken))
                    AuthView.field(
                        id: "username", label: "Username",
                        input: .input(
                            .id("username"), .name("username"), .type("text"), .value(page.username), .autocomplete("username"),
                            .attr("autocapitalize", "none"), .attr("spellcheck", "false"), .required, .maxlength(64)))
                    AuthView.field(
                        id: "password", label: "Password",
                        input: .input(.id("password"), .name("password"), .type("password"), .autocomplete("current-password"), .required))
                    Node.div(.class("actions")) { Node.button(.type("submit"), .class("primary")) { "Link and sign in" } }
                }
                if page.signUpOpen {
                    Node.h2(.id("link-new")) { "I am new here" }
                    if page.approvalNeeded {
                        Node.p(.class("hint")) { "The server's owner approves new accounts before they can sign in." }
                    }
                    if let error = page.signupError { Node.p(.class("notice error"), .role("alert"), .id("signup-error")) { error } }
                    Node.form(.method("post"), .action(WebPaths.openIDSignup()), .aria("labelledby", "link-new")) {
                        Node.input(.type("hidden"), .name("_csrf"), .value(page.formToken))
                        AuthView.field(
                            id: "newUsername", label: "Username", hint: "Letters, digits, '.', '_' or '-'; up to 64.",
                            input: .input(
                                .id("newUsername"), .name("username"), .type("text"), .value(page.newUsername), .autocomplete("username"),
                                .attr("autocapitalize", "none"), .attr("spellcheck", "false"), .required, .maxlength(64),
                                .attr("pattern", "[A-Za-z0-9._\\-]{1,64}"), .aria("describedby", "newUsername-hint")))
                        AuthView.field(
                            id: "timeZone", label: "Time zone", hint: "Your days begin and end in this zone.",
                            input: AuthView.zoneSelect(zones: page.zones, selected: page.timeZone))
                        Node.div(.class("actions")) { Node.button(.type("submit")) { "Create my account" } }
                    }
                }
                Node.p(.class("hint")) { Node.a(.href(WebPaths.login())) { "Cancel" } }
            }
        }
    }

    /// After a sign-up that waits for the owner, or a sign-in of an account still waiting.
    static func awaitingApproval(username: String) -> Node {
        Layout.page(title: "Waiting for approval", tab: nil, session: nil) {
            Node.section(.class("auth"), .aria("labelledby", "waiting-title")) {
                Node.h1(.id("waiting-title")) { "Waiting for approval" }
                Node.p(.class("lead"), .role("status")) {
                    "The account “\(username)” is made. The server's owner approves new accounts; once they have, sign in again."
                }
                Node.p { Node.a(.class("button"), .href(WebPaths.login())) { "Back to sign in" } }
            }
        }
    }
}
