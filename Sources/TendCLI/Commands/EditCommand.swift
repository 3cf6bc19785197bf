import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend edit HABIT`.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a habit's attributes.",
        discussion: HelpText.fitted(
            """
            Examples:
              tend edit Read --name Reading --schedule 3/week
              tend edit Water --target 10
              tend edit Run --group Health --tag outdoors --untag morning
              tend edit Run --no-group
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: HabitArgument
    @Option(help: "A new name.") var name: String?
    @OptionGroup var attributes: HabitAttributeOptions
    @OptionGroup var removals: HabitRemovalOptions

    func run() async throws {
        let session = try await Session.open(options)
        let old = try await session.habit(reference.habit)
        var habit = try attributes.applied(
            to: old, today: session.today, locale: session.locale, groups: try await session.store.groups(owner: session.owner),
            removing: removals.removals)
        if let name { habit.name = name.trimmingCharacters(in: .whitespaces) }
        try habit.validate()
        habit = try await session.store.editHabit(owner: session.owner, from: old, to: habit)
        if options.json { return try session.printJSON(HabitJSON(habit)) }
        if options.quiet { return }
        session.print(habit == old ? "\(habit.name): nothing to change." : "Updated \(habit.emoji) \(habit.name).")
    }
}
