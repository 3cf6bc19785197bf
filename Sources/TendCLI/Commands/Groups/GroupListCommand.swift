import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend groups list`.
struct GroupListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List groups in their order with their habits.",
        discussion: HelpText.fitted("Example:\n  tend groups list --json"))

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let session = try await Session.open(options)
        let groups = try await session.store.groups(owner: session.owner)
        let habits = try await session.store.habits(owner: session.owner, includeArchived: true)
        let listed = groups.map { GroupJSON($0, habits: habits) }
        if options.json { return try session.printJSON(listed) }
        guard !groups.isEmpty else { return session.print(t("No groups yet. Put a habit in one: tend edit Read --group Mind")) }
        for group in listed {
            let title = (group.emoji.isEmpty ? "" : group.emoji + " ") + session.style.bold(group.name)
            session.print(title + (group.habits.isEmpty ? "  " + t("(no habits)") : ": " + group.habits.joined(separator: ", ")))
        }
        let ungrouped = habits.filter(\.group.isEmpty).map(\.name)
        if !ungrouped.isEmpty { session.print(session.style.dim(t("No group: {habits}", ["habits": ungrouped.joined(separator: ", ")]))) }
    }
}
