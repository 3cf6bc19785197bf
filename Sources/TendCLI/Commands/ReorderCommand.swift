import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend reorder HABIT...`.
struct ReorderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reorder",
        abstract: "Put habits first, in the order given (or move one habit to a position with --to).",
        discussion: HelpText.fitted(
            """
            Examples:
              tend reorder Meditate Read Water
              tend reorder Water --to 1
            """)
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("Habits (names or ids) in their new order.", valueName: "habit"))
    var habits: [String]
    @Option(help: "Move the one habit given to this position (1 = first).") var to: Int?

    func validate() throws {
        if habits.isEmpty { throw ValidationError(t("name at least one habit")) }
        if to != nil, habits.count != 1 { throw ValidationError(t("--to moves exactly one habit")) }
        if let to, to < 1 { throw ValidationError(t("--to is a position from 1")) }
    }

    func run() async throws {
        let session = try await Session.open(options)
        let all = try await session.store.habits(owner: session.owner, includeArchived: true)
        let chosen = try habits.map { try HabitLookup.find($0, in: all) }
        var seen = Set<Habit.ID>()
        for habit in chosen where !seen.insert(habit.id).inserted {
            throw CLIError(t("'{habit}' is named twice", ["habit": habit.name]))
        }
        var order: [Habit.ID]
        if let to {
            order = all.map(\.id).filter { $0 != chosen[0].id }
            order.insert(chosen[0].id, at: min(to - 1, order.count))
        } else {
            order = chosen.map(\.id) + all.map(\.id).filter { !seen.contains($0) }
        }
        try await session.store.reorderHabits(owner: session.owner, order)
        let habits = try await session.store.habits(owner: session.owner, includeArchived: true)
        if options.json { return try session.printJSON(habits.map(HabitJSON.init)) }
        if options.quiet { return }
        session.print(habits.enumerated().map { "\($0.offset + 1). \($0.element.name)" }.joined(separator: "\n"))
    }
}
