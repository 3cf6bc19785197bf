import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend remove HABIT`.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete a habit and all its check-ins (asks first; `archive` keeps them).",
        discussion: HelpText.fitted(
            """
            On a terminal it asks for confirmation; elsewhere it needs --yes.

            Examples:
              tend remove Read
              tend remove Read --yes
            """),
        aliases: ["rm"]
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: HabitArgument
    @Flag(name: [.short, .long], help: "Do not ask.") var yes = false

    func run() async throws {
        let session = try await Session.open(options)
        let tracked = try await session.trackedHabit(reference.habit)
        let habit = tracked.habit
        let days = tracked.entries.count
        if !yes {
            guard session.context.stdinIsTerminal else {
                throw CLIError("not removing '\(habit.name)' without --yes (input is not a terminal)")
            }
            session.context.output.writeOut(
                "Remove \(habit.emoji) \(habit.name) and its \(days) recorded day\(days == 1 ? "" : "s")? This cannot be undone. [y/N] ")
            let answer = session.context.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                session.print("Kept \(habit.name).")
                return
            }
        }
        try await session.store.removeHabit(owner: session.owner, id: habit.id)
        if options.json { return try session.printJSON(["removed": habit.id.description]) }
        if options.quiet { return }
        session.print("Removed \(habit.name) (\(days) recorded day\(days == 1 ? "" : "s")).")
    }
}
