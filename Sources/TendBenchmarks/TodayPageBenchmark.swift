import Foundation
import Glibc
import TendCore
import TendFixtures
import TendStore
import TendWeb

/// Issue 17's goal: the first Today page after a change, 50 habits × 10 years, read, modelled,
/// rendered and gzipped as the page route does on a cache miss, right after a check-in. Each
/// round checks in on one habit, then renders the page; the CPU of the render alone is counted
/// (the process's CPU time around it: the store's reader threads included). The same rounds run
/// with the window as before summaries (every entry the page's days depend on).
enum TodayPageBenchmark {
    static func cpuSeconds() -> Double {
        // The process's CPU time (every thread), in microseconds on Linux.
        Double(clock()) / Double(CLOCKS_PER_SEC)
    }

    static func run(_ mode: String, rounds: Int) async throws {
        let directory = try TemporaryDirectory()
        let store = try await StoreBenchmarks.makeStore(mode == "today-sqlite" ? "sqlite" : "postgres", directory: directory)
        let settings = UserSettings(timeZone: "Europe/Berlin", locale: "de_DE")
        let now = Date()
        let today = settings.today(now: now)
        let dataset = Dataset.generate(endingOn: today)
        let user = try await store.createUser(username: "today-\(UUID().uuidString.prefix(8))", settings: settings)
        var changes: [Change] = []
        for tracked in dataset {
            changes.append(.habitCreated(habit: tracked.habit))
            changes.append(.entriesImported(habit: tracked.id, entries: tracked.sortedEntries))
        }
        try await store.applyChanges(owner: user.id, changes)
        print("store: \(mode), 50 habits × 10 years, \(dataset.reduce(0) { $0 + $1.entries.count }) entries; \(rounds) rounds each")

        for summaries in [false, true, false, true] {
            // A first page builds the summaries (once; not counted).
            _ = try await TodayPageRendering.render(store: store, user: user, day: today, now: now, summaries: summaries)
            var cpu: [Double] = []
            var wall: [Double] = []
            var size = (plain: 0, gzipped: 0)
            let clock = ContinuousClock()
            for round in 0..<rounds {
                let habit = dataset[round % dataset.count].id
                _ = try await store.perform(owner: user.id, habit: habit, day: today, [.increment(1)], operation: nil)
                let cpuStart = cpuSeconds()
                let start = clock.now
                size = try await TodayPageRendering.render(store: store, user: user, day: today, now: now, summaries: summaries)
                wall.append(StoreBenchmarks.seconds(clock.now - start) * 1000)
                cpu.append((cpuSeconds() - cpuStart) * 1000)
            }
            cpu.sort()
            wall.sort()
            print(
                String(
                    format: "Today page after a check-in, %@: CPU median %.2f ms (p90 %.2f), wall median %.2f ms; %d bytes, %d gzipped",
                    summaries ? "summaries" : "entries only", cpu[cpu.count / 2], cpu[cpu.count * 9 / 10], wall[wall.count / 2],
                    size.plain, size.gzipped))
        }
    }
}
