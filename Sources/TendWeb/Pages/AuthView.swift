import Foundation
import TendAPI
import TendWords

/// The sign-in and sign-up pages' HTML.
enum AuthView {
    static func login(_ page: LoginPage) -> Node {
        Layout.page(title: t("Log in"), tab: nil, session: nil, bodyAttributes: page.signedOut ? [.data("signed-out", "")] : []) {
            Node.section(.class("auth"), .aria("labelledby", "login-title")) {
                Node.h1(.id("login-title")) { t("Log in to Tend") }
                if page.signedOut {
                    Node.p(.class("lead"), .role("status")) {
                        page.deleted ? t("Your account and everything in it were deleted.") : t("You have logged out.")
                    }
                }
                if let error = page.error { Node.p(.class("notice error"), .role("alert"), .id("login-error")) { error } }
                Node.form(.method("post"), .action(WebPaths.login())) {
                    Node.input(.type("hidden"), .name("_csrf"), .value(page.formToken))
                    if let next = page.nextField { Node.input(.type("hidden"), .name("next"), .value(next)) }
                    field(
                        id: "username", label: t("Username"),
                        input: .input(
                            .id("username"), .name("username"), .type("text"), .value(page.username), .autocomplete("username"),
                            .attr("autocapitalize", "none"), .attr("spellcheck", "false"), .required, .maxlength(64)))
                    field(
                        id: "password", label: t("Password"),
                        input: .input(
                            .id("password"), .name("password"), .type("password"), .autocomplete("current-password"), .required))
                    Node.div(.class("actions")) {
                        Node.button(.type("submit"), .class("primary")) { t("Log in") }
                    }
                }
                if !page.providers.isEmpty {
                    Node.div(.class("providers"), .aria("label", t("Other ways to sign in"))) {
                        for provider in page.providers {
                            Node.p {
                                Node.a(.class("button"), .href(provider.path), .data("provider", provider.name)) {
                                    t("Sign in with {provider}", ["provider": provider.name])
                                }
                            }
                        }
                    }
                }
                Node.p(.class("hint")) {
                    if page.signUpOpen {
                        Layout.sentence(t("New here? {link}"), ["link": Node.a(.href(WebPaths.signup())) { t("Create an account") }])
                    } else {
                        t("To get an account, ask the server's owner for an invite link.")
                    }
                }
            }
        }
    }

    static func signup(_ page: SignupPage) -> Node {
        Layout.page(title: t("Sign up"), tab: nil, session: nil) {
            Node.section(.class("auth"), .aria("labelledby", "signup-title")) {
                Node.h1(.id("signup-title")) { t("Create your account") }
                if page.isFirstAccount {
                    Node.p(.class("lead")) {
                        t("You are the first here: your account will own this server and can invite others.")
                    }
                    if page.localHabits > 0 {
                        Node.p(.class("notice"), .id("takes-over")) {
                            tPlural(
                                "This database already holds the tend command line's data ({count} habit). Your account takes it over, whatever username you choose, and tend on this machine keeps working on it.",
                                "This database already holds the tend command line's data ({count} habits). Your account takes it over, whatever username you choose, and tend on this machine keeps working on it.",
                                count: page.localHabits)
                        }
                    }
                } else if !page.showsForm {
                    Node.p(.class("lead")) { t("This server is invite-only. Ask its owner for an invite link.") }
                } else if page.approvalNeeded {
                    Node.p(.class("lead"), .id("approval-needed")) {
                        t("The server's owner approves new accounts: you can sign in once they have.")
                    }
                }
                if let error = page.error { Node.p(.class("notice error"), .role("alert")) { error } }
                if page.showsForm {
                    Node.form(.method("post"), .action(WebPaths.signup())) {
                        Node.input(.type("hidden"), .name("_csrf"), .value(page.formToken))
                        if !page.invite.isEmpty { Node.input(.type("hidden"), .name("invite"), .value(page.invite)) }
                        field(
                            id: "username", label: t("Username"), hint: t("Letters, digits, '.', '_' or '-'; up to 64."),
                            input: .input(
                                .id("username"), .name("username"), .type("text"), .value(page.username), .autocomplete("username"),
                                .attr("autocapitalize", "none"), .attr("spellcheck", "false"), .required, .maxlength(64),
                                .attr("pattern", "[A-Za-z0-9._\\-]{1,64}"), .aria("describedby", "username-hint")))
                        field(
                            id: "password", label: t("Password"), hint: t("At least 8 characters."),
                            input: .input(
                                .id("password"), .name("password"), .type("password"), .autocomplete("new-password"), .required,
                                .minlength(8), .aria("describedby", "password-hint")))
                        field(
                            id: "timeZone", label: t("Time zone"),
                            hint: t("Your days begin and end in this zone. Your browser's zone is offered when it is known."),
                            input: zoneSelect(zones: page.zones, selected: page.timeZone))
                        if page.needsSetupCode {
                            field(
                                id: "setupCode", label: t("Setup code"),
                                hint: t("Printed by tend serve when it started (and in its log): it proves you set this server up."),
                                input: .input(
                                    .id("setupCode"), .name("setupCode"), .type("text"), .autocomplete("off"),
                                    .attr("autocapitalize", "characters"), .attr("spellcheck", "false"), .required, .maxlength(64),
                                    .aria("describedby", "setupCode-hint")))
                        }
                        Node.div(.class("actions")) {
                            Node.button(.type("submit"), .class("primary")) { t("Create account") }
                        }
                    }
                }
                Node.p(.class("hint")) {
                    Layout.sentence(t("Already have an account? {link}"), ["link": Node.a(.href(WebPaths.login())) { t("Log in") }])
                }
            }
        }
    }

    /// The time zone menu of a new account (app.js preselects the browser's zone).
    static func zoneSelect(zones: [String], selected: String) -> Node {
        .select(.id("timeZone"), .name("timeZone"), .data("browser-zone", ""), .aria("describedby", "timeZone-hint")) {
            Node.option(.value("")) { t("Choose a time zone (UTC if none)") }
            for zone in zones {
                if zone == selected {
                    Node.option(.value(zone), .attr("selected", "")) { zone }
                } else {
                    Node.option(.value(zone)) { zone }
                }
            }
        }
    }

    static func field(id: String, label: String, hint: String? = nil, input: Node) -> Node {
        .div(.class("field")) {
            Node.label(.for(id)) { label }
            input
            if let hint { Node.p(.class("hint"), .id(id + "-hint")) { hint } }
        }
    }
}
