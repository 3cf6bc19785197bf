import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// `tend add NAME`.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a habit (with no options: a daily checkmark).",
        discussion: HelpText.fitted(
            """
            Examples:
              tend add Read
              tend add Water --emoji 💧 --type count --target 8 --unit glasses
              tend add Meditate --type duration --target 10m --routine-time morning --schedule mon,wed,fri
              tend add Smoking --kind bad
              tend add Run --group Health --tag morning --tag outdoors
            """)
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The habit's name (unique, any case).") var name: String
    @OptionGroup var attributes: HabitAttributeOptions

    func run() async throws {
        let session = try await Session.open(options)
        let today = session.today
        let draft = Habit(name: name.trimmingCharacters(in: .whitespaces), createdOn: today)
        let groups = try await session.store.groups(owner: session.owner)
        let habit = try await session.store.addHabit(
            owner: session.owner, try attributes.applied(to: draft, today: today, locale: session.locale, groups: groups), today: today)
        if options.json { return try session.printJSON(HabitJSON(habit)) }
        if options.quiet { return }
        session.print(
            t(
                "Added {emoji} {habit}: {target}, {schedule}, {time}.",
                [
                    "emoji": habit.emoji, "habit": habit.name, "target": Format.target(habit, session.amounts),
                    "schedule": habit.schedule.description, "time": habit.routineTime.rawValue,
                ]))
    }
}
