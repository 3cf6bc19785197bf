import Foundation
import TendCore
import TendFixtures
import Testing

/// Issue 17: a habit's summary (its settled statuses) with the entries after it gives exactly the
/// statuses the whole history gives, for any later today; writes cut it as the stores' triggers
/// do, and bringing it up to date again gives the summary rebuilt from scratch.
@Suite("HabitSummary: equal to the full recomputation")
struct HabitSummaryPropertyTests {
    static let base = Fixtures.day("2024-02-12")

    static func schedule(_ random: inout SeededGenerator) -> Schedule {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return .daily
        case 1: return .weekdays(Set(Weekday.allCases.filter { _ in Bool.random(using: &random) }).union([.monday]))
        case 2: return .daysOfMonth([1, 15, 31])
        case 3:
            return .everyNDays(
                interval: Int.random(in: 2...5, using: &random), start: base.adding(days: Int.random(in: -10...10, using: &random)))
        case 4: return .timesPerWeek(Int.random(in: 1...7, using: &random))
        case 5: return .timesPerMonth(Int.random(in: 1...31, using: &random))
        default:
            let days = Int.random(in: 2...80, using: &random)
            return .timesInDays(times: Int.random(in: 1...days, using: &random), days: days)
        }
    }

    static func habit(_ random: inout SeededGenerator) -> Habit {
        let kind: HabitKind = Bool.random(using: &random) ? .good : .bad
        return Habit(
            name: "H", kind: kind, type: .count, target: Amount(thousandths: 500 * Int64.random(in: 0...6, using: &random)),
            schedule: schedule(&random),
            createdOn: base.adding(days: Int.random(in: 0...60, using: &random)))
    }

    static func entry(on day: Day, _ random: inout SeededGenerator) -> Entry {
        Int.random(in: 0..<6, using: &random) == 0
            ? Entry(day: day, isSkipped: true) : Entry(day: day, value: Amount(thousandths: 250 * Int64.random(in: 0...16, using: &random)))
    }

    static func history(_ habit: Habit, _ random: inout SeededGenerator) -> TrackedHabit {
        var entries: [Entry] = []
        for offset in -40...200 where Int.random(in: 0..<3, using: &random) == 0 {
            entries.append(entry(on: base.adding(days: offset), &random))
        }
        return TrackedHabit(habit: habit, entries: entries)
    }

    static func calendar(_ random: inout SeededGenerator) -> TendCalendar {
        TendCalendar(
            timeZone: Fixtures.zone(["Pacific/Kiritimati", "America/St_Johns", "Europe/Berlin", "UTC"].randomElement(using: &random)!),
            locale: Locale(identifier: ["en_US", "de_DE", "ar_EG"].randomElement(using: &random)!),
            firstWeekday: Int.random(in: 1...7, using: &random))
    }

    /// What a store reads for `window`: the habit's entries from
    /// ``HistoryWindow/entriesFrom(for:summary:)`` through the window's last entry day.
    static func read(_ full: TrackedHabit, window: HistoryWindow, summary: HabitSummary) -> TrackedHabit {
        let first = window.entriesFrom(for: full.habit, summary: summary)
        let last = window.entryDays(for: [full.habit]).through
        return TrackedHabit(
            habit: full.habit, entries: full.entries.values.filter { $0.day >= first && $0.day <= last }, summary: summary)
    }

    @Test("statuses, skips and refreshed summaries of windowed reads equal the whole history's", arguments: 0..<8)
    func windowedReads(batch: Int) {
        for seed in 0..<60 {
            var random = SeededGenerator(seed: UInt64(batch * 1000 + seed))
            let full = Self.history(Self.habit(&random), &random)
            let calendar = Self.calendar(&random)
            let made = Self.base.adding(days: Int.random(in: -10...200, using: &random))
            let summary = HabitSummary(full, today: made, calendar: calendar)
            #expect(summary.start == full.startDay)
            #expect(summary.through <= full.settledThrough(today: made, calendar: calendar))

            // A reader's today may be before the day the summary was made (a zone moved west).
            let today = made.adding(days: Int.random(in: -3...90, using: &random))
            let from = today.adding(days: -Int.random(in: 0...260, using: &random))
            let through = today.adding(days: Int.random(in: -5...3, using: &random))
            let window = HistoryWindow(
                from: from, through: max(from, through), today: today, calendar: calendar,
                valuesFrom: Bool.random(using: &random) ? max(from, today.adding(days: -6)) : nil)
            let windowed = Self.read(full, window: window, summary: summary)

            let expected = full.statuses(from: window.from, through: window.through, today: today, calendar: calendar)
            let got = windowed.statuses(from: window.from, through: window.through, today: today, calendar: calendar)
            #expect(got == expected, "seed \(batch * 1000 + seed): \(full.habit.schedule), made \(made), today \(today)")
            #expect(windowed.startDay == full.startDay)
            #expect(
                windowed.hasSkippedDay(from: window.from, through: today, today: today, calendar: calendar)
                    == full.hasSkippedDay(from: window.from, through: today, today: today, calendar: calendar))
            if let valuesFrom = window.valuesFrom {
                for day in valuesFrom...window.through {
                    #expect(windowed.completionCount(on: day) == full.completionCount(on: day))
                }
            }

            if window.needsRefresh(full.habit, summary: summary), let refreshed = window.refreshed(windowed, stored: summary) {
                let rebuilt = HabitSummary(full, today: today, calendar: calendar)
                let common = min(refreshed.codes.count, rebuilt.codes.count)
                #expect(refreshed.start == rebuilt.start)
                #expect(refreshed.codes.count >= rebuilt.codes.count || refreshed.codes == summary.codes)
                #expect(Array(refreshed.codes.prefix(common)) == Array(rebuilt.codes.prefix(common)), "seed \(batch * 1000 + seed)")
            }
        }
    }

    /// The one-statement reads (PostgreSQL) read every habit's entries from
    /// ``HistoryWindow/entriesFromForCurrentSummaries`` before they know its summary, and a second
    /// statement only for habits that need earlier ones. That guess decides only how many round
    /// trips a read takes, never what it gives; this pins that it covers every habit whose summary
    /// is current and whose schedule is not "X in Y days", in any zone, week start and locale.
    @Test("a current summary never needs entries before the one-statement read's first day", arguments: 0..<4)
    func firstDayGuessCoversCurrentSummaries(batch: Int) {
        var covered = 0
        for seed in 0..<150 {
            var random = SeededGenerator(seed: UInt64(90_000 + batch * 1000 + seed))
            let full = Self.history(Self.habit(&random), &random)
            let calendar = TendCalendar(
                timeZone: Fixtures.zone(
                    [
                        "Pacific/Kiritimati", "America/St_Johns", "Europe/Berlin", "America/Santiago", "Australia/Lord_Howe",
                        "Asia/Kathmandu",
                    ]
                    .randomElement(using: &random)!),
                locale: Locale(identifier: ["en_US", "de_DE", "ar_EG", "fa_IR"].randomElement(using: &random)!),
                firstWeekday: Int.random(in: 1...7, using: &random))
            // Around the clock changes of 2024 (Berlin: 31 March, 27 October) and any other day.
            let today =
                Bool.random(using: &random)
                ? [Fixtures.day("2024-03-31"), Fixtures.day("2024-10-27"), Fixtures.day("2024-04-07")].randomElement(using: &random)!
                    .adding(days: Int.random(in: -2...2, using: &random))
                : Self.base.adding(days: Int.random(in: 60...220, using: &random))
            let made = today.adding(days: -Int.random(in: 0...(HistoryWindow.summaryLag + 3), using: &random))
            let summary = HabitSummary(full, today: made, calendar: calendar)
            let from = today.adding(days: -Int.random(in: 0...200, using: &random))
            let window = HistoryWindow(
                from: from, through: today, today: today, calendar: calendar,
                valuesFrom: Bool.random(using: &random) ? max(from, today.adding(days: -6)) : nil)
            guard let guess = window.entriesFromForCurrentSummaries else {
                Issue.record("a window with a calendar has a first day")
                continue
            }
            if case .timesInDays = full.habit.schedule { continue }
            guard summary.isUsable(for: full.habit, calendar: calendar), !window.needsRefresh(full.habit, summary: summary) else {
                continue
            }
            let needed = window.entriesFrom(for: full.habit, summary: summary)
            #expect(
                needed >= guess,
                "seed \(90_000 + batch * 1000 + seed): \(full.habit.schedule), today \(today), needs \(needed), guess \(guess)")
            covered += 1
        }
        // Most cases are current summaries of other schedules: the property was checked.
        #expect(covered > 60)
    }

    @Test("writes cut the summary as the stores do: what is left agrees, and brought up to date it is the rebuilt one", arguments: 0..<6)
    func writesAndRebuilds(batch: Int) {
        for seed in 0..<40 {
            var random = SeededGenerator(seed: UInt64(50_000 + batch * 1000 + seed))
            var full = Self.history(Self.habit(&random), &random)
            let calendar = Self.calendar(&random)
            let today = Self.base.adding(days: Int.random(in: 100...220, using: &random))
            var kept = full
            kept = TrackedHabit(
                habit: full.habit, entries: full.sortedEntries, summary: HabitSummary(full, today: today, calendar: calendar))
            for step in 0..<12 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    // A schedule or target edit: the summary no longer applies until rebuilt.
                    var habit = full.habit
                    if Bool.random(using: &random) { habit.schedule = Self.schedule(&random) } else { habit.target += 1 }
                    full.habit = habit
                    kept.habit = habit
                case 1:
                    // An import: many days at once, some before the history's start.
                    for _ in 0..<Int.random(in: 1...20, using: &random) {
                        let entry = Self.entry(on: Self.base.adding(days: Int.random(in: -60...220, using: &random)), &random)
                        full.replaceEntry(entry)
                        kept.replaceEntry(entry)
                    }
                case 2:
                    // A delete: the day's entry goes (the first one moves the start).
                    if let day = full.entries.keys.randomElement(using: &random) {
                        full.replaceEntry(Entry(day: day))
                        kept.replaceEntry(Entry(day: day))
                    }
                default:
                    // A check-in: mostly recent, sometimes back-dated by years.
                    let back =
                        Bool.random(using: &random) ? Int.random(in: 0...10, using: &random) : Int.random(in: 0...300, using: &random)
                    let entry = Self.entry(on: today.adding(days: -back), &random)
                    full.replaceEntry(entry)
                    kept.replaceEntry(entry)
                }
                let rebuilt = HabitSummary(full, today: today, calendar: calendar)
                if let cut = kept.summary, cut.isUsable(for: full.habit, calendar: calendar) {
                    #expect(cut.start == rebuilt.start, "seed \(seed) step \(step)")
                    #expect(cut.codes.count <= rebuilt.codes.count)
                    #expect(Array(rebuilt.codes.prefix(cut.codes.count)) == cut.codes, "seed \(seed) step \(step): \(full.habit.schedule)")
                }
                let window = HistoryWindow(from: today.adding(days: -300), through: today, today: today, calendar: calendar)
                #expect(
                    kept.statuses(from: window.from, through: today, today: today, calendar: calendar)
                        == full.statuses(from: window.from, through: today, today: today, calendar: calendar))
                if let refreshed = window.refreshed(kept, stored: kept.summary) {
                    #expect(refreshed == rebuilt, "seed \(seed) step \(step)")
                    kept = TrackedHabit(habit: full.habit, entries: full.sortedEntries, summary: refreshed)
                }
            }
        }
    }
}

@Suite("HabitSummary codes")
struct HabitSummaryCodeTests {
    @Test("Every status round-trips through its stored code, with and without the rest-day flag; the codes are fixed")
    func codes() {
        for status in DayStatus.allCases {
            #expect(HabitSummary.status(of: HabitSummary.code(status, skipped: false)) == status)
            #expect(HabitSummary.status(of: HabitSummary.code(status, skipped: true)) == status)
        }
        // Databases hold these bytes: a new status gets a new code, none changes.
        let fixed: [DayStatus] = [.notDue, .met, .skipped, .satisfied, .pending, .missed, .paused]
        #expect(fixed.map { HabitSummary.code($0, skipped: false) } == [0, 1, 2, 3, 4, 5, 6])
        #expect(Set(fixed) == Set(DayStatus.allCases))
        #expect(HabitSummary.code(.met, skipped: true) == 0x11)
        #expect(HabitSummary.status(of: 0x0F) == nil)
    }
}
