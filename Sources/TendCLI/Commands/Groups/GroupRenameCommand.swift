import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// `tend groups rename OLD NEW`.
struct GroupRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a group; its habits stay in it.",
        discussion: HelpText.fitted("Example:\n  tend groups rename Health Body"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The group's name now.") var group: String
    @Argument(help: "Its new name.") var name: String

    func run() async throws {
        let session = try await Session.open(options)
        try await session.store.renameGroup(owner: session.owner, from: group, to: name)
        if options.json { return try session.printJSON(["renamed": name.trimmingCharacters(in: .whitespacesAndNewlines)]) }
        if options.quiet { return }
        session.print(t("Renamed {old} to {new}.", ["old": group, "new": name.trimmingCharacters(in: .whitespacesAndNewlines)]))
    }
}
