import Foundation
import Synchronization
import TendCLI
import TendCore
import TendSQLite
import TendStore
import TendTestSupport
import Testing

/// Output captured from one in-process run.
final class CapturedOutput: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    func writeOut(_ text: String) { locked { outText += text } }
    func writeErr(_ text: String) { locked { errText += text } }
    var out: String { locked { outText } }
    var err: String { locked { errText } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// Answers read one per line, then the end of the input.
final class LineQueue: Sendable {
    private let lines: Mutex<[String]>
    init(_ lines: [String]) { self.lines = Mutex(lines) }
    func next() -> String? { lines.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
}

/// What a run of `tend` gave back.
struct RunResult {
    var status: Int32
    var out: String
    var err: String

    /// stderr's lines.
    var errLines: [Substring] { err.split(separator: "\n") }
}

/// A temporary database and ways to run `tend` on it: in-process, or as the built binary.
final class CLIHarness: @unchecked Sendable {
    let directory: TemporaryDirectory
    let database: String
    /// The clock of in-process runs (`nil`: the real one).
    let clock: Date?

    /// A fresh database whose zone is `timeZone` (so days never depend on the test machine).
    init(timeZone: String = "Europe/Berlin", clock: Date? = nil) async throws {
        self.clock = clock
        directory = try TemporaryDirectory()
        database = directory.path("tend.sqlite")
        let result = await run(["config", "set", "timezone", timeZone])
        #expect(result.status == 0, "\(result.err)")
    }

    /// Runs `tend --database DB ARGS` in this process with captured output.
    func run(
        _ arguments: [String], stdoutIsTerminal: Bool = false, stdinIsTerminal: Bool = false,
        environment: [String: String] = [:], input: String? = nil, lines: [String]? = nil, now: Date? = nil
    ) async -> RunResult {
        await runRaw(
            ["--database", database] + arguments, stdoutIsTerminal: stdoutIsTerminal, stdinIsTerminal: stdinIsTerminal,
            environment: environment, input: input, lines: lines, now: now)
    }

    /// Runs `tend ARGS` in this process with captured output.
    func runRaw(
        _ arguments: [String], stdoutIsTerminal: Bool = false, stdinIsTerminal: Bool = false,
        environment: [String: String] = [:], input: String? = nil, lines: [String]? = nil, now: Date? = nil
    ) async -> RunResult {
        let output = CapturedOutput()
        // `input`: the answer to every question; `lines`: one answer per read, then end of input.
        let queue = LineQueue(lines ?? [])
        let scripted = lines != nil
        let read: @Sendable () -> String? = { scripted ? queue.next() : input }
        let context = CLIContext(
            environment: environment, stdoutIsTerminal: stdoutIsTerminal, stdinIsTerminal: stdinIsTerminal,
            now: { [clock] in now ?? clock ?? Date() }, output: output, readLine: read)
        let status = await CLIContext.$current.withValue(context) {
            await TendCommand.run(arguments: arguments)
        }
        return RunResult(status: status, out: output.out, err: output.err)
    }

    /// Runs the built `tend` binary with `arguments` (the database through TEND_DATABASE).
    func runBinary(_ arguments: [String], environment: [String: String] = [:]) async throws -> RunResult {
        let process = SpawnedProcess()
        process.executableURL = CLIHarness.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TEND_DATABASE"] = database
        env.removeValue(forKey: "NO_COLOR")
        // English unless a test asks for a language: the machine's own locale must not leak in.
        for key in ["LC_ALL", "LC_MESSAGES", "LANGUAGE"] { env.removeValue(forKey: key) }
        env["LANG"] = "C.UTF-8"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = .null
        let result = try await ChildProcess(process).run()
        return RunResult(
            status: result.status, out: String(decoding: result.out, as: UTF8.self),
            err: String(decoding: result.err, as: UTF8.self))
    }

    /// The `tend` executable next to the test bundle.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tend")
    }

    /// Runs and decodes the JSON output.
    func json(_ arguments: [String]) async throws -> Any {
        let result = await run(arguments + ["--json"])
        try #require(result.status == 0, "\(result.err)")
        return try JSONSerialization.jsonObject(with: Data(result.out.utf8), options: [.fragmentsAllowed])
    }

    /// The day's value of `habit` (through `history --json`).
    func value(_ habit: String, on day: String) async throws -> Int {
        let history = try #require(try await json(["history", habit, "--date", day, "--days", "1"]) as? [String: Any])
        let days = try #require(history["days"] as? [[String: Any]])
        return try #require(days.first?["value"] as? Int)
    }

    /// The habits' names (`list --all --json`).
    func habitNames() async throws -> [String] {
        let list = try #require(try await json(["list", "--all"]) as? [[String: Any]])
        return list.compactMap { $0["name"] as? String }
    }

    /// The raw database bytes' fingerprint: the op log length, to prove "nothing changed".
    func operationCount() async throws -> Int {
        let store = try SQLiteStore(path: database, device: "probe")
        guard let user = try await store.user(named: "me") else { return 0 }
        return try await store.operations(owner: user.id, after: 0, limit: 1_000_000).count
    }
}
