import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendTestSupport
import Testing

@testable import TendCLI

@Suite("Views read recent history only, with the same results")
struct RecentHistoryTests {
    @Test("today, week and heatmap from recent entries equal the full-history results on 21 habits × 3 years of the benchmark dataset")
    func recentEqualsFull() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let end = Fixtures.day("2026-11-22")
        do {
            let store = try SQLiteStore(path: path, device: "test")
            let owner = try await store.createUser(username: Session.localUsername, settings: UserSettings(timeZone: "Europe/Berlin"))
            var changes: [Change] = []
            for tracked in Dataset.generate(habits: 21, years: 3, endingOn: end) {
                // Some habits created long after their first entry (an import), some recently.
                var habit = tracked.habit
                if habit.name.hasSuffix("3") { habit.createdOn = end.adding(days: -10) }
                changes.append(.habitCreated(habit: habit))
                changes.append(.entriesImported(habit: tracked.id, entries: tracked.sortedEntries))
            }
            try await store.applyChanges(owner: owner.id, changes)
        }
        let output = CapturedOutput()
        let context = CLIContext(
            environment: [:], stdoutIsTerminal: false, stdinIsTerminal: false,
            now: { Date(timeIntervalSince1970: 1_795_348_800) }, output: output)
        try await CLIContext.$current.withValue(context) {
            let options = try GlobalOptions.parse(["--database", path])
            let session = try await Session.open(options)
            let full = try await session.store.trackedHabits(owner: session.owner, includeArchived: false)
            let calendar = session.calendar
            let today = session.today
            for day in [today, today.previous, end.adding(days: -40), end.adding(days: -400), Fixtures.day("2020-02-29")] {
                let recent = try await session.recentTrackedHabits(from: day, through: day)
                let a = TodayPlan(habits: recent, day: day, today: today, current: .morning, calendar: calendar)
                let b = TodayPlan(habits: full, day: day, today: today, current: .morning, calendar: calendar)
                #expect(a == b, "today on \(day)")
                let from = day.adding(days: -199)
                let window = try await session.recentTrackedHabits(from: from, through: day)
                #expect(
                    DayScore.heatmap(window, endingOn: day, today: today, calendar: calendar)
                        == DayScore.heatmap(full, endingOn: day, today: today, calendar: calendar), "heatmap to \(day)")
            }
        }
    }
}
