import ArgumentParser
import Foundation
import TendCore
import TendImport
import TendSQLite
import TendStore
import TendWords

/// `tend restore FILE`.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database's content with a backup's (verified first; asks, or --yes).",
        discussion: HelpText.fitted(
            """
            Everything recorded since the backup is lost. A backup that is damaged, not a Tend \
            database or from a newer Tend is refused and nothing changes.

            Example:
              tend restore ~/tend-2025-01-06.sqlite --yes
            """)
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The backup file.", valueName: "file")) var file: String
    @Flag(name: [.short, .long], help: "Do not ask.") var yes = false

    func run() async throws {
        let session = try await Session.open(options)
        try Self.refuseExport(file)
        try SQLiteStore.verifyBackup(path: file)
        if !yes {
            guard session.context.stdinIsTerminal else {
                throw CLIError(t("not restoring without --yes (input is not a terminal)"))
            }
            session.context.output.writeOut(
                t("Replace everything in this database with {file}? Changes since the backup are lost. [y/N] ", ["file": file]))
            let answer = session.context.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else { return session.print(t("Nothing restored.")) }
        }
        try session.store.restore(from: file)
        if options.json { return try session.printJSON(["restored": file]) }
        if options.quiet { return }
        session.print(t("Restored from {file}.", ["file": file]))
    }

    /// A file that is no SQLite database but one of the formats `tend import` reads (an export,
    /// another tracker's file) is refused by name, pointing to the command that takes it, rather
    /// than with SQLite's "file is not a database".
    static func refuseExport(_ path: String) throws {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped),
            !data.starts(with: Array("SQLite format 3\u{0}".utf8))
        else { return }
        if let format = TendImporter().detectFormat(data: data, filename: (path as NSString).lastPathComponent) {
            throw CLIError(
                t(
                    "{path} is a {format}, not a backup: `tend import {path}` brings its data in (restore takes a file of `tend backup`)",
                    ["path": path, "format": "\(format)"]))
        }
        throw CLIError(t("{path} is not a Tend backup (not an SQLite database); a backup is a file `tend backup` made", ["path": path]))
    }
}
