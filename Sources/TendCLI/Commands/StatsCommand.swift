import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendStore

/// `tend stats [HABIT]`.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show strength (Loop's score), streaks, completion rates, totals and weekday frequency.",
        discussion: """
            Without a habit: one line per active habit.

            Examples:
              tend stats
              tend stats Read --as-of 2025-03-31 --json
            """
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("A habit (name or id); without it, every active habit.", valueName: "habit")) var habit: String?
    @Option(name: .customLong("as-of"), help: ArgumentHelp("The day the statistics are as of (default: today).", valueName: "day"))
    var asOf: String?

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(asOf)
        let calendar = session.calendar
        let tracked: [TrackedHabit]
        if let habit {
            tracked = [try await session.trackedHabit(habit)]
        } else {
            tracked = try await session.store.trackedHabits(owner: session.owner, includeArchived: false)
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
                "  total           " + (one.habit.type == .checkmark ? "\(s.totalValue)" : Format.value(s.totalValue, of: one.habit)))
            let weekdays = calendar.orderedWeekdays.map { "\($0.code) \(s.weekdays[$0.code] ?? 0)" }
            session.print("  by weekday      " + weekdays.joined(separator: "  "))
            return
        }
        guard !tracked.isEmpty else {
            session.print("No habits yet. Add one: tend add Read")
            return
        }
        let width = max(5, tracked.map(\.habit.name.displayWidth).max() ?? 0)
        session.print("habit".padded(to: width + 3) + "  strength  streak  best  30 days")
        for (one, s) in zip(tracked, stats) {
            session.print(
                "\(one.habit.emoji.padded(to: 2)) \(one.habit.name.padded(to: width))  "
                    + Format.percent(s.score, percent).padded(to: 8) + "  " + String(s.currentStreak).padded(to: 6) + "  "
                    + String(s.bestStreak).padded(to: 4) + "  " + Format.percent(s.completionRate30, percent))
        }
    }
}
