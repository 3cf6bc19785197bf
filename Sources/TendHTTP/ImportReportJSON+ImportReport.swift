import TendAPI
import TendImport
import TendStore

extension ImportReportJSON {
    /// The wire form of an import's report (TendAPI knows no store types, so the mapping lives
    /// here, where the API and `tend import --json` both reach it).
    package init(_ report: ImportReport) {
        self.init(
            format: report.format.rawValue, dryRun: report.dryRun, habitsAdded: report.habitsAdded,
            habitsMerged: report.habitsMerged, entriesAdded: report.entriesAdded, entriesUnchanged: report.entriesUnchanged,
            entriesKept: report.entriesKept, entriesSkipped: report.entriesSkipped, routinesAdded: report.routinesAdded,
            routinesMerged: report.routinesMerged, settingsApplied: report.settingsApplied, adjustments: report.adjustments,
            skipped: report.skipped, kept: report.kept, changeCount: report.changeCount, nameClashes: report.nameClashes)
    }
}
