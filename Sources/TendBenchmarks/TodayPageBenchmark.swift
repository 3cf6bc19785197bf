import Foundation
import TendCore
import TendFixtures
import TendStore
import TendWeb

/// The first Today page after a change, 50 habits × 10 years, read, modelled,
/// rendered and gzipped as the page route does on a cache miss, right after a check-in. Each
/// round checks in on one habit, then renders the page; the CPU of the render alone is counted
/// (the process's CPU time around each step: the store's reader threads included). The same
/// rounds also run without summaries or kept fragments: every entry the page's days depend on,
/// every card rendered.
enum TodayPageBenchmark {
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
        print("| variant | CPU per page, median (p90) | read | model | view | gzip | bytes (gzipped) |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")

        // TEND_BENCH_ONLY=summaries, =held or =cold runs only that variant (for a profile).
        let only = ProcessInfo.processInfo.environment["TEND_BENCH_ONLY"]
        // Four variants: without summaries, summaries with kept fragments, those with held habits,
        // and cold: summaries with empty caches for each page (a hosted instance's page for an owner
        // whose habits and cards its bounded caches no longer hold).
        let variants: [(summaries: Bool, held: Bool, cold: Bool)] =
            switch only {
            case "summaries": [(true, false, false)]
            case "held": [(true, true, false)]
            case "cold": [(true, true, true)]
            default:
                [
                    (false, false, false), (true, false, false), (true, true, false), (true, true, true),
                    (false, false, false), (true, false, false), (true, true, false), (true, true, true),
                ]
            }
        for (summaries, held, cold) in variants {
            var fragments = summaries ? TodayPageRendering.Fragments(held: held) : nil
            // A first page builds the summaries and fragments (once; not counted).
            _ = try await TodayPageRendering.render(
                store: store, user: user, day: today, now: now, summaries: summaries, fragments: fragments)
            var costs: [TodayPageRendering.Cost] = []
            for round in 0..<rounds {
                let habit = dataset[round % dataset.count].id
                _ = try await store.perform(owner: user.id, habit: habit, day: today, [.increment(1)], operation: nil)
                // The write's own aftermath (SQLite's checkpoint beside the writer) is not the page's.
                try await Task.sleep(for: .milliseconds(15))
                if cold { fragments = TodayPageRendering.Fragments(held: true) }
                costs.append(
                    try await TodayPageRendering.render(
                        store: store, user: user, day: today, now: now, summaries: summaries, fragments: fragments))
            }
            func median(_ step: (TodayPageRendering.Cost) -> Double) -> Double {
                let sorted = costs.map(step).sorted()
                return sorted[sorted.count / 2]
            }
            let totals = costs.map(\.total).sorted()
            print(
                String(
                    format: "| %@ | %.2f ms (%.2f) | %.2f | %.2f | %.2f | %.2f | %d (%d) |",
                    cold
                        ? "cold: summaries, empty caches"
                        : held ? "held habits, kept fragments" : summaries ? "summaries, kept fragments" : "before: entries, all rendered",
                    totals[totals.count / 2],
                    totals[totals.count * 9 / 10], median(\.read), median(\.model), median(\.view), median(\.gzip),
                    costs.last!.plainBytes, costs.last!.gzippedBytes))
        }
    }
}
