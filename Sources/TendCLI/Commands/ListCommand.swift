import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend list`.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List habits in their order.",
        discussion: HelpText.fitted(
            """
            Examples:
              tend list
              tend list --all --json
              tend list --tag morning
              tend list --group Health
            """),
        aliases: ["ls"]
    )

    @OptionGroup var options: GlobalOptions
    @Flag(name: .shortAndLong, help: "Include archived habits.") var all = false
    @OptionGroup var filter: HabitFilterOptions

    func run() async throws {
        let session = try await Session.open(options)
        let habits = try await filter.apply(
            try await session.store.habits(owner: session.owner, includeArchived: all), habit: { $0 }, session: session)
        if options.json { return try session.printJSON(habits.map(HabitJSON.init)) }
        guard !habits.isEmpty else {
            if !filter.filter.isEmpty { return session.print(t("No habits match.")) }
            session.print(all ? t("No habits yet. Add one: tend add Read") : t("No active habits. Add one: tend add Read"))
            return
        }
        let style = session.style
        let today = session.today
        let details = habits.map { habit in
            let archived = habit.isArchived ? style.dim("  " + t("(archived)")) : ""
            let dates = style.dim(Format.dates(habit, today: today).map { "  (\($0))" } ?? "")
            let group = habit.group.isEmpty ? "" : ", " + habit.group
            let tags = habit.tags.isEmpty ? "" : style.dim("  " + habit.tags.map { "#" + $0 }.joined(separator: " "))
            return
                "\(Format.target(habit, session.amounts)), \(habit.schedule.description), \(habit.routineTime.rawValue)\(group)\(tags)\(dates)\(archived)"
        }
        // On a terminal, a long name is cut so the row fits (9 columns before and after the name);
        // what still does not fit goes on under the name, broken between words.
        let columns = session.context.columns
        let longest = habits.map(\.name.displayWidth).max() ?? 0
        let width =
            columns == nil
            ? longest : Terminal.nameColumn(longest: longest, other: 9 + (details.map(Terminal.width).max() ?? 0), columns: columns)
        for (index, habit) in habits.enumerated() {
            let name = style.paint(Terminal.column(habit.name, width: width), habit.color)
            let line = "\(String(index + 1).padded(to: 3)) \(habit.emoji.padded(to: 2)) \(name)  \(details[index])"
            for part in Terminal.wrapped(line, to: columns, indent: 7) { session.print(part) }
        }
    }
}
