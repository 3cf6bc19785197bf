import Foundation
import TendCore
import TendSQLite
import TendStore
import TendTestSupport
import Testing

/// Kills a writing process at random moments, many times, and checks after each restart that
/// every write it acknowledged is there and the database is sound.
@Suite("SQLite store survives SIGKILL")
struct SQLiteCrashTests {
    /// The crash writer built next to the test bundle by `swift build --build-tests`.
    static var writerPath: String {
        if let path = ProcessInfo.processInfo.environment["TEND_CRASH_WRITER"] { return path }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("TendCrashWriter").path
    }

    /// Concurrent writers in the child, so that writes share transactions (group commit).
    static let writers = 8

    /// Runs the writer from `first`, kills it with SIGKILL after `delay`, and returns the write
    /// numbers it acknowledged.
    static func runAndKill(database: String, first: Int, delay: Duration) async throws -> [Int] {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: writerPath)
        process.arguments = [database, "alice", String(first), String(writers)]
        let started = try ChildProcess(process).start()
        async let output = started.output()
        try await Task.sleep(for: delay)
        let pid = started.processIdentifier
        #expect(pid > 0)
        process.send(SIGKILL)
        let text = String(decoding: try await output.out, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            line.hasPrefix("ack ") ? Int(line.dropFirst(4)) : nil
        }
    }

    @Test(
        "Every acknowledged check-in (8 writers at once, group-committed) survives 25 SIGKILLs at random moments, and integrity_check says ok"
    )
    func acknowledgedWritesSurvive() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.writerPath), "missing \(Self.writerPath)")
        let directory = try TemporaryDirectory()
        let database = directory.path("tend.sqlite")
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [Int] = []
        var next = 1
        var runsWithAcks = 0
        for _ in 0..<25 {
            // Kill at a random moment: sometimes while it starts or migrates, mostly mid-write.
            let delay = Duration.milliseconds(Int.random(in: 20...450, using: &generator))
            let acks = try await Self.runAndKill(database: database, first: next, delay: delay)
            if !acks.isEmpty { runsWithAcks += 1 }
            acknowledged += acks
            // Skip the numbers that may have committed unacknowledged (one in flight per writer).
            next = (acks.max() ?? next - 1) + Self.writers + 1

            // After each crash, a restart finds every acknowledged write and a sound file.
            let store = try SQLiteStore(path: database, device: "checker")
            #expect(try store.integrityCheck() == ["ok"])
            guard let user = try await store.user(named: "alice") else {
                #expect(acknowledged.isEmpty, "writes were acknowledged but the user is missing")
                continue
            }
            // A kill between creating the user and the habit leaves a user without the habit.
            guard let habit = try await store.habits(owner: user.id, includeArchived: true).first(where: { $0.name == "Crash" })
            else {
                #expect(acknowledged.isEmpty, "writes were acknowledged but the habit is missing")
                continue
            }
            let entries = try await store.entries(
                owner: user.id, habit: habit.id, from: Day(ordinal: 10_957), through: Day(ordinal: 10_957 + next + 10))
            let stored = Dictionary(uniqueKeysWithValues: entries.map { ($0.day.ordinal - 10_957, $0.value) })
            let lost = acknowledged.filter { stored[$0] != Amount($0) }
            #expect(lost.isEmpty, "acknowledged but lost: \(lost.prefix(10))")
        }
        // The test has teeth only if the writer really wrote before being killed.
        print("crash test: \(runsWithAcks) of 25 runs acknowledged writes, \(acknowledged.count) acknowledgements")
        #expect(runsWithAcks >= 10)
        #expect(acknowledged.count >= 50)
    }
}
