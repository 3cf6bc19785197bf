import Foundation
import TendAPI
import TendWords

/// `/settings/account/delete`: deleting an account, with its export offered first (nothing of it
/// can be brought back afterwards).
enum AccountDeletionView {
    static func page(error: String?, isOwner: Bool, session: SessionInfo) -> Node {
        Layout.page(title: t("Delete your account"), tab: .settings, session: session, bodyAttributes: [.data("live", "off")]) {
            Node.p(.class("breadcrumb")) { Node.a(.href(WebPaths.data())) { t("‹ Your data") } }
            Node.section(.class("editor data"), .aria("labelledby", "delete-account-title")) {
                Node.h1(.id("delete-account-title")) { t("Delete your account") }
                if let error {
                    Node.p(.class("notice"), .role("alert"), .id("delete-account-error")) {
                        t("{error} Nothing was deleted.", ["error": error])
                    }
                }
                Node.p {
                    t(
                        "Your habits, every check-in and note, your routines, reminders, devices and settings are deleted from this server for good. Nothing can bring them back."
                    )
                }
                Node.p(.class("backup-row"), .id("export-first")) {
                    Node.strong { t("First, keep a copy:") + " " }
                    Node.a(.class("button primary"), .href(WebPaths.dataExport() + "?format=json"), .attr("download", "")) {
                        t("Download your data (Tend JSON)")
                    }
                    Node.span(.class("hint")) { t("Tend, or another server running it, imports it back whole.") }
                }
                if isOwner {
                    Node.p(.class("hint")) {
                        t(
                            "You own this server: you can delete your account only when it is the last one (no one could invite anyone after you)."
                        )
                    }
                }
                Node.form(.method("post"), .action(WebPaths.deleteAccount()), .class("habit-form")) {
                    Node.input(.type("hidden"), .name("_csrf"), .value(session.csrfToken))
                    AuthView.field(
                        id: "password", label: t("Your password, to confirm"),
                        input: .input(.id("password"), .name("password"), .type("password"), .autocomplete("current-password"), .required))
                    Node.div(.class("actions")) {
                        Node.button(.type("submit"), .class("danger")) { t("Delete my account and all its data") }
                    }
                }
            }
        }
    }
}
