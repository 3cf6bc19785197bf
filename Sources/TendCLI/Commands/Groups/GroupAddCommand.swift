import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend groups add NAME`.
struct GroupAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a group at the end of the order, or set an existing group's emoji.",
        discussion: HelpText.fitted("Example:\n  tend groups add Health --emoji 💪"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The group's name.") var name: String
    @Option(help: "One emoji shown before the group's name.") var emoji: String?

    func run() async throws {
        let session = try await Session.open(options)
        let existing = try await session.store.groups(owner: session.owner)
        let spelled = GroupList.spelling(of: name, among: existing)
        let current = existing.first { $0.key == HabitGroup.key(spelled) }
        let group = try await session.store.saveGroup(
            owner: session.owner, HabitGroup(name: spelled, emoji: emoji ?? current?.emoji ?? ""))
        if options.json {
            return try session.printJSON(
                GroupJSON(group, habits: try await session.store.habits(owner: session.owner, includeArchived: true)))
        }
        if options.quiet { return }
        session.print(
            current == nil ? t("Added the group {group}.", ["group": group.name]) : t("Updated the group {group}.", ["group": group.name]))
    }
}
