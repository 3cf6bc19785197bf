import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// `tend archive HABIT`.
struct ArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Archive a habit: hidden from today and lists, history kept.",
        discussion: HelpText.fitted("Example:\n  tend archive Read")
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: HabitArgument

    func run() async throws {
        let session = try await Session.open(options)
        let habit = try await session.store.archiveHabit(owner: session.owner, id: try await session.habit(reference.habit).id, true)
        if options.json { return try session.printJSON(HabitJSON(habit)) }
        if options.quiet { return }
        session.print(t("Archived {habit}.", ["habit": habit.name]))
    }
}
