import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend summary [--week|--month|--year]`: every active habit's total over one period.
struct SummaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Show every habit's total over a week, a month or a year: days done, or what was recorded.",
        discussion: HelpText.fitted(
            """
            A checkmark's total is its days done; a count's is the sum of its values with its unit;
            a time's, the time. Each line also says how many of the period's due days so far were met.

            Examples:
              tend summary
              tend summary --week
              tend summary --year --date 2025 --json
            """)
    )

    enum Period: String, EnumerableFlag {
        case week, month, year

        var totals: TotalsPeriod { TotalsPeriod(rawValue: rawValue)! }

        static func help(for value: Period) -> ArgumentHelp? {
            switch value {
            case .week: "The calendar week (from your first weekday)."
            case .month: "The month (the default)."
            case .year: "The year."
            }
        }
    }

    @OptionGroup var options: GlobalOptions
    @Flag var period: Period = .month
    @OptionGroup var date: PeriodDateOption
    @OptionGroup var filter: HabitFilterOptions

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.periodDay(date.date, years: true)
        let calendar = session.calendar
        let today = session.today
        let tracked = try await filter.apply(
            try await session.store.trackedHabits(owner: session.owner, includeArchived: false), habit: \.habit, session: session)
        let start = period.totals.start(of: day, calendar: calendar)
        let end = period.totals.end(startingOn: start, calendar: calendar)
        // The period holding `day`, summed up to today (a past period whole), for the habits whose
        // history had begun by its end.
        let lines = tracked.compactMap { habit -> (TrackedHabit, PeriodTotal)? in
            guard habit.startDay <= end,
                let total = habit.totals(per: period.totals, count: 1, today: min(today, end), calendar: calendar).last
            else { return nil }
            return (habit, total)
        }
        if options.json {
            return try session.printJSON(
                lines.map { habit, total in
                    SummaryJSON(
                        habit: habit.id.description, name: habit.habit.name, period: period.rawValue, start: total.start.iso,
                        end: total.end.iso, value: total.value, daysMet: total.daysMet, daysDue: total.daysDue)
                })
        }
        session.print(
            end >= today && start <= today
                ? t("{start} – {end}, so far", ["start": start.iso, "end": end.iso]) : "\(start.iso) – \(end.iso)")
        if lines.isEmpty { return session.print(t("No habits yet.")) }
        let style = session.style
        let width = lines.map { $0.0.habit.name.count }.max() ?? 0
        for (habit, total) in lines {
            let amount =
                habit.habit.type == .checkmark ? Format.days(total.daysMet) : Format.value(total.value, of: habit.habit, session.amounts)
            let rate = total.daysDue == 0 ? nil : Double(total.daysMet) / Double(total.daysDue)
            let name = habit.habit.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let met = tPlural(
                "met {met} of {count} due day ({percent})", "met {met} of {count} due days ({percent})", count: total.daysDue,
                ["met": "\(total.daysMet)", "percent": Format.percent(rate, session.percent)])
            session.print("\(habit.habit.emoji) \(style.paint(name, habit.habit.color))  \(amount)  ·  \(met)")
        }
    }

}

/// One habit's line of `tend summary --json`.
struct SummaryJSON: Encodable {
    var habit: String
    var name: String
    var period: String
    var start: String
    var end: String
    /// The sum of the values recorded (check-ins, counts, seconds).
    var value: Amount
    var daysMet: Int
    var daysDue: Int
}
