import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendSQLite
import TendStore

/// `tend stats [HABIT]`.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show strength (Loop's score), streaks, completion rates, totals and weekday frequency.",
        discussion: HelpText.fitted(
            """
            Without a habit: one line per active habit.

            Examples:
              tend stats
              tend stats Read --as-of 2025-03-31 --json
            """)
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("A habit (name or id); without it, every active habit.", valueName: "habit")) var habit: String?
    @Option(name: .customLong("as-of"), help: ArgumentHelp("The day the statistics are as of (default: today).", valueName: "day"))
    var asOf: String?
    @OptionGroup var filter: HabitFilterOptions
    @Flag(name: .customLong("by-group"), help: "Every habit's line under its group's heading, in the groups' order.")
    var byGroup = false

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(asOf)
        let calendar = session.calendar
        let tracked: [TrackedHabit]
        if let habit {
            tracked = [try await session.trackedHabit(habit)]
        } else {
            tracked = try await filter.apply(
                try await session.store.trackedHabits(owner: session.owner, includeArchived: false), habit: \.habit, session: session)
        }
        let stats = tracked.map { StatsJSON(habit: $0.habit, $0.statistics(asOf: day, calendar: calendar)) }
        if options.json {
            if habit != nil { return try session.printJSON(stats[0]) }
            return try session.printJSON(stats)
        }
        let style = session.style
        let percent = session.percent
        if habit != nil, let one = tracked.first, let s = stats.first {
            session.print("\(one.habit.emoji) \(style.bold(style.paint(one.habit.name, one.habit.color))) as of \(day.iso)")
            session.print("  strength        \(style.bar(s.score)) \(Format.percent(s.score, percent))")
            session.print("  streak          \(Format.days(s.currentStreak)) (best \(s.bestStreak))")
            session.print(
                "  completion      7 days \(Format.percent(s.completionRate7, percent))   30 days \(Format.percent(s.completionRate30, percent))   365 days \(Format.percent(s.completionRate365, percent))"
            )
            session.print("  days met        \(s.totalDaysMet)   check-ins \(s.totalCheckIns)   skipped \(s.skippedDays)")
            session.print(
                "  total           "
                    + (one.habit.type == .checkmark
                        ? session.amounts(s.totalValue) : Format.value(s.totalValue, of: one.habit, session.amounts)))
            let weekdays = calendar.orderedWeekdays.map { "\($0.code) \(s.weekdays[$0.code] ?? 0)" }
            session.print("  by weekday      " + weekdays.joined(separator: "  "))
            return
        }
        guard !tracked.isEmpty else {
            session.print("No habits yet. Add one: tend add Read")
            return
        }
        // Names cut to fit the terminal: 36 columns hold the emoji and the figures' headings.
        let columns = session.context.columns
        let width = Terminal.nameColumn(
            longest: max(5, tracked.map(\.habit.name.displayWidth).max() ?? 0), other: 36, columns: columns, minimum: 4)
        session.print("habit".padded(to: width + 3) + "  strength  streak  best  30 days")
        var rows = Array(zip(tracked, stats))
        var headings: [Int: String] = [:]
        if byGroup {
            // In the groups' order, then those in none; each group's habits in the manual order.
            let groups = try await session.store.groups(owner: session.owner)
            let rank = Dictionary(groups.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
            func position(_ habit: Habit) -> Int { habit.group.isEmpty ? groups.count : rank[HabitGroup.key(habit.group)] ?? groups.count }
            rows = rows.enumerated().sorted { (position($0.element.0.habit), $0.offset) < (position($1.element.0.habit), $1.offset) }.map(
                \.element)
            var previous: String?
            for (index, row) in rows.enumerated() {
                let name = row.0.habit.group.isEmpty ? "No group" : GroupList.spelling(of: row.0.habit.group, among: groups)
                if name != previous { headings[index] = name }
                previous = name
            }
        }
        for (index, (one, s)) in rows.enumerated() {
            if let heading = headings[index] { session.print(style.bold(heading)) }
            let line =
                "\(one.habit.emoji.padded(to: 2)) \(Terminal.column(one.habit.name, width: width))  "
                + Format.percent(s.score, percent).padded(to: 8) + "  " + String(s.currentStreak).padded(to: 6) + "  "
                + String(s.bestStreak).padded(to: 4) + "  " + Format.percent(s.completionRate30, percent)
            for part in Terminal.wrapped(line, to: columns, indent: 3) { session.print(part) }
        }
    }
}
