import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// `tend import FILE`.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import habits and check-ins; the format is recognised by content (Tend JSON or CSV, Loop's .db backup, Loop's CSV zip, HabitBull's CSV).",
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
