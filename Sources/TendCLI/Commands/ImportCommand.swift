import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendImport
import TendStore
import TendWords

/// `tend import FILE`.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import habits and check-ins; the format is recognised by content (Tend JSON or CSV, Loop's .db backup, Loop's CSV zip, Beaver's JSON, HabitBull's CSV, harsh's files or folder, Rewire's or Tickmate's database).",
        discussion: HelpText.fitted(
            """
            Importing merges: a habit already there (the same id: Tend's own exports, Loop's \
            backups) keeps what you recorded and gains the days you had nothing on. A habit that \
            only has the name of one of yours is added as "Name (2)", unless --merge-names puts its \
            check-ins into yours (same kind and type). An import that fails changes nothing.

            Examples:
              tend import "Loop Habits Backup.db" --dry-run
              tend import tend-export.json
            """)
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The file to import (or harsh's folder, holding its habits and log files).", valueName: "file"))
    var file: String
    @Flag(help: "Say what would change, change nothing.") var dryRun = false
    @Flag(help: "A habit with the name of one of yours (same kind and type) joins it instead of being added as a copy.")
    var mergeNames = false

    func run() async throws {
        let session = try await Session.open(options)
        let data = try Self.contents(of: file)
        let importer = TendImporter(now: session.context.now)
        // The report's notes (adjustments, what was skipped or kept) are words, made as the import
        // goes: with --json, which never changes with the language, they are made in English.
        let report = try await Words.$current.withValue(options.json ? .english : Words.current) {
            try await importer.importData(
                data, filename: (file as NSString).lastPathComponent, into: session.store, owner: session.owner, dryRun: dryRun,
                mergeNames: mergeNames)
        }
        if options.json { return try session.printJSON(ImportReportJSON(report)) }
        if options.quiet { return }
        session.print(report.description)
    }

    /// The file's bytes; for a folder, harsh's `habits` and `log` files in it, one after the other
    /// (harsh's reader tells their lines apart).
    static func contents(of path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        let files = FileManager.default
        do {
            guard files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return try Data(contentsOf: URL(fileURLWithPath: path))
            }
            let parts = ["habits", "log"].map { (path as NSString).appendingPathComponent($0) }.filter { files.fileExists(atPath: $0) }
            guard !parts.isEmpty else {
                throw CLIError(t("{path} is a folder without harsh's habits and log files; name a file to import", ["path": path]))
            }
            var data = Data()
            for part in parts { data += try Data(contentsOf: URL(fileURLWithPath: part)) + Data("\n".utf8) }
            return data
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError(t("cannot read {path}: {error}", ["path": path, "error": (error as NSError).localizedDescription]))
        }
    }
}
