import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend groups delete NAME`.
struct GroupDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a group; its habits and their history are kept, in no group.",
        discussion: HelpText.fitted("Example:\n  tend groups delete Work"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The group's name.") var group: String

    func run() async throws {
        let session = try await Session.open(options)
        let found = try await session.store.group(owner: session.owner, named: group)
        let members = try await session.store.habits(owner: session.owner, includeArchived: true).filter(found.contains)
        try await session.store.deleteGroup(owner: session.owner, named: found.name)
        if options.json { return try session.printJSON(["deleted": found.name]) }
        if options.quiet { return }
        session.print(
            tPlural(
                "Deleted the group {group}; its {count} habit(s) are kept, in no group.",
                "Deleted the group {group}; its {count} habit(s) are kept, in no group.", count: members.count, ["group": found.name]))
    }
}
