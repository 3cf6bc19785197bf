import Foundation
import TendCore
import TendSQLite
import TendStore
import TendTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Sync as people meet it: a real `tend serve` and `tend` processes on their own databases.
@Suite("Sync end to end: two CLI databases, a server, offline changes, a killed server, a cut connection")
struct SyncEndToEndTests {
    static let password = "a long passphrase"

    /// A `tend serve` on `database`, on `port` (0: any), with one account made on first start.
    struct World {
        let directory: TemporaryDirectory
        var server: ServeProcessTests.Server
        var port: Int
        var token = ""

        var database: String { directory.path("server.sqlite") }
        var url: String { "http://127.0.0.1:\(port)" }

        init() async throws {
            directory = try TemporaryDirectory()
            server = try ServeProcessTests.Server(
                arguments: ["--database", directory.path("server.sqlite")], environment: ["TEND_LOG_LEVEL": "warning"])
            _ = try await server.waitUntilListening()
            port = server.port
            let signUp = try await server.request(
                "POST", "/api/v1/users", json: #"{"username":"ana","password":"\#(SyncEndToEndTests.password)"}"#)
            try #require(signUp.0 == 201, "\(signUp.1)")
            let token = try await server.request(
                "POST", "/api/v1/tokens", json: #"{"username":"ana","password":"\#(SyncEndToEndTests.password)","name":"test"}"#)
            self.token = try #require((try JSONSerialization.jsonObject(with: Data(token.1.utf8)) as? [String: Any])?["token"] as? String)
        }

        func stop() async { _ = await server.terminate() }

        func kill() async {
            server.process.send(SIGKILL)
            _ = await server.process.exit()
        }

        /// Starts the server again on the same database and port.
        mutating func start() async throws {
            server = try ServeProcessTests.Server(
                arguments: ["--database", database], environment: ["TEND_LOG_LEVEL": "warning"], port: port)
            _ = try await server.waitUntilListening()
        }

        func json(_ path: String) async throws -> Any {
            let (status, body) = try await server.request("GET", path, token: token)
            try #require(status == 200, "\(path): \(status) \(body)")
            return try JSONSerialization.jsonObject(with: Data(body.utf8))
        }
    }

    /// Runs `tend` on a CLI database; stdin is `input`.
    static func tend(
        _ arguments: [String], database: String, input: String? = nil
    ) async throws -> (status: Int32, out: String, err: String) {
        let process = SpawnedProcess()
        process.executableURL = ServeProcessTests.binary
        process.arguments = arguments + ["--database", database]
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        environment["NO_COLOR"] = "1"
        process.environment = environment
        if let input {
            let pipe = Pipe()
            process.standardInput = .pipe(pipe)
            pipe.fileHandleForWriting.write(Data(input.utf8))
            try pipe.fileHandleForWriting.close()
        } else {
            process.standardInput = .null
        }
        let output = try await ChildProcess(process).run()
        return (output.status, String(decoding: output.out, as: UTF8.self), String(decoding: output.err, as: UTF8.self))
    }

    @discardableResult
    static func expectTend(
        _ arguments: [String], database: String, input: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let result = try await tend(arguments, database: database, input: input)
        #expect(result.status == 0, "tend \(arguments.joined(separator: " ")): \(result.err)", sourceLocation: sourceLocation)
        return result.out + result.err
    }

    static func login(_ world: World, _ database: String) async throws -> String {
        try await expectTend(
            ["sync", "login", world.url, "--username", "ana", "--password-stdin"], database: database, input: password + "\n")
    }

    static func parsed(_ text: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, "not JSON: \(text)")
    }

    @Test(
        "Both offline: increments on both count, a rename and a recolour both survive, a deletion holds; after syncing in any order both equal the server"
    )
    func twoDevicesConverge() async throws {
        var world = try await World()
        let laptop = world.directory.path("laptop.sqlite")
        let desk = world.directory.path("desk.sqlite")
        try await Self.expectTend(["add", "Read", "--type", "count", "--target", "10"], database: laptop)
        try await Self.expectTend(["add", "Walk"], database: laptop)
        // The laptop's habits made before signing in join the account.
        #expect(try await Self.login(world, laptop).contains("Signed in"))
        try await Self.login(world, desk)
        #expect(try await Self.expectTend(["list"], database: desk).contains("Walk"))

        // Both offline.
        await world.stop()
        let offline = try await Self.expectTend(["increment", "Read", "3"], database: laptop)
        #expect(offline.contains("offline") && offline.contains("1 change waits"), "\(offline)")
        try await Self.expectTend(["increment", "Read", "2"], database: desk)
        try await Self.expectTend(["edit", "Read", "--name", "Read books"], database: laptop)
        try await Self.expectTend(["edit", "Read", "--color", "orange"], database: desk)
        try await Self.expectTend(["remove", "Walk", "--yes"], database: desk)
        let status = try Self.parsed(try await Self.expectTend(["sync", "status", "--json"], database: laptop))
        // The increment, the rename, and the tip the rename retired.
        #expect(status["state"] as? String == "offline" && status["pending"] as? Int == 3, "\(status)")

        // Back online, synced in an interleaved order.
        try await world.start()
        try await Self.expectTend(["sync"], database: desk)
        try await Self.expectTend(["sync"], database: laptop)
        try await Self.expectTend(["sync"], database: desk)
        let onLaptop = try Self.parsed(try await Self.expectTend(["today", "--json"], database: laptop))
        let onDesk = try Self.parsed(try await Self.expectTend(["today", "--json"], database: desk))
        let onServer = try #require(try await world.json("/api/v1/today") as? NSDictionary)
        #expect(onLaptop == onDesk)
        #expect(onLaptop == onServer)
        let habits = try #require((onServer["groups"] as? [[String: Any]])?.flatMap { $0["habits"] as? [[String: Any]] ?? [] })
        #expect(habits.count == 1)
        #expect(habits.first?["name"] as? String == "Read books" && habits.first?["value"] as? Int == 5)
        let colour = try #require(try await world.json("/api/v1/habits") as? [[String: Any]])
        #expect(colour.first?["color"] as? String == "orange")
        #expect(try Self.parsed(try await Self.expectTend(["sync", "status", "--json"], database: laptop))["state"] as? String == "synced")
        await world.stop()
    }

    @Test("Both offline: a pause set on one device and a schedule change on the other, decimals added on both, converge")
    func pauseAndScheduleConverge() async throws {
        var world = try await World()
        let laptop = world.directory.path("laptop.sqlite")
        let desk = world.directory.path("desk.sqlite")
        try await Self.expectTend(["add", "Run"], database: laptop)
        try await Self.expectTend(["add", "Water", "--type", "count", "--target", "2.5", "--unit", "l"], database: laptop)
        try await Self.login(world, laptop)
        try await Self.login(world, desk)

        await world.stop()
        let paused = try await Self.expectTend(["pause", "Run", "--days", "14"], database: laptop)
        #expect(paused.contains("Paused Run through"), "\(paused)")
        try await Self.expectTend(["increment", "Water", "1.25"], database: laptop)
        try await Self.expectTend(["edit", "Run", "--schedule", "mon,wed,fri"], database: desk)
        try await Self.expectTend(["increment", "Water", "0.1"], database: desk)

        try await world.start()
        try await Self.expectTend(["sync"], database: laptop)
        try await Self.expectTend(["sync"], database: desk)
        try await Self.expectTend(["sync"], database: laptop)
        let onLaptop = try #require(
            try JSONSerialization.jsonObject(with: Data(try await Self.expectTend(["list", "--json"], database: laptop).utf8))
                as? [[String: Any]])
        let onDesk = try #require(
            try JSONSerialization.jsonObject(with: Data(try await Self.expectTend(["list", "--json"], database: desk).utf8))
                as? [[String: Any]])
        #expect(NSArray(array: onLaptop) == NSArray(array: onDesk))
        let run = try #require(onDesk.first { $0["name"] as? String == "Run" })
        #expect(run["schedule"] as? String == "mon,wed,fri")
        let pauses = try #require(run["pauses"] as? [[String: Any]])
        #expect(pauses.count == 1 && pauses.first?["end"] is String, "\(pauses)")
        let server = try #require(try await world.json("/api/v1/habits") as? [[String: Any]])
        let serverRun = try #require(server.first { $0["name"] as? String == "Run" })
        #expect((serverRun["pauses"] as? [[String: Any]])?.first?["start"] as? String == pauses.first?["start"] as? String)
        let today = try #require(try await world.json("/api/v1/today") as? NSDictionary)
        #expect((today["paused"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Run"])
        let water = try #require((today["groups"] as? [[String: Any]])?.flatMap { $0["habits"] as? [[String: Any]] ?? [] }.first)
        // 1.25 + 0.1, exactly: the wire and both stores keep thousandths.
        #expect(water["value"] as? Double == 1.35)
        let onDeskToday = try Self.parsed(try await Self.expectTend(["today", "--json"], database: desk))
        #expect(onDeskToday == today)
        await world.stop()
    }

    /// A CLI database with `habits` habits and `days` check-ins each, made through the store (fast).
    static func bigDatabase(_ path: String, habits: Int, days: Int) async throws {
        let store = try SQLiteStore(path: path, device: "cli", uniqueDevice: true, connections: .single)
        let me = try await store.createUser(username: User.localUsername, settings: UserSettings(timeZone: "UTC"))
        // Days in the past only: the server refuses a synced day after today (issue 16).
        let start = Fixtures.day("2014-01-01")
        var changes: [Change] = []
        for index in 0..<habits {
            let habit = Habit(name: "Habit \(index)", type: .count, target: 5, createdOn: start)
            changes.append(.habitCreated(habit: habit))
            for day in 0..<days {
                changes.append(.entrySet(habit: habit.id, day: start.adding(days: day), value: Amount((day + index) % 6)))
            }
        }
        try await store.applyChanges(owner: me.id, changes)
    }

    /// The server database's log for the account: operation ids, and the state folding it gives.
    static func serverLog(_ world: World) async throws -> (ids: [UUID], state: UserState, stored: UserState) {
        let store = try SQLiteStore(path: world.database, device: "check", connections: .single)
        let user = try #require(try await store.user(named: "ana"))
        var operations: [ChangeOperation] = []
        var after: Int64 = 0
        while true {
            let page = try await store.operations(owner: user.id, after: after, limit: 5000)
            if page.isEmpty { break }
            operations += page.map(\.operation)
            after = page.last!.sequence
        }
        return (operations.map(\.id), OperationSet(operations).state(settings: user.settings), try await store.exportState(owner: user.id))
    }

    static func cliState(_ path: String) async throws -> (ids: [UUID], state: UserState) {
        let store = try SQLiteStore(path: path, device: "check", connections: .single)
        let user = try #require(try await store.user(named: User.localUsername))
        let operations = try await store.operations(owner: user.id, after: 0, limit: 1_000_000)
        return (operations.map(\.operation.id), try await store.exportState(owner: user.id))
    }

    @Test(
        "The server SIGKILLed in the middle of a large first sync into an account in use: the next sync finishes it, nothing lost, nothing doubled"
    )
    func killedMidSync() async throws {
        var world = try await World()
        let laptop = world.directory.path("laptop.sqlite")
        try await Self.bigDatabase(laptop, habits: 12, days: 4_000)  // 48,012 operations: ten pushes of 5,000
        // The account holds a habit of another device, so the laptop sends its log as it is (an
        // empty account would take each habit's entries as one import, the next test).
        let made = try await world.server.request("POST", "/api/v1/habits", token: world.token, json: #"{"name":"Stretch"}"#)
        #expect(made.0 == 201, "\(made.1)")
        let login = SpawnedProcess()
        login.executableURL = ServeProcessTests.binary
        login.arguments = ["sync", "login", world.url, "--username", "ana", "--password-stdin", "--database", laptop]
        let input = Pipe()
        login.standardInput = .pipe(input)
        let started = try ChildProcess(login).start()
        input.fileHandleForWriting.write(Data((Self.password + "\n").utf8))
        try input.fileHandleForWriting.close()
        // Kill the server once some of the pushes have landed, and before all have.
        var landed = 0
        for _ in 0..<400 {
            let habits = try await world.server.request("GET", "/api/v1/habits", token: world.token)
            landed = ((try? JSONSerialization.jsonObject(with: Data(habits.1.utf8)) as? [Any])?.count ?? 1) - 1
            if landed > 0 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        await world.kill()
        let cut = try await started.output()
        #expect(landed > 0, "the kill came before any push landed")
        #expect(cut.status != 0, "the interrupted login says it did not finish: \(String(decoding: cut.err, as: UTF8.self))")

        try await world.start()
        try await Self.expectTend(["sync"], database: laptop)
        await world.stop()
        let server = try await Self.serverLog(world)
        let cli = try await Self.cliState(laptop)
        #expect(Set(server.ids).count == server.ids.count, "no operation stored twice")
        #expect(Set(server.ids) == Set(cli.ids), "the server holds every operation of the laptop, and only those")
        #expect(server.stored.habits == server.state.habits, "the server's entries are its op log's")
        #expect(server.stored.habits == cli.state.habits, "and the laptop's")
    }

    @Test(
        "Years of check-ins into an empty account go as each habit's entries; the server equals the laptop, and later offline increments of two devices both count"
    )
    func firstSyncSendsEntries() async throws {
        var world = try await World()
        let laptop = world.directory.path("laptop.sqlite")
        let desk = world.directory.path("desk.sqlite")
        try await Self.bigDatabase(laptop, habits: 3, days: 400)  // 1,203 operations
        let before = try await Self.cliState(laptop)
        let login = try await Self.login(world, laptop)
        #expect(login.contains("1200 day changes went as each habit's entries"), "\(login)")
        let server = try await Self.serverLog(world)
        #expect(server.ids.count < 20, "three habits, three imports and the settings: not 1,203 operations")
        #expect(server.stored.habits == server.state.habits, "the server's entries are its op log's")
        #expect(server.stored.habits == before.state.habits, "and the laptop's as they were")
        let after = try await Self.cliState(laptop)
        #expect(after.state.habits == before.state.habits, "the laptop's state did not move")
        #expect(Set(server.ids).isSubset(of: Set(after.ids)), "the laptop keeps its check-ins in its log beside the imports")
        #expect(try Self.parsed(try await Self.expectTend(["sync", "status", "--json"], database: laptop))["pending"] as? Int == 0)

        // A second device joins (the account is in use: it pulls, nothing to compact), then both
        // change the same day offline.
        try await Self.login(world, desk)
        await world.stop()
        try await Self.expectTend(["increment", "Habit 1", "2", "--date", "2014-06-01"], database: laptop)
        try await Self.expectTend(["increment", "Habit 1", "3", "--date", "2014-06-01"], database: desk)
        try await Self.expectTend(["skip", "Habit 2", "--date", "2014-06-02"], database: desk)
        try await world.start()
        for database in [desk, laptop, desk] { try await Self.expectTend(["sync"], database: database) }
        let laptopState = try await Self.cliState(laptop).state
        let habit = try #require(laptopState.habits.values.first { $0.habit.name == "Habit 1" })
        // 2014-06-01 is day 151: (151 + 1) % 6 = 2 before, 2 + 2 + 3 after.
        #expect(habit.entries[Fixtures.day("2014-06-01")]?.value == 7)
        #expect(laptopState.habits == (try await Self.cliState(desk)).state.habits)
        await world.stop()
        let final = try await Self.serverLog(world)
        #expect(final.stored.habits == final.state.habits)
        #expect(final.stored.habits == (try await Self.cliState(laptop)).state.habits)
        #expect(final.stored.habits == (try await Self.cliState(desk)).state.habits)
    }

    @Test("A connection cut in the middle of the server's answer: the retry is acknowledged as duplicates, nothing doubled")
    func cutConnection() async throws {
        let world = try await World()
        let proxy = try CuttingProxy(upstream: world.port)
        defer { proxy.stop() }
        let laptop = world.directory.path("laptop.sqlite")
        try await Self.bigDatabase(laptop, habits: 2, days: 60)
        let url = "http://127.0.0.1:\(proxy.port)"
        try await Self.expectTend(
            ["sync", "login", url, "--username", "ana", "--password-stdin"], database: laptop, input: Self.password + "\n")
        try await Self.expectTend(["increment", "Habit 0", "4"], database: laptop)
        try await Self.expectTend(["increment", "Habit 1", "2", "--date", "2024-01-05"], database: laptop)
        // Those two went already; now cut answers short after 40 bytes (mid status line/headers).
        for _ in 0..<3 {
            proxy.cutAfter = nil
            await Task.yield()
            proxy.cutAfter = 40
            let cut = try await Self.tend(["increment", "Habit 0", "1"], database: laptop)
            #expect(cut.status == 0, "the change is kept locally: \(cut.err)")
            #expect(cut.err.contains("offline") || cut.err.contains("failed"), "\(cut.err)")
        }
        proxy.cutAfter = nil
        let retried = try Self.parsed(try await Self.expectTend(["sync", "--json"], database: laptop))
        #expect(retried["pushed"] as? Int == 0, "every cut push had been stored: the retry is all duplicates (\(retried))")
        let today = try #require(try await world.json("/api/v1/today") as? NSDictionary)
        #expect(today == (try Self.parsed(try await Self.expectTend(["today", "--json"], database: laptop))))
        await world.stop()
        let server = try await Self.serverLog(world)
        let cli = try await Self.cliState(laptop)
        #expect(Set(server.ids).count == server.ids.count)
        #expect(Set(server.ids) == Set(cli.ids))
        #expect(server.stored.habits == cli.state.habits && server.stored.habits == server.state.habits)
    }
}
