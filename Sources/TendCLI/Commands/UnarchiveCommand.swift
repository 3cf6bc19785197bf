import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

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
        let habit = try await session.store.archiveHabit(owner: session.owner, id: try await session.habit(reference.habit).id, false)
        if options.json { return try session.printJSON(HabitJSON(habit)) }
        if options.quiet { return }
        session.print(t("Unarchived {habit}.", ["habit": habit.name]))
    }
}
