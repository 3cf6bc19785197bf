import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend today`: what is due, grouped by routine time, with progress and the day score.
struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show the habits due today (or on --date), grouped by routine time, with the day score.",
        discussion: """
            The current part of the day comes first (morning 05–11, day 11–18, evening 18–05).

            Examples:
              tend today
              tend today --date yesterday --json
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var date: DateOption
    @OptionGroup var grid: GridOptions

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(date.date)
        let habits = try await session.recentTrackedHabits(from: day, through: day)
        let current = RoutineTime.current(at: session.now, in: session.calendar)
        let plan = TodayPlan(habits: habits, day: day, today: session.today, current: current, calendar: session.calendar)
        if options.json { return try session.printJSON(TodayJSON(plan)) }
        let style = Style(context: session.context, options: options, ascii: grid.ascii)
        let title = day == session.today ? "Today, \(day.iso)" : "\(day.iso)"
        session.print(style.bold(title) + "  " + scoreText(plan.score, style: style))
        if habits.isEmpty {
            session.print("No habits yet. Add one: tend add Read")
            await Tips.showOne(session, habits: habits)
            return
        }
        if plan.groups.isEmpty {
            session.print("Nothing due.")
            return
        }
        let width = plan.groups.flatMap(\.items).map(\.habit.name.count).max() ?? 0
        for group in plan.groups {
            session.print()
            let heading = group.routineTime.rawValue.capitalized + (group.routineTime == current && day == session.today ? " (now)" : "")
            session.print(style.bold(heading))
            for item in group.items {
                let habit = item.habit
                let mark = style.mark(item.status, progress: item.progress)
                let name = style.paint(habit.name.padded(to: width), habit.color)
                var detail: String
                if item.status == .skipped {
                    detail = "skipped"
                } else if habit.type == .checkmark, habit.kind == .good {
                    detail = item.value > 0 ? "done" : ""
                } else {
                    detail = style.bar(item.progress) + " " + Format.progress(item.value, of: habit)
                }
                session.print("  \(mark) \(habit.emoji) \(name)  \(detail)".trimmingTrailingSpaces())
            }
        }
        await Tips.showOne(session, habits: habits)
    }

    func scoreText(_ score: Double?, style: Style) -> String {
        guard let score else { return "nothing due" }
        return "score \(style.ring(score)) \(Format.percent(score))"
    }
}

struct TodayJSON: Encodable {
    struct Item: Encodable {
        var id: String
        var name: String
        var emoji: String
        var status: String
        var value: Int
        var target: Int
        var unit: String
        var type: String
        var kind: String
        var progress: Double
    }
    struct Group: Encodable {
        var routineTime: String
        var habits: [Item]
    }
    var day: String
    var current: String
    var score: Double?
    var groups: [Group]

    init(_ plan: TodayPlan) {
        day = plan.day.iso
        current = plan.current.rawValue
        score = plan.score
        groups = plan.groups.map { group in
            Group(routineTime: group.routineTime.rawValue, habits: group.items.map { item in
                Item(id: item.habit.id.description, name: item.habit.name, emoji: item.habit.emoji, status: item.status.rawValue,
                     value: item.value, target: item.habit.target, unit: item.habit.unit, type: item.habit.type.rawValue,
                     kind: item.habit.kind.rawValue, progress: item.progress)
            })
        }
    }

    enum CodingKeys: String, CodingKey { case day, current, score, groups }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(day, forKey: .day)
        try c.encode(current, forKey: .current)
        try c.encode(score, forKey: .score)
        try c.encode(groups, forKey: .groups)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
