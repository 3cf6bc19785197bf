import Foundation
import TendCore
import TendFixtures

// Release-mode benchmarks. Run with:
//   swift run -c release TendBenchmarks core [iterations]       the domain engine
//   swift run -c release TendBenchmarks sqlite                  the SQLite store (a temporary file)
//   scripts/with-postgres swift run -c release TendBenchmarks postgres   (uses TEND_TEST_POSTGRES_URL)
//   swift run -c release TendBenchmarks reminders-sqlite [users]   10,000 users × 3 reminders due in
//   scripts/with-postgres swift run -c release TendBenchmarks reminders-postgres [users]   one minute
//   swift run -c release TendBenchmarks today-sqlite [rounds]      the first Today page after a check-in
//   scripts/with-postgres swift run -c release TendBenchmarks today-postgres [rounds]   the same on PostgreSQL
//   swift run -c release TendBenchmarks cli-database PATH   writes the 50 × 10 years dataset for
//                                                          the local user of `tend` (scripts/bench-cli)
//   swift run -c release TendBenchmarks cli-history PATH    the same, one operation per check-in,
//                                                          as a first sync pushes it (scripts/bench-sync)
//   swift run -c release TendBenchmarks server-dataset DIR [YEARS]  writes DIR/history.json (the 50
//                                                          habits × YEARS (10) years dataset) and
//                                                          DIR/habits.json (the same habits, no
//                                                          entries) to import through the API
//                                                          (scripts/bench-server, scripts/load-hosted)
// Figures go to docs/performance.md.

let mode = CommandLine.arguments.dropFirst().first ?? "core"
guard
    [
        "core", "sqlite", "postgres", "cli-database", "cli-history", "server-dataset", "reminders-sqlite", "reminders-postgres",
        "today-sqlite", "today-postgres",
    ].contains(mode)
else {
    FileHandle.standardError.write(
        Data(
            "usage: TendBenchmarks core [iterations] | sqlite | postgres | reminders-sqlite [users] | reminders-postgres [users] | today-sqlite [rounds] | today-postgres [rounds] | cli-database PATH | cli-history PATH | server-dataset DIR [years]\n"
                .utf8))
    exit(64)
}
if mode.hasPrefix("reminders-") {
    try await ReminderBenchmark.run(mode, users: CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 10_000)
    exit(0)
}
if mode.hasPrefix("today-") {
    try await TodayPageBenchmark.run(mode, rounds: CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 200)
    exit(0)
}
if mode == "server-dataset" {
    guard let directory = CommandLine.arguments.dropFirst(2).first else {
        FileHandle.standardError.write(Data("usage: TendBenchmarks server-dataset DIR [years]\n".utf8))
        exit(64)
    }
    let years = CommandLine.arguments.dropFirst(3).first.flatMap(Int.init) ?? 10
    try await StoreBenchmarks.writeServerDataset(directory: directory, years: years)
    exit(0)
}
if mode == "cli-history" {
    guard let path = CommandLine.arguments.dropFirst(2).first else {
        FileHandle.standardError.write(Data("usage: TendBenchmarks cli-history PATH\n".utf8))
        exit(64)
    }
    try await StoreBenchmarks.writeCLIHistory(path: path)
    exit(0)
}
if mode == "cli-database" {
    guard let path = CommandLine.arguments.dropFirst(2).first else {
        FileHandle.standardError.write(Data("usage: TendBenchmarks cli-database PATH\n".utf8))
        exit(64)
    }
    try await StoreBenchmarks.writeCLIDatabase(path: path)
    exit(0)
}
if mode != "core" {
    try await StoreBenchmarks.run(mode)
    exit(0)
}
let iterations = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 50
let today = Fixtures.day("2026-11-22")
let calendar = Fixtures.calendar("Europe/Berlin", locale: "de_DE")
let habits = Dataset.generate(endingOn: today)
let habitDays = habits.reduce(0) { $0 + $1.startDay.days(to: today) + 1 }
let entryCount = habits.reduce(0) { $0 + $1.entries.count }

/// Runs `body` `iterations` times after a warm-up and reports min and median wall time.
func measure(_ name: String, perItem items: Int? = nil, _ body: () -> Int) {
    var sink = body()
    var samples: [Duration] = []
    let clock = ContinuousClock()
    for _ in 0..<iterations {
        let start = clock.now
        sink &+= body()
        samples.append(clock.now - start)
    }
    samples.sort()
    func ms(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
    let median = ms(samples[samples.count / 2])
    var line =
        name.padding(toLength: 44, withPad: " ", startingAt: 0)
        + String(format: " min %8.3f ms   median %8.3f ms", ms(samples[0]), median)
    if let items {
        line += String(format: "   %6.1f ns per habit-day", median * 1e6 / Double(items))
    }
    print(line + (sink == 42 ? " " : ""))
}

print("dataset: \(habits.count) habits, \(habitDays) habit-days, \(entryCount) entries; \(iterations) iterations")

measure("strength score (full history)", perItem: habitDays) {
    habits.reduce(0) { $0 &+ Int($1.strength(on: today) * 1000) }
}
measure("streaks (full history)", perItem: habitDays) {
    habits.reduce(0) { $0 &+ $1.streaks(asOf: today, calendar: calendar).best }
}
measure("heatmap (200 days, all habits)") {
    DayScore.heatmap(habits, endingOn: today, today: today, calendar: calendar).count
}
measure("score + streaks + heatmap (separate calls)", perItem: habitDays) {
    var total = 0
    for tracked in habits {
        total &+= Int(tracked.strength(on: today) * 1000)
        total &+= tracked.streaks(asOf: today, calendar: calendar).current
    }
    return total &+ DayScore.heatmap(habits, endingOn: today, today: today, calendar: calendar).count
}
// What a dashboard asks for: one statistics pass per habit (score and streaks share the
// habit's timeline) plus the heatmap.
measure("statistics + heatmap (dashboard)", perItem: habitDays) {
    var total = 0
    for tracked in habits {
        let statistics = tracked.statistics(asOf: today, calendar: calendar)
        total &+= Int(statistics.score * 1000) &+ statistics.currentStreak &+ statistics.bestStreak
    }
    return total &+ DayScore.heatmap(habits, endingOn: today, today: today, calendar: calendar).count
}
measure("statistics (score, streaks, rates, totals)", perItem: habitDays) {
    habits.reduce(0) { $0 &+ $1.statistics(asOf: today, calendar: calendar).totalDaysMet }
}
