import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendImport
import TendStore
import TendWords

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
            let plan = tPlural(
                "{cadence} into {directory}, the newest {count} kept.", "{cadence} into {directory}, the newest {count} kept.",
                count: report.keep, ["cadence": report.cadence, "directory": report.directory])
            self.plan = plan.prefix(1).uppercased() + plan.dropFirst()
            if let at = report.lastSuccessAt, let path = report.lastSuccessPath {
                latest = t(
                    "Latest: {date} ({size}), {file}.",
                    [
                        "date": formatter.string(from: at), "size": Problem.bytes(report.lastSuccessBytes),
                        "file": (path as NSString).lastPathComponent,
                    ])
            } else {
                latest = t("No backup has been taken since the server started.")
            }
            if let error = report.latestError, let at = report.latestAt {
                failure = t(
                    "The backup of {date} failed: {error}. It is tried again soon.", ["date": formatter.string(from: at), "error": error])
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
                ? t("Imported: nothing was new, so nothing changed.")
                : t(
                    "Imported {habits} and {entries}.",
                    [
                        "habits": tPlural("{count} new habit", "{count} new habits", count: habits, ["count": DataPage.number(habits)]),
                        "entries": tPlural("{count} entry", "{count} entries", count: entries, ["count": DataPage.number(entries)]),
                    ])
        }
    }

    /// The export formats (`/settings/data/export?format=`), and the backup named by `today`.
    init(sizeLimit: Int, today: Day) {
        self.sizeLimit = Problem.bytes(sizeLimit)
        exports = [
            Download(
                title: "Tend JSON", detail: t("Everything, without loss: habits, entries and notes, reminders, routines, settings."),
                href: WebPaths.dataExport() + "?format=json"),
            Download(
                title: "CSV", detail: t("Habits and entries in one file, for spreadsheets."), href: WebPaths.dataExport() + "?format=csv"),
            Download(
                title: "Loop Habit Tracker CSV (ZIP)", detail: t("For Loop Habit Tracker and tools that read its export."),
                href: WebPaths.dataExport() + "?format=loop-csv"),
        ]
        backup = Download(
            title: t("Download a backup"), detail: "tend-backup-\(today.iso).json",
            href: WebPaths.dataBackup())
    }

    /// The preview of `report` (a dry run) of the file `filename`, staged as `uploadID`.
    static func preview(_ report: ImportReport, filename: String?, uploadID: String) -> Preview {
        var summary: [String] = []
        let habitsAdded = report.habitsAdded.count
        summary.append(
            report.habitsAdded.isEmpty
                ? tPlural("{count} new habit.", "{count} new habits.", count: habitsAdded, ["count": number(habitsAdded)])
                : tPlural(
                    "{count} new habit: {names}.", "{count} new habits: {names}.", count: habitsAdded,
                    ["count": number(habitsAdded), "names": names(report.habitsAdded)]))
        summary.append(
            tPlural("{count} new entry.", "{count} new entries.", count: report.entriesAdded, ["count": number(report.entriesAdded)]))
        if !report.routinesAdded.isEmpty {
            let count = report.routinesAdded.count
            summary.append(
                tPlural(
                    "{count} new routine: {names}.", "{count} new routines: {names}.", count: count,
                    ["count": number(count), "names": names(report.routinesAdded)]))
        }
        if report.settingsApplied { summary.append(t("Your settings (time zone, day start, week start) are taken from the file.")) }
        if report.tipsApplied > 0 {
            summary.append(
                tPlural(
                    "{count} tip marked as seen.", "{count} tips marked as seen.", count: report.tipsApplied,
                    ["count": number(report.tipsApplied)]))
        }
        var conflicts: [String] = []
        if !report.habitsMerged.isEmpty {
            let count = report.habitsMerged.count
            conflicts.append(
                tPlural(
                    "{count} habit you already have (kept as you have them): {names}.",
                    "{count} habits you already have (kept as you have them): {names}.", count: count,
                    ["count": number(count), "names": names(report.habitsMerged)]))
        }
        if !report.routinesMerged.isEmpty {
            let count = report.routinesMerged.count
            conflicts.append(
                tPlural(
                    "{count} routine you already have: {names}.", "{count} routines you already have: {names}.", count: count,
                    ["count": number(count), "names": names(report.routinesMerged)]))
        }
        if report.entriesUnchanged > 0 {
            conflicts.append(
                tPlural(
                    "{count} entry you already have with the same value.", "{count} entries you already have with the same value.",
                    count: report.entriesUnchanged, ["count": number(report.entriesUnchanged)]))
        }
        if report.entriesKept > 0 {
            conflicts.append(
                tPlural(
                    "{count} day where you recorded something else: your value is kept.",
                    "{count} days where you recorded something else: your value is kept.", count: report.entriesKept,
                    ["count": number(report.entriesKept)]))
        }
        conflicts += report.kept
        var skipped = report.skipped
        if report.entriesSkipped > 0, skipped.isEmpty {
            // "1 entry … are": the English as it has always been.
            skipped.append(
                tPlural(
                    "{count} entry of the file are not imported.", "{count} entries of the file are not imported.",
                    count: report.entriesSkipped, ["count": number(report.entriesSkipped)]))
        }
        return Preview(
            uploadID: uploadID, filename: filename ?? t("the file"), format: report.format.description, summary: summary,
            conflicts: conflicts, adjustments: report.adjustments, skipped: skipped, changesNothing: report.changesNothing,
            nameClashes: report.nameClashes)
    }

    /// The names after "3 new habits: ": "Read, Run, Stretch" (at most 10, then "and N more").
    static func names(_ names: [String]) -> String {
        let shown = names.prefix(10).joined(separator: ", ")
        guard names.count > 10 else { return shown }
        return tPlural("{names} and {count} more", "{names} and {count} more", count: names.count - 10, ["names": shown])
    }

    /// A count as the preview writes it: grouped ("1,234") in English, as Tend always has, else as the language writes it.
    static func number(_ n: Int) -> String {
        Words.current.language == .english
            ? n.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) : Words.current.number(n)
    }
}
