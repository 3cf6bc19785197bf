import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

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
                throw CLIError(t("not removing '{habit}' without --yes (input is not a terminal)", ["habit": habit.name]))
            }
            session.context.output.writeOut(
                tPlural(
                    "Remove {emoji} {habit} and its {count} recorded day? This cannot be undone. [y/N] ",
                    "Remove {emoji} {habit} and its {count} recorded days? This cannot be undone. [y/N] ", count: days,
                    ["emoji": habit.emoji, "habit": habit.name]))
            let answer = session.context.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                session.print(t("Kept {habit}.", ["habit": habit.name]))
                return
            }
        }
        try await session.store.removeHabit(owner: session.owner, id: habit.id)
        if options.json { return try session.printJSON(["removed": habit.id.description]) }
        if options.quiet { return }
        session.print(
            tPlural(
                "Removed {habit} ({count} recorded day).", "Removed {habit} ({count} recorded days).", count: days, ["habit": habit.name]))
    }
}
