import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendSQLite
import TendStore
import TendWords

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
            session.print(
                t(
                    "{habit} as of {date}",
                    ["habit": "\(one.habit.emoji) \(style.bold(style.paint(one.habit.name, one.habit.color)))", "date": day.iso]))
            let weekdays = calendar.orderedWeekdays.map { "\($0.code) \(s.weekdays[$0.code] ?? 0)" }
            let rows: [(label: String, value: String)] = [
                (t("strength", context: "habit statistic"), "\(style.bar(s.score)) \(Format.percent(s.score, percent))"),
                (
                    t("streak", context: "habit statistic"),
                    t("{days} (best {best})", ["days": Format.days(s.currentStreak), "best": "\(s.bestStreak)"])
                ),
                (
                    t("completion", context: "habit statistic"),
                    t(
                        "7 days {week}   30 days {month}   365 days {year}",
                        [
                            "week": Format.percent(s.completionRate7, percent), "month": Format.percent(s.completionRate30, percent),
                            "year": Format.percent(s.completionRate365, percent),
                        ])
                ),
                (
                    t("days met", context: "habit statistic"),
                    t(
                        "{met}   check-ins {checkIns}   skipped {skipped}",
                        ["met": "\(s.totalDaysMet)", "checkIns": "\(s.totalCheckIns)", "skipped": "\(s.skippedDays)"])
                ),
                (
                    t("total", context: "habit statistic"),
                    one.habit.type == .checkmark
                        ? session.amounts(s.totalValue) : Format.value(s.totalValue, of: one.habit, session.amounts)
                ),
                (t("by weekday", context: "habit statistic"), weekdays.joined(separator: "  ")),
            ]
            // The labels' column: 16 wide, or the widest label in the current language and two spaces.
            let width = max(16, (rows.map(\.label.displayWidth).max() ?? 0) + 2)
            for row in rows { session.print("  " + row.label.padded(to: width) + row.value) }
            return
        }
        guard !tracked.isEmpty else {
            session.print(t("No habits yet. Add one: tend add Read"))
            return
        }
        // The figures' headings in the current language; each column is as wide as its heading
        // (at least as wide as the English one, which its figures fit).
        let habitHeading = t("habit", context: "stats heading")
        let figures = [
            (t("strength", context: "stats heading"), 8), (t("streak", context: "stats heading"), 6),
            (t("best", context: "stats heading"), 4), (t("30 days", context: "stats heading"), 7),
        ].map { (text: $0.0, width: max($0.1, $0.0.displayWidth)) }
        // Names cut to fit the terminal: the other columns hold the emoji and the figures.
        let columns = session.context.columns
        let width = Terminal.nameColumn(
            longest: max(habitHeading.displayWidth, tracked.map(\.habit.name.displayWidth).max() ?? 0),
            other: 3 + figures.map { 2 + $0.width }.reduce(0, +), columns: columns, minimum: 4)
        session.print(
            (habitHeading.padded(to: width + 3) + figures.map { "  " + $0.text.padded(to: $0.width) }.joined()).trimmingTrailingSpaces())
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
                let name = row.0.habit.group.isEmpty ? t("No group") : GroupList.spelling(of: row.0.habit.group, among: groups)
                if name != previous { headings[index] = name }
                previous = name
            }
        }
        for (index, (one, s)) in rows.enumerated() {
            if let heading = headings[index] { session.print(style.bold(heading)) }
            let line =
                "\(one.habit.emoji.padded(to: 2)) \(Terminal.column(one.habit.name, width: width))  "
                + Format.percent(s.score, percent).padded(to: figures[0].width) + "  "
                + String(s.currentStreak).padded(to: figures[1].width) + "  " + String(s.bestStreak).padded(to: figures[2].width) + "  "
                + Format.percent(s.completionRate30, percent)
            for part in Terminal.wrapped(line, to: columns, indent: 3) { session.print(part) }
        }
    }
}
