import Foundation
import TendAPI
import TendWords

/// The pages of a sign-in through an OpenID Connect provider.
enum OpenIDView {
    static func link(_ page: OpenIDLinkPage) -> Node {
        Layout.page(title: t("Finish signing in"), tab: nil, session: nil) {
            Node.section(.class("auth"), .aria("labelledby", "link-title")) {
                Node.h1(.id("link-title")) { t("Finish signing in") }
                Node.p(.class("lead")) {
                    t(
                        "{provider} signed you in as {label}, which is not linked to a Tend account yet.",
                        ["provider": page.provider, "label": page.label])
                }
                Node.h2(.id("link-existing")) { t("I have a Tend account") }
                Node.p(.class("hint")) {
                    t("Give its password once; from then on {provider} signs you in.", ["provider": page.provider])
                }
                if let error = page.linkError { Node.p(.class("notice error"), .role("alert"), .id("link-error")) { error } }
                Node.form(.method("post"), .action(WebPaths.openIDLink()), .aria("labelledby", "link-existing")) {
                    Node.input(.type("hidden"), .name("_csrf"), .value(page.formToken))
                    AuthView.field(
                        id: "username", label: t("Username"),
                        input: .input(
                            .id("username"), .name("username"), .type("text"), .value(page.username), .autocomplete("username"),
                            .attr("autocapitalize", "none"), .attr("spellcheck", "false"), .required, .maxlength(64)))
                    AuthView.field(
                        id: "password", label: t("Password"),
                        input: .input(.id("password"), .name("password"), .type("password"), .autocomplete("current-password"), .required))
                    Node.div(.class("actions")) { Node.button(.type("submit"), .class("primary")) { t("Link and sign in") } }
                }
                if page.signUpOpen {
                    Node.h2(.id("link-new")) { t("I am new here") }
                    if page.approvalNeeded {
                        Node.p(.class("hint")) { t("The server's owner approves new accounts before they can sign in.") }
                    }
                    if let error = page.signupError { Node.p(.class("notice error"), .role("alert"), .id("signup-error")) { error } }
                    Node.form(.method("post"), .action(WebPaths.openIDSignup()), .aria("labelledby", "link-new")) {
                        Node.input(.type("hidden"), .name("_csrf"), .value(page.formToken))
                        AuthView.field(
                            id: "newUsername", label: t("Username"), hint: t("Letters, digits, '.', '_' or '-'; up to 64."),
                            input: .input(
                                .id("newUsername"), .name("username"), .type("text"), .value(page.newUsername), .autocomplete("username"),
                                .attr("autocapitalize", "none"), .attr("spellcheck", "false"), .required, .maxlength(64),
                                .attr("pattern", "[A-Za-z0-9._\\-]{1,64}"), .aria("describedby", "newUsername-hint")))
                        AuthView.field(
                            id: "timeZone", label: t("Time zone"), hint: t("Your days begin and end in this zone."),
                            input: AuthView.zoneSelect(zones: page.zones, selected: page.timeZone))
                        Node.div(.class("actions")) { Node.button(.type("submit")) { t("Create my account") } }
                    }
                }
                Node.p(.class("hint")) { Node.a(.href(WebPaths.login())) { t("Cancel") } }
            }
        }
    }

    /// After a sign-up that waits for the owner, or a sign-in of an account still waiting.
    static func awaitingApproval(username: String) -> Node {
        Layout.page(title: t("Waiting for approval"), tab: nil, session: nil) {
            Node.section(.class("auth"), .aria("labelledby", "waiting-title")) {
                Node.h1(.id("waiting-title")) { t("Waiting for approval") }
                Node.p(.class("lead"), .role("status")) {
                    t(
                        "The account “{username}” is made. The server's owner approves new accounts; once they have, sign in again.",
                        ["username": username])
                }
                Node.p { Node.a(.class("button"), .href(WebPaths.login())) { t("Back to sign in") } }
            }
        }
    }
}
