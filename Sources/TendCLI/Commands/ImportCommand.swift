import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend import FILE`.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import habits and check-ins; the format is recognised by content (Tend JSON or CSV, Loop's .db backup, Loop's CSV zip).",
        discussion: """
            Importing merges: habits already there (same id or name) keep what you recorded. \
            An import that fails changes nothing.

            Examples:
              tend import "Loop Habits Backup.db" --dry-run
              tend import tend-export.json
            """
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The file to import.", valueName: "file")) var file: String
    @Flag(help: "Say what would change, change nothing.") var dryRun = false

    func run() async throws {
        let session = try await Session.open(options)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CLIError("cannot read \(file): \((error as NSError).localizedDescription)")
        }
        let importer = TendImporter(now: session.context.now)
        let report = try await importer.importData(
            data, filename: (file as NSString).lastPathComponent, into: session.store, owner: session.owner, dryRun: dryRun)
        if options.json { return try session.printJSON(ImportReportJSON(report)) }
        if options.quiet { return }
        session.print(report.description)
    }
}

/// An import report as `--json` shows it.
struct ImportReportJSON: Encodable {
    var format: String
    var dryRun: Bool
    var habitsAdded: [String]
    var habitsMerged: [String]
    var entriesAdded: Int
    var entriesUnchanged: Int
    var entriesKept: Int
    var entriesSkipped: Int
    var routinesAdded: [String]
    var routinesMerged: [String]
    var settingsApplied: Bool
    var adjustments: [String]
    var skipped: [String]
    var kept: [String]
    var changeCount: Int

    init(_ report: ImportReport) {
        format = report.format.rawValue
        dryRun = report.dryRun
        habitsAdded = report.habitsAdded
        habitsMerged = report.habitsMerged
        entriesAdded = report.entriesAdded
        entriesUnchanged = report.entriesUnchanged
        entriesKept = report.entriesKept
        entriesSkipped = report.entriesSkipped
        routinesAdded = report.routinesAdded
        routinesMerged = report.routinesMerged
        settingsApplied = report.settingsApplied
        adjustments = report.adjustments
        skipped = report.skipped
        kept = report.kept
        changeCount = report.changeCount
    }
}
