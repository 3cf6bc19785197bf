import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// `tend groups reorder NAME…`.
struct GroupReorderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reorder", abstract: "Put the groups named first, in that order; the others follow in theirs.",
        discussion: HelpText.fitted("Example:\n  tend groups reorder Work Health"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: "Group names in the order wanted.") var groups: [String]

    func run() async throws {
        let session = try await Session.open(options)
        guard !groups.isEmpty else { throw CLIError(t("name at least one group")) }
        try await session.store.reorderGroups(owner: session.owner, groups)
        let order = try await session.store.groups(owner: session.owner).map(\.name)
        if options.json { return try session.printJSON(order) }
        if options.quiet { return }
        session.print(t("Groups: {groups}.", ["groups": order.joined(separator: ", ")]))
    }
}
