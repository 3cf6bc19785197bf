import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend backup FILE`.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the whole database to a new file (safe while other programs use it).",
        discussion: HelpText.fitted("Example:\n  tend backup ~/tend-2025-01-06.sqlite")
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The new file.", valueName: "file")) var file: String

    func run() async throws {
        let session = try await Session.open(options)
        try session.store.backup(to: file)
        if options.json { return try session.printJSON(["backup": file]) }
        if options.quiet { return }
        session.print(t("Backed up to {file}.", ["file": file]))
    }
}
