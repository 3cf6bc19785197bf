import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend unarchive HABIT`.
struct UnarchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unarchive",
        abstract: "Bring an archived habit back.",
        discussion: HelpText.fitted("Example:\n  tend unarchive Read")
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: HabitArgument

    func run() async throws {
        let session = try await Session.open(options)
        var habit = try await session.habit(reference.habit)
        if habit.isArchived != false {
            habit = try await session.store.setArchived(owner: session.owner, habit: habit.id, false)
        }
        if options.json { return try session.printJSON(HabitJSON(habit)) }
        if options.quiet { return }
        session.print("Unarchived \(habit.name).")
    }
}
