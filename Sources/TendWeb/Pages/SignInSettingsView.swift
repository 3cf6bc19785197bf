import Foundation
import TendAPI
import TendWords

/// `/settings/sign-in`'s HTML.
enum SignInSettingsView {
    static func page(_ model: SignInSettingsPage, session: SessionInfo) -> Node {
        // The page that shows a new invite link answers a post: no live refresh may replace it.
        Layout.page(
            title: t("Sign-in settings"), tab: .settings, session: session,
            bodyAttributes: model.newInvite == nil ? [] : [.data("live", "off")]
        ) {
            Node.section(.class("editor"), .aria("labelledby", "providers-title")) {
                Node.h1(.id("providers-title")) { t("Signing in") }
                if let notice = model.notice { Node.p(.class("notice"), .role("status")) { notice } }
                Node.h2 { t("Linked providers") }
                if model.identities.isEmpty {
                    Node.p(.class("hint"), .id("no-identities")) {
                        model.providers.isEmpty
                            ? t("You sign in with your password. This server has no sign-in providers.")
                            : t("None. To link one, sign out, choose “Sign in with …” and give this account's password once.")
                    }
                } else {
                    Node.ul(.class("habit-list"), .id("identities")) {
                        for identity in model.identities {
                            Node.li(.class("habit-row")) {
                                Node.div(.class("row-main")) {
                                    Node.strong { identity.provider }
                                    Node.span(.class("hint")) {
                                        t("{label}, linked {date}", ["label": identity.label, "date": identity.linkedOn])
                                    }
                                }
                                Node.form(.method("post"), .action(WebPaths.unlinkIdentity())) {
                                    Layout.csrfField(session)
                                    Node.input(.type("hidden"), .name("issuer"), .value(identity.issuer))
                                    Node.input(.type("hidden"), .name("subject"), .value(identity.subject))
                                    Node.button(
                                        .type("submit"), .class("danger"),
                                        .aria("label", t("Unlink {provider}", ["provider": identity.provider]))
                                    ) {
                                        t("Unlink")
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if model.isOwner {
                invites(model, session: session)
                Node.section(.class("editor"), .aria("labelledby", "approvals-title")) {
                    Node.h2(.id("approvals-title")) { t("Waiting for approval") }
                    if model.waiting.isEmpty {
                        Node.p(.class("hint"), .id("no-waiting")) { t("No account is waiting.") }
                    } else {
                        Node.ul(.class("habit-list"), .id("waiting")) {
                            for account in model.waiting {
                                Node.li(.class("habit-row"), .id("waiting-\(account.username)")) {
                                    Node.div(.class("row-main")) {
                                        Node.strong { account.username }
                                        Node.span(.class("hint")) { t("signed up {date}", ["date": account.since]) }
                                    }
                                    Node.form(.method("post"), .action(WebPaths.approveAccount(account.id))) {
                                        Layout.csrfField(session)
                                        Node.button(
                                            .type("submit"), .class("primary"),
                                            .aria("label", t("Approve {username}", ["username": account.username]))
                                        ) {
                                            t("Approve")
                                        }
                                    }
                                    Node.form(.method("post"), .action(WebPaths.declineAccount(account.id))) {
                                        Layout.csrfField(session)
                                        Node.button(
                                            .type("submit"), .class("danger"),
                                            .aria("label", t("Decline {username}", ["username": account.username]))
                                        ) {
                                            t("Decline")
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Node.p { Node.a(.href(WebPaths.settings())) { t("Back to settings") } }
        }
    }

    /// The owner's invite links: make one (its link shown once, to copy), the open, used and
    /// expired ones, and withdrawing an open one.
    static func invites(_ model: SignInSettingsPage, session: SessionInfo) -> Node {
        Node.section(.class("editor"), .aria("labelledby", "invites-title")) {
            Node.h2(.id("invites-title")) { t("Invites") }
            Node.p(.class("hint")) {
                t("Someone without an account signs up with an invite link. Each works once, for a week.")
            }
            if let invite = model.newInvite {
                Node.div(.class("notice saved new-token"), .role("status"), .id("new-invite")) {
                    Node.p { Node.strong { t("A new invite link, open until {date}.", ["date": invite.expires]) } }
                    Node.input(
                        .type("text"), .id("new-invite-link"), .value(invite.link), Attribute("readonly", nil),
                        .attr("spellcheck", "false"), .autocomplete("off"), .aria("label", t("Invite link")), .class("token"))
                    Node.p(.class("hint")) {
                        t("Copy it now (select it, then copy) and send it to the person: it is not shown again.")
                    }
                }
            }
            Node.form(.method("post"), .action(WebPaths.invites())) {
                Layout.csrfField(session)
                Node.button(.type("submit"), .class("primary"), .id("make-invite")) { t("Make an invite link") }
            }
            if !model.invites.isEmpty {
                Node.ul(.class("habit-list"), .id("invites")) {
                    for invite in model.invites {
                        Node.li(.class("habit-row"), .id("invite-\(invite.id)")) {
                            Node.div(.class("row-main")) {
                                Node.strong { t("Invite", context: "noun") }
                                Node.span(.class("hint")) { invite.state }
                            }
                            if invite.isOpen {
                                Node.form(.method("post"), .action(invite.revokeAction)) {
                                    Layout.csrfField(session)
                                    Node.button(
                                        .type("submit"), .class("danger"),
                                        .aria("label", t("Withdraw the invite {state}", ["state": invite.state]))
                                    ) {
                                        t("Withdraw")
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
