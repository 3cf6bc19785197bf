import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend today`: what is due, grouped by routine time, with progress and the day score.
struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show the habits due today (or on --date), grouped by routine time, with the day score.",
        discussion: HelpText.fitted(
            """
            The current part of the day comes first (morning 05–11, day 11–18, evening 18–05).

            Examples:
              tend today
              tend today --date yesterday --json
              tend today --group Health
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var date: DateOption
    @OptionGroup var grid: GridOptions
    @OptionGroup var filter: HabitFilterOptions
    @Flag(name: .customLong("by-group"), help: "Sections by group (in the groups' order, then No group), each with its own score.")
    var byGroup = false

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(date.date)
        let habits = try await filter.apply(
            try await session.recentTrackedHabits(from: day, through: day), habit: \.habit, session: session)
        let current = RoutineTime.current(at: session.now, in: session.calendar)
        let routines = try await session.store.routines(owner: session.owner)
        let plan = TodayPlan(
            habits: habits, day: day, today: session.today, current: current, calendar: session.calendar, routines: routines)
        if options.json { return try session.printJSON(TodayJSON(plan)) }
        let style = Style(context: session.context, options: options, ascii: grid.ascii)
        let title = day == session.today ? t("Today, {date}", ["date": day.iso]) : "\(day.iso)"
        session.print(style.bold(title) + "  " + scoreText(plan.score, style: style, locale: session.user.settings.locale))
        if habits.isEmpty {
            session.print(t("No habits yet. Add one: tend add Read"))
            await Tips.showOne(session, habits: habits, routines: routines)
            return
        }
        if plan.groups.isEmpty {
            session.print(t("Nothing due."))
            printMeasurements(plan, style: style, session: session)
            printPaused(plan, style: style, session: session)
            return
        }
        // By group: a heading per group with its own score; the lines under it as below.
        let sections: [(heading: String, items: [TodayPlan.Item])]
        if byGroup {
            let groups = try await session.store.groups(owner: session.owner)
            sections = TodayGroupSection.sections(
                of: plan, groups: groups, habits: habits, today: session.today, calendar: session.calendar
            )
            .map { section in
                let name = section.group.map { ($0.emoji.isEmpty ? "" : $0.emoji + " ") + $0.name } ?? t("No group")
                return (name + "  " + scoreText(section.score, style: style, locale: session.user.settings.locale), section.items)
            }
        } else {
            sections = plan.groups.map { group in
                (
                    group.routine.map { "\($0.name) (\($0.start))" }
                        ?? (group.routineTime == current && day == session.today
                            ? t("{time} (now)", ["time": group.routineTime.title]) : group.routineTime.title),
                    group.items
                )
            }
        }
        let details = sections.map { $0.items.map { detail($0, style: style, amounts: session.amounts) } }
        // On a terminal, a long name is cut so a row fits (9 columns besides the name and its
        // details); what still does not fit goes on under the name, broken between words.
        let columns = session.context.columns
        let longest = plan.groups.flatMap(\.items).map(\.habit.name.displayWidth).max() ?? 0
        let width =
            columns == nil
            ? longest
            : Terminal.nameColumn(longest: longest, other: 9 + (details.joined().map(Terminal.width).max() ?? 0), columns: columns)
        for (section, details) in zip(sections, details) {
            session.print()
            session.print(style.bold(section.heading))
            for (item, detail) in zip(section.items, details) {
                let habit = item.habit
                let mark = style.mark(item.status, progress: item.progress)
                let name = style.paint(Terminal.column(habit.name, width: width), habit.color)
                let line = "  \(mark) \(habit.emoji.padded(to: 2)) \(name)  \(detail)".trimmingTrailingSpaces()
                for part in Terminal.wrapped(line, to: columns, indent: 7) { session.print(part) }
            }
        }
        printMeasurements(plan, style: style, session: session)
        printPaused(plan, style: style, session: session)
        await Tips.showOne(session, habits: habits, routines: routines)
    }

    /// The habits that are only measured: the day's value, or the latest one and its day.
    func printMeasurements(_ plan: TodayPlan, style: Style, session: Session) {
        guard !plan.measurements.isEmpty else { return }
        session.print()
        session.print(style.bold(t("Measurements")))
        for item in plan.measurements {
            let habit = item.habit
            let text: String
            if let value = item.value {
                text = Format.value(value, of: habit, session.amounts)
            } else if let last = item.lastValue, let day = item.lastDay {
                text = t("not yet (last {value} on {date})", ["value": Format.value(last, of: habit, session.amounts), "date": day.iso])
            } else {
                text = t("nothing recorded yet")
            }
            let line = "  \(habit.emoji.padded(to: 2)) \(style.paint(habit.name, habit.color))  \(text)"
            session.print(line.trimmingTrailingSpaces())
        }
    }

    /// The habits resting on the day, apart from the day's lists: "⏸ 🏃 Running  until 2026-12-20".
    func printPaused(_ plan: TodayPlan, style: Style, session: Session) {
        guard !plan.paused.isEmpty else { return }
        session.print()
        session.print(style.bold(t("Paused")))
        for item in plan.paused {
            let until =
                item.until.map { t("until {date}, due again {next}", ["date": $0.iso, "next": $0.next.iso]) } ?? t("until resumed")
            let line =
                "  \(style.mark(.paused, progress: 0)) \(item.habit.emoji.padded(to: 2)) \(style.paint(item.habit.name, item.habit.color))  \(until)"
            session.print(line.trimmingTrailingSpaces())
        }
    }

    /// What follows an item's name: its bar and value, "skipped", "done", a period's count.
    func detail(_ item: TodayPlan.Item, style: Style, amounts: AmountStyle) -> String {
        let habit = item.habit
        var detail: String
        if item.status == .skipped {
            detail = t("skipped")
        } else if item.status == .missed, habit.kind == .bad {
            // Over the limit: a failure for the whole day, shown as one (a full bar of blocks
            // would read as a goal reached).
            detail =
                habit.type == .checkmark
                ? style.failure(t("slipped"))
                : style.failedBar() + " " + Format.progress(item.value, of: habit, amounts) + "  " + style.failure(t("over limit"))
        } else if habit.type == .checkmark, habit.kind == .good {
            detail = item.value > 0 ? t("done") : ""
        } else {
            detail = style.bar(item.progress) + " " + Format.progress(item.value, of: habit, amounts)
        }
        if let period = item.period { detail += (detail.isEmpty ? "" : "  ") + period.text }
        return detail
    }

    func scoreText(_ score: Double?, style: Style, locale: String) -> String {
        guard let score else { return t("nothing due") }
        return t("score {ring} {percent}", ["ring": style.ring(score), "percent": Format.percent(score, PercentText(locale: locale))])
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}

extension TodayCommand {
    /// `tend` or `tend today` with only today's own options (`--database`, `--date`, `--json`,
    /// `--no-color`, `--quiet`, `--ascii`), each at most once, read without ArgumentParser; `nil`
    /// for any other line, which ArgumentParser then parses as usual (help, errors, everything
    /// else).
    ///
    /// `tend today` is what people run most, and ArgumentParser's parsing — a `Mirror` over every
    /// option group, and a conformance scan of the whole binary for each property wrapper type —
    /// is a noticeable part of its start-up. `QuickParseTests` checks this against ArgumentParser on
    /// every shape of line it accepts and refuses.
    static func quickParse(_ arguments: [String]) -> TodayCommand? {
        var rest = arguments[...]
        if rest.first == "today" { rest = rest.dropFirst() }
        var database: String?
        var date: String?
        var flags: Set<String> = []
        while let argument = rest.popFirst() {
            switch argument {
            case "--json", "--no-color", "--quiet", "--ascii":
                guard flags.insert(argument).inserted else { return nil }
            case "--database", "--date":
                guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                if argument == "--database" {
                    guard database == nil else { return nil }
                    database = value
                } else {
                    guard date == nil else { return nil }
                    date = value
                }
            default:
                if argument.hasPrefix("--database="), database == nil, argument.count > "--database=".count {
                    database = String(argument.dropFirst("--database=".count))
                } else if argument.hasPrefix("--date="), date == nil, argument.count > "--date=".count {
                    date = String(argument.dropFirst("--date=".count))
                } else {
                    return nil
                }
            }
        }
        // Every property set, so none is read in the "not parsed" state ArgumentParser traps on.
        var command = TodayCommand()
        command.options = GlobalOptions()
        command.options.database = database
        command.options.json = flags.contains("--json")
        command.options.noColor = flags.contains("--no-color")
        command.options.quiet = flags.contains("--quiet")
        command.date = DateOption()
        command.date.date = date
        command.grid = GridOptions()
        command.grid.ascii = flags.contains("--ascii")
        command.filter = HabitFilterOptions()
        command.filter.group = nil
        command.filter.tag = nil
        command.byGroup = false
        return command
    }
}
