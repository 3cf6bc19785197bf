import Foundation
import TendSQLite
import TendStore
import TendTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `tend serve` as a process: what an operator sees.
@Suite("tend serve, the process")
struct ServeProcessTests {
    /// The `tend` executable next to the test bundle.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tend")
    }

    /// A running `tend serve` and its port.
    final class Server: @unchecked Sendable {
        let process = SpawnedProcess()
        let output = Pipe()
        var port = 0
        /// Its output so far.
        var printed = ""

        init(arguments: [String], environment: [String: String], port: Int = 0) throws {
            process.executableURL = ServeProcessTests.binary
            process.arguments = ["serve", "--port", String(port)] + arguments
            var env = ProcessInfo.processInfo.environment
            for (key, value) in environment { env[key] = value }
            process.environment = env
            process.standardOutput = .pipe(output)
            process.standardError = .null
            process.standardInput = .null
            try process.run()
        }

        /// Waits for the "listening on" line (printed unbuffered) and reads the port from it.
        func waitUntilListening(timeout: Duration = .seconds(60)) async throws -> String {
            let handle = output.fileHandleForReading
            let text = try await withThrowingTaskGroup(of: String.self) { group in
                group.addTask {
                    try await offCooperativePool {
                        var seen = ""
                        while !seen.contains("\n") {
                            let data = handle.availableData
                            if data.isEmpty { break }
                            seen += String(decoding: data, as: UTF8.self)
                        }
                        return seen
                    }
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw CancellationError()
                }
                let first = try await group.next() ?? ""
                group.cancelAll()
                return first
            }
            printed = text
            let line = text.split(separator: "\n").first.map(String.init) ?? ""
            let match = line.firstMatch(of: /listening on http:\/\/127\.0\.0\.1:(\d+)/)
            port = try #require(match.flatMap { Int($0.1) }, "no listening line: \(text)")
            return line
        }

        /// What the server printed, read on until it holds `text` (or the output ends).
        func printed(containing text: String) async throws -> String {
            let handle = output.fileHandleForReading
            let before = printed
            printed = try await offCooperativePool {
                var seen = before
                while !seen.contains(text) {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    seen += String(decoding: data, as: UTF8.self)
                }
                return seen
            }
            return printed
        }

        func request(
            _ method: String, _ path: String, token: String? = nil, json: String? = nil, headers: [String: String] = [:]
        ) async throws -> (Int, String) {
            let response = try await fullRequest(method, path, token: token, json: json, headers: headers)
            return (response.status, response.body)
        }

        /// A request with no cookie handling of URLSession's own: tests set `Cookie` themselves.
        func fullRequest(
            _ method: String, _ path: String, token: String? = nil, json: String? = nil, headers: [String: String] = [:]
        ) async throws -> (status: Int, body: String, setCookie: String?) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            request.httpShouldHandleCookies = false
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            if let json {
                request.httpBody = Data(json.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await Server.session.data(for: request)
            let http = response as? HTTPURLResponse
            return (http?.statusCode ?? 0, String(decoding: data, as: UTF8.self), http?.value(forHTTPHeaderField: "Set-Cookie"))
        }

        static let session: URLSession = {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpShouldSetCookies = false
            configuration.httpCookieAcceptPolicy = .never
            return URLSession(configuration: configuration)
        }()

        func terminate() async -> Int32 {
            process.terminate()  // SIGTERM
            return await process.exit().status
        }

        deinit {
            process.terminate()
        }
    }

    @Test(
        "On the CLI's database: listens, the first sign-up takes over the CLI's habits whatever its name, the CLI follows it, metrics open on loopback, SIGTERM exits 0"
    )
    func servesTheCLIDatabase() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("tend.sqlite")
        func tend(_ arguments: [String]) async throws -> ProcessOutput {
            let process = SpawnedProcess()
            process.executableURL = Self.binary
            process.arguments = arguments + ["--database", database]
            return try await ChildProcess(process).run()
        }
        #expect(try await tend(["add", "Read"]).status == 0)

        let server = try Server(arguments: [], environment: ["TEND_DATABASE": database, "TEND_LOG_LEVEL": "warning"])
        let line = try await server.waitUntilListening()
        #expect(line.contains(database))
        // No account yet: the setup code a first sign-up from another machine needs
        let printed = try await server.printed(containing: "setup code")
        #expect(printed.firstMatch(of: /with the setup code [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\n/) != nil, "\(printed)")

        #expect(try await server.request("GET", "/healthz").0 == 200)
        // The sign-up page says beforehand that the CLI's data will be taken over.
        let page = try await server.request("GET", "/signup", headers: ["Accept": "text/html"])
        #expect(page.1.contains("takes it over") && page.1.contains("1 habit"), "\(page.1)")
        // The README's own example name, not the CLI's internal "me".
        let signUp = try await server.request("POST", "/api/v1/users", json: #"{"username":"ana","password":"a long passphrase"}"#)
        #expect(signUp.0 == 201, "\(signUp.1)")
        #expect(signUp.1.contains(#""role":"owner""#))
        let token = try await server.request(
            "POST", "/api/v1/tokens", json: #"{"username":"ana","password":"a long passphrase","name":"test"}"#)
        let secret = try #require(
            (try JSONSerialization.jsonObject(with: Data(token.1.utf8)) as? [String: Any])?["token"] as? String, "\(token.1)")
        let habits = try await server.request("GET", "/api/v1/habits", token: secret)
        #expect(habits.0 == 200 && habits.1.contains(#""name":"Read""#))
        // The CLI goes on with the same data: what it adds, the account sees.
        #expect(try await tend(["add", "Write"]).status == 0)
        let list = String(decoding: try await tend(["list"]).out, as: UTF8.self)
        #expect(list.contains("Read") && list.contains("Write"), "\(list)")
        #expect(try await server.request("GET", "/api/v1/habits", token: secret).1.contains(#""name":"Write""#))
        let metrics = try await server.request("GET", "/metrics")
        #expect(metrics.0 == 200 && metrics.1.contains("tend_http_requests_total") && metrics.1.contains("tend_live_streams 0"))

        #expect(await server.terminate() == 0)
    }

    @Test(
        "Two instances on one PostgreSQL database serve one user: a token, a session and its CSRF token work on both; increments through both all count"
    )
    func twoInstancesOnPostgres() async throws {
        try await PostgresTestDatabase.withDatabaseURL { url in
            let environment = ["TEND_DATABASE": url, "TEND_LOG_LEVEL": "warning"]
            let first = try Server(arguments: [], environment: environment)
            _ = try await first.waitUntilListening()
            let second = try Server(arguments: [], environment: environment)
            _ = try await second.waitUntilListening()

            #expect(try await first.request("POST", "/api/v1/users", json: #"{"username":"ana","password":"a long passphrase"}"#).0 == 201)
            let created = try await second.request(
                "POST", "/api/v1/tokens", json: #"{"username":"ana","password":"a long passphrase","name":"test"}"#)
            let token = try #require((try JSONSerialization.jsonObject(with: Data(created.1.utf8)) as? [String: Any])?["token"] as? String)
            let habit = try await first.request(
                "POST", "/api/v1/habits", token: token, json: #"{"name":"Water","type":"count","target":100}"#)
            let id = try #require((try JSONSerialization.jsonObject(with: Data(habit.1.utf8)) as? [String: Any])?["id"] as? String)

            // A session made on the first instance, with its CSRF token, works on the second.
            let login = try await first.fullRequest(
                "POST", "/api/v1/session", json: #"{"username":"ana","password":"a long passphrase"}"#)
            let setCookie = try #require(login.setCookie)
            let cookie = String(try #require(setCookie.split(separator: ";").first))
            let csrf = try #require(
                (try JSONSerialization.jsonObject(with: Data(login.body.utf8)) as? [String: Any])?["csrfToken"] as? String)
            let viaSession = try await second.request(
                "POST", "/api/v1/habits/\(id)/days/2025-06-10/increment", json: #"{"by":1}"#,
                headers: ["Cookie": cookie, "X-CSRF-Token": csrf])
            #expect(viaSession.0 == 200, "\(viaSession.1)")

            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    let server = index.isMultiple(of: 2) ? first : second
                    group.addTask {
                        let (status, body) = try await server.request(
                            "POST", "/api/v1/habits/\(id)/days/2025-06-10/increment", token: token, json: #"{"by":1}"#)
                        #expect(status == 200, "\(body)")
                    }
                }
                try await group.waitForAll()
            }
            let days = try await first.request("GET", "/api/v1/habits/\(id)/days?from=2025-06-10&to=2025-06-10", token: token)
            #expect(days.1.contains(#""value":21"#), "\(days.1)")

            #expect(await first.terminate() == 0)
            #expect(await second.terminate() == 0)
        }
    }

    @Test("With --backup-dir the server takes a backup when it starts (then one a day), which `tend restore` accepts")
    func scheduledBackups() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("backups")
        let server = try Server(
            arguments: ["--backup-dir", folder, "--backup-every", "1d", "--backup-keep", "3"],
            environment: ["TEND_DATABASE": directory.path("tend.sqlite"), "TEND_LOG_LEVEL": "warning"])
        _ = try await server.waitUntilListening()
        var names: [String] = []
        for _ in 0..<200 {
            names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if names.contains(where: { $0.hasPrefix("tend-backup-") }) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let backup = try #require(names.first { $0.hasPrefix("tend-backup-") && $0.hasSuffix(".sqlite") }, "\(names)")
        try SQLiteStore.verifyBackup(path: folder + "/" + backup)
        let metrics = try await server.request("GET", "/metrics").1
        #expect(metrics.contains(#"tend_backups_total{result="ok"} 1"#))
        #expect(await server.terminate() == 0)
    }

    @Test("A bcrypt cost below 12 is refused")
    func refusesWeakBcrypt() async throws {
        let directory = try TemporaryDirectory()
        let process = SpawnedProcess()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--bcrypt-cost", "10", "--database", directory.path("tend.sqlite")]
        let result = try await ChildProcess(process).run()
        let message = String(decoding: result.err, as: UTF8.self)
        #expect(result.status == 1)
        #expect(message.contains("bcrypt cost"))
    }

    @Test(
        "Reminder options that cannot work are refused at start, each with its reason, and no database is made",
        arguments: [
            (["--vapid-subject", "https://localhost/contact"], [String: String](), "refuses local hosts"),
            (["--vapid-subject", "http://tend.example.com"], [:], "https"),
            (["--public-url", "ftp://tend.example.com"], [:], "public URL"),
            ([], ["TEND_REMINDER_LEASE": "0"], "TEND_REMINDER_LEASE"),
            ([], ["TEND_VAPID_SUBJECT": "nobody"], "mailto:"),
            (["--trusted-proxy", "proxy.local"], [:], "CIDR block"),
            (["--trusted-proxy", "10.0.0.0/33"], [:], "CIDR block"),
            ([], ["TEND_TRUSTED_PROXIES": "172.17.0.1, 10.0.0.0/+8"], "CIDR block"),
            (["--backup-every", "24h"], [:], "need --backup-dir"),
            (["--backup-dir", "/nonexistent/tend-backups", "--backup-every", "10s"], [:], "at least 1m"),
            (["--backup-dir", "/nonexistent/tend-backups", "--backup-keep", "0"], [:], "from 1 to 10000"),
            ([], ["TEND_BACKUP_DIR": "/nonexistent/tend-backups", "TEND_BACKUP_EVERY": "daily"], "such as 24h"),
            (["--trusted-header", "Authorization"], [:], "X-Forwarded-User"),
            (["--trusted-header", "X Forwarded User"], [:], "X-Forwarded-User"),
            (["--trusted-header-signup"], [:], "needs --trusted-header"),
            (["--oidc", "https://auth.example.org"], [:], "ISSUER_URL,CLIENT_ID"),
            (["--oidc", "http://auth.example.org,tend"], [:], "must use https"),
            (["--oidc", "https://auth.example.org,a", "--oidc", "https://auth.example.org,b"], [:], "given twice"),
            ([], ["TEND_OIDC": "https://auth.example.org/?x=1,tend"], "without query"),
            (["--oidc-file", "/nonexistent/tend-oidc"], [:], "cannot read the OpenID provider file"),
        ])
    func refusesBadReminderOptions(arguments: [String], environment: [String: String], message expected: String) async throws {
        let directory = try TemporaryDirectory()
        let process = SpawnedProcess()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--port", "0", "--database", directory.path("tend.sqlite")] + arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let result = try await ChildProcess(process).run()
        let message = String(decoding: result.err, as: UTF8.self)
        #expect(result.status == 1)
        #expect(message.contains(expected), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("tend.sqlite")))
    }
}
