import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendImport
import TendStore

/// `/settings/data`: import a file (first a preview of what it would change, then a
/// confirmation), export downloads and a backup download. Pure: built from the size limit, the
/// user's today and, when there is one, the import's report.
struct DataPage: Sendable, Hashable {
    /// The largest file the import form accepts, in words ("256 MiB").
    var sizeLimit: String
    var exports: [Download]
    var backup: Download
    /// A refused upload or confirmation, in a sentence (the page answers 422).
    var error: String?
    /// The dry run of an uploaded file, with the form that confirms it.
    var preview: Preview?
    /// After a confirmed import (the 303's query): what it added.
    var done: Done?
    /// The server's scheduled backups, shown to its owner only (they hold every account).
    var serverBackups: ServerBackups?

    struct ServerBackups: Sendable, Hashable {
        /// "Every day into /var/backups/tend, the newest 14 kept."
        var plan: String
        /// "Latest: 2026-11-26 07:00 (1.2 MiB), tend-backup-….sqlite", or that none has been taken yet.
        var latest: String
        /// The latest attempt's error, when it failed.
        var failure: String?

        init(_ report: ServerBackupReport, timeZone: TimeZone) {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            plan =
                "\(report.cadence.prefix(1).uppercased() + report.cadence.dropFirst()) into \(report.directory), the newest \(report.keep) kept."
            if let at = report.lastSuccessAt, let path = report.lastSuccessPath {
                latest =
                    "Latest: \(formatter.string(from: at)) (\(Problem.bytes(report.lastSuccessBytes))), \((path as NSString).lastPathComponent)."
            } else {
                latest = "No backup has been taken since the server started."
            }
            if let error = report.latestError, let at = report.latestAt {
                failure = "The backup of \(formatter.string(from: at)) failed: \(error). It is tried again soon."
            }
        }
    }

    struct Download: Sendable, Hashable {
        var title: String
        var detail: String
        var href: String
    }

    struct Preview: Sendable, Hashable {
        var uploadID: String
        var filename: String
        var format: String
        /// One sentence per kind of change: "3 new habits: Read, Run, Stretch".
        var summary: [String]
        /// Where the file and the account disagree and what wins ("conflicts").
        var conflicts: [String]
        var adjustments: [String]
        var skipped: [String]
        var changesNothing: Bool
        /// Your habits whose names habits of the file have (same kind and type): the confirm form
        /// offers to merge those into yours instead of adding copies.
        var nameClashes: [String] = []
    }

    struct Done: Sendable, Hashable {
        var habits: Int
        var entries: Int

        var sentence: String {
            habits == 0 && entries == 0
                ? "Imported: nothing was new, so nothing changed."
                : "Imported \(DataPage.count(habits, "new habit")) and \(DataPage.count(entries, "entry", "entries"))."
        }
    }

    /// The export formats (`/settings/data/export?format=`), and the backup named by `today`.
    init(sizeLimit: Int, today: Day) {
        self.sizeLimit = Problem.bytes(sizeLimit)
        exports = [
            Download(
                title: "Tend JSON", detail: "Everything, without loss: habits, entries and notes, reminders, routines, settings.",
                href: WebPaths.dataExport() + "?format=json"),
            Download(
                title: "CSV", detail: "Habits and entries in one file, for spreadsheets.", href: WebPaths.dataExport() + "?format=csv"),
            Download(
                title: "Loop Habit Tracker CSV (ZIP)", detail: "For Loop Habit Tracker and tools that read its export.",
                href: WebPaths.dataExport() + "?format=loop-csv"),
        ]
        backup = Download(
            title: "Download a backup", detail: "tend-backup-\(today.iso).json",
            href: WebPaths.dataBackup())
    }

    /// The preview of `report` (a dry run) of the file `filename`, staged as `uploadID`.
    static func preview(_ report: ImportReport, filename: String?, uploadID: String) -> Preview {
        var summary: [String] = []
        summary.append(listing(report.habitsAdded, count(report.habitsAdded.count, "new habit")))
        summary.append(count(report.entriesAdded, "new entry", "new entries") + ".")
        if !report.routinesAdded.isEmpty { summary.append(listing(report.routinesAdded, count(report.routinesAdded.count, "new routine"))) }
        if report.settingsApplied { summary.append("Your settings (time zone, day start, week start) are taken from the file.") }
        if report.tipsApplied > 0 { summary.append("\(count(report.tipsApplied, "tip")) marked as seen.") }
        var conflicts: [String] = []
        if !report.habitsMerged.isEmpty {
            conflicts.append(
                listing(report.habitsMerged, count(report.habitsMerged.count, "habit") + " you already have (kept as you have them)"))
        }
        if !report.routinesMerged.isEmpty {
            conflicts.append(listing(report.routinesMerged, count(report.routinesMerged.count, "routine") + " you already have"))
        }
        if report.entriesUnchanged > 0 {
            conflicts.append("\(count(report.entriesUnchanged, "entry", "entries")) you already have with the same value.")
        }
        if report.entriesKept > 0 {
            conflicts.append("\(count(report.entriesKept, "day")) where you recorded something else: your value is kept.")
        }
        conflicts += report.kept
        var skipped = report.skipped
        if report.entriesSkipped > 0, skipped.isEmpty {
            skipped.append("\(count(report.entriesSkipped, "entry", "entries")) of the file are not imported.")
        }
        return Preview(
            uploadID: uploadID, filename: filename ?? "the file", format: report.format.description, summary: summary,
            conflicts: conflicts, adjustments: report.adjustments, skipped: skipped, changesNothing: report.changesNothing,
            nameClashes: report.nameClashes)
    }

    /// "3 new habits: Read, Run, Stretch." (at most 10 names, then "and N more").
    static func listing(_ names: [String], _ head: String) -> String {
        guard !names.isEmpty else { return head + "." }
        let shown = names.prefix(10).joined(separator: ", ")
        return head + ": " + shown + (names.count > 10 ? " and \(names.count - 10) more." : ".")
    }

    static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) \(n == 1 ? one : many ?? one + "s")"
    }
}
