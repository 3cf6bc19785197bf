import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

enum DataView {
    static func page(_ model: DataPage, session: SessionInfo) -> Node {
        // Nothing on it changes with live updates, and its POST answers cannot be reloaded.
        Layout.page(title: t("Your data"), tab: .settings, session: session, bodyAttributes: [.data("live", "off")]) {
            Node.p(.class("breadcrumb")) { Node.a(.href(WebPaths.settings())) { t("‹ Settings") } }
            Node.section(.class("editor data"), .aria("labelledby", "import-title")) {
                Node.h1(.id("import-title")) { t("Your data") }
                if let done = model.done { Node.p(.class("notice saved"), .role("status")) { done.sentence } }
                if let error = model.error {
                    Node.p(.class("notice"), .role("alert"), .id("import-error")) {
                        t("{error} Nothing was changed.", ["error": error])
                    }
                }
                if let preview = model.preview {
                    previewSection(preview, session: session)
                } else {
                    importForm(model, session: session)
                }
            }
            Node.section(.class("editor data"), .aria("labelledby", "export-title")) {
                Node.h2(.id("export-title")) { t("Export", context: "heading") }
                Node.p(.class("hint")) { t("Your habits and entries as a file. Only your own data is in it.") }
                Node.ul(.class("downloads")) {
                    for download in model.exports {
                        Node.li {
                            Node.a(.class("button"), .href(download.href), .attr("download", "")) { download.title }
                            Node.span(.class("hint")) { download.detail }
                        }
                    }
                }
            }
            Node.section(.class("editor data"), .aria("labelledby", "backup-title")) {
                Node.h2(.id("backup-title")) { t("Backup", context: "heading") }
                Node.p(.class("hint")) {
                    Layout.sentence(
                        t(
                            "A complete Tend JSON file of your account, named by today's date. To restore it, import it here into a new, empty account: its settings come back too. (The server's database file holds everyone's data, so it is not offered here; whoever runs the server backs it up with {command}.)"
                        ),
                        ["command": Node.code { "tend backup" }])
                }
                Node.p(.class("backup-row")) {
                    Node.a(.class("button primary"), .href(model.backup.href), .attr("download", "")) { model.backup.title }
                    Node.span(.class("hint")) { model.backup.detail }
                }
            }
            Node.section(.class("editor data"), .aria("labelledby", "delete-title")) {
                Node.h2(.id("delete-title")) { t("Delete your account") }
                Node.p(.class("hint")) { t("Everything you recorded on this server, for good. You can download it first.") }
                Node.p { Node.a(.class("button danger"), .href(WebPaths.deleteAccount())) { t("Delete your account…") } }
            }
            if let server = model.serverBackups {
                Node.section(.class("editor data"), .aria("labelledby", "server-backups-title"), .id("server-backups")) {
                    Node.h2(.id("server-backups-title")) { t("The server's backups") }
                    Node.p(.class("hint")) {
                        t("{plan} Only you, the server's owner, see this.", ["plan": server.plan])
                    }
                    Node.p { server.latest }
                    if let failure = server.failure { Node.p(.class("notice"), .role("alert")) { failure } }
                }
            }
        }
    }

    private static func importForm(_ model: DataPage, session: SessionInfo) -> Node {
        // The token rides in the action's query, not the body: the server streams an upload to disk
        // and checks the token before it reads a byte of it (docs/security.md, "Imports").
        .form(
            .method("post"), .action(WebPaths.dataImport() + "?_csrf=" + session.csrfToken), .attr("enctype", "multipart/form-data"),
            .class("habit-form"), .aria("labelledby", "import-file-label")
        ) {
            Node.h2 { t("Import", context: "heading") }
            Node.div(.class("field")) {
                Node.label(.for("import-file"), .id("import-file-label")) { t("File to import") }
                Node.input(
                    .type("file"), .id("import-file"), .name("file"), .required,
                    .aria("describedby", "import-file-hint" + (model.error == nil ? "" : " import-error")))
                Node.p(.class("hint"), .id("import-file-hint")) {
                    t(
                        "A Tend JSON or CSV export, a Loop Habit Tracker backup (.db) or its CSV export (.zip), a Beaver Habit Tracker export, a HabitBull CSV export, harsh's habits or log file (or a ZIP of both), a Rewire or Tickmate database, at most {size}. Tend recognises the kind by its content. First you see what it would add; nothing changes until you confirm.",
                        ["size": model.sizeLimit])
                }
            }
            Node.div(.class("actions")) {
                Node.button(.type("submit"), .class("primary")) { t("Preview import") }
            }
        }
    }

    private static func previewSection(_ preview: DataPage.Preview, session: SessionInfo) -> Node {
        .div(.class("import-preview"), .aria("labelledby", "preview-title")) {
            Node.h2(.id("preview-title")) { t("Import “{file}”?", ["file": preview.filename]) }
            Node.p { t("A {format}. Importing it would add:", ["format": preview.format]) }
            Node.ul(.class("report")) {
                for line in preview.summary { Node.li { line } }
            }
            group(t("Already there"), preview.conflicts, open: true)
            group(t("Adjusted to fit Tend"), preview.adjustments)
            group(t("Not imported"), preview.skipped)
            if preview.changesNothing {
                Node.p(.class("notice saved"), .role("status")) {
                    t("Everything in this file is already in your account: importing it changes nothing.")
                }
            }
            Node.div(.class("actions")) {
                Node.form(.method("post"), .action(WebPaths.dataImportConfirm())) {
                    Layout.csrfField(session)
                    Node.input(.type("hidden"), .name("upload"), .value(preview.uploadID))
                    if !preview.nameClashes.isEmpty {
                        let names =
                            preview.nameClashes.prefix(5).map { "“\($0)”" }.joined(separator: ", ")
                            + (preview.nameClashes.count > 5 ? " …" : "")
                        Node.label(.class("choice"), .id("merge-names-choice")) {
                            Node.input(.type("checkbox"), .name("mergeNames"), .value("yes"), .id("merge-names"))
                            Node.span {
                                tPlural(
                                    "Merge into yours the habit with the name of one of yours ({names}): their check-ins join your history, instead of copies named “… (2)”.",
                                    "Merge into yours the {count} habits with the name of one of yours ({names}): their check-ins join your history, instead of copies named “… (2)”.",
                                    count: preview.nameClashes.count, ["names": names])
                            }
                        }
                    }
                    Node.button(.type("submit"), .class("primary")) { t("Import") }
                }
                Node.a(.class("button"), .href(WebPaths.data())) { t("Cancel") }
            }
        }
    }

    private static func group(_ title: String, _ lines: [String], open: Bool = false) -> Node? {
        guard !lines.isEmpty else { return nil }
        return .element(
            "details", [.class("report-group")] + (open ? [.open] : []),
            [
                .summary { "\(title) (\(lines.count))" },
                .ul(.class("report")) {
                    for line in lines.prefix(200) { Node.li { line } }
                    if lines.count > 200 { Node.li { tPlural("… and {count} more.", "… and {count} more.", count: lines.count - 200) } }
                },
            ])
    }
}
