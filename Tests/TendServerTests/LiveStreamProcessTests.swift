import Foundation
import TendTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `GET /events` on a running `tend serve`: one open page costs nothing while nothing changes,
/// a change costs a poll or two, and a page that closes releases its watcher at once.
@Suite("Live streams on a running server")
struct LiveStreamProcessTests {
    /// An `/events` connection made with a plain socket, so the test decides when it closes.
    final class EventStream: @unchecked Sendable {
        private let socket: Int32

        /// `query`: after `/events`; `headers`: more request lines (`Last-Event-ID: 3`).
        init(port: Int, token: String, query: String = "", headers: [String] = []) throws {
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            // A read that waits 20 s for nothing gives up (the test fails instead of hanging)
            var timeout = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            let request =
                "GET /events\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: Bearer \(token)\r\n"
                + headers.map { $0 + "\r\n" }.joined() + "\r\n"
            _ = request.withCString { send(socket, $0, strlen($0), 0) }
        }

        /// Reads until `text` has arrived (or the connection ends, or nothing comes for 20 s).
        func read(until text: String) async throws -> String {
            let socket = socket
            return try await offCooperativePool {
                var seen = ""
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !seen.contains(text) {
                    let count = recv(socket, &buffer, buffer.count, 0)
                    if count <= 0 { break }
                    seen += String(decoding: buffer[0..<count], as: UTF8.self)
                }
                return seen
            }
        }

        func close() { _ = Glibc.close(socket) }
    }

    /// A metric's value in the exposition, or nil.
    static func metric(_ name: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last!) }
    }

    static func metric(_ name: String, on server: ServeProcessTests.Server) async throws -> Double {
        let (_, text) = try await server.request("GET", "/metrics")
        return try #require(metric(name, in: text), "no \(name) in \(text)")
    }

    /// A running `tend serve` on a new SQLite file with one account ("ana", an API token) and one
    /// checkmark habit. Keep `directory` as long as the server runs.
    static func serverWithHabit() async throws -> (
        directory: TemporaryDirectory, server: ServeProcessTests.Server, token: String, habit: String
    ) {
        let directory = try TemporaryDirectory()
        let server = try ServeProcessTests.Server(
            arguments: ["--database", directory.path("tend.sqlite")], environment: ["TEND_LOG_LEVEL": "warning"])
        _ = try await server.waitUntilListening()
        #expect(try await server.request("POST", "/api/v1/users", json: #"{"username":"ana","password":"a long passphrase"}"#).0 == 201)
        let created = try await server.request(
            "POST", "/api/v1/tokens", json: #"{"username":"ana","password":"a long passphrase","name":"test"}"#)
        let token = try #require((try JSONSerialization.jsonObject(with: Data(created.1.utf8)) as? [String: Any])?["token"] as? String)
        let habit = try await server.request("POST", "/api/v1/habits", token: token, json: #"{"name":"Read"}"#)
        let id = try #require((try JSONSerialization.jsonObject(with: Data(habit.1.utf8)) as? [String: Any])?["id"] as? String)
        return (directory, server, token, id)
    }

    @Test("After a check-in the watcher polls on its interval, not in a loop; a closed page is released at once, not at the next heartbeat")
    func idleAfterChange() async throws {
        let (directory, server, token, id) = try await Self.serverWithHabit()
        defer { withExtendedLifetime(directory) {} }

        let page = try EventStream(port: server.port, token: token)
        #expect(try await page.read(until: ": connected").contains(": connected"))
        #expect(try await Self.metric("tend_live_streams", on: server) == 1)

        // One check-in: the page hears of it.
        let today = try await server.request("GET", "/api/v1/today", token: token)
        let day = try #require((try JSONSerialization.jsonObject(with: Data(today.1.utf8)) as? [String: Any])?["day"] as? String)
        #expect(try await server.request("PUT", "/api/v1/habits/\(id)/days/\(day)", token: token, json: #"{"value":1}"#).0 == 200)
        #expect(try await page.read(until: "event: change").contains("event: change"))

        // Then 2 s of quiet: a 400 ms poll interval allows about 5 polls (the buggy wake-up polled
        // thousands of times a second). On a loaded machine the quiet lasts longer than asked (the
        // sleep and the metrics requests run late), so the bound follows the time that passed.
        let before = try await Self.metric("tend_live_polls_total", on: server)
        let quietFrom = ContinuousClock.now
        try await Task.sleep(for: .seconds(2))
        let polls = try await Self.metric("tend_live_polls_total", on: server) - before
        let quiet = ContinuousClock.now - quietFrom
        let allowed = 2 * (quiet / .milliseconds(400)) + 2
        #expect(polls <= allowed, "\(polls) polls in \(quiet) of quiet")

        // The page closes: its stream and watcher go long before the next heartbeat (25 s).
        page.close()
        let closedAt = ContinuousClock.now
        var streams = 1.0
        while streams > 0, ContinuousClock.now - closedAt < .seconds(5) {
            try await Task.sleep(for: .milliseconds(50))
            streams = try await Self.metric("tend_live_streams", on: server)
        }
        // Within a second on a quiet machine; the bound allows a loaded test machine, and is still
        // far below the 25 s heartbeat that used to be the first moment a closed page was noticed.
        #expect(streams == 0)
        #expect(ContinuousClock.now - closedAt < .seconds(5))
        #expect(try await Self.metric("tend_live_watchers", on: server) == 0)
        #expect(await server.terminate() == 0)
    }

    @Test(
        "A stream opened behind the log (Last-Event-ID on a reconnection, ?after= from a page) hears of the change at once; one that is not, only of the next"
    )
    func catchUp() async throws {
        let (directory, server, token, id) = try await Self.serverWithHabit()
        defer { withExtendedLifetime(directory) {} }
        let today = try await server.request("GET", "/api/v1/today", token: token)
        let day = try #require((try JSONSerialization.jsonObject(with: Data(today.1.utf8)) as? [String: Any])?["day"] as? String)
        func position(_ text: String) -> Int64? {
            text.split(separator: "\n").last { $0.hasPrefix("id: ") }.flatMap { Int64($0.dropFirst(4)) }
        }
        // The positions of the change events in what a stream sent
        func changes(_ text: String) -> [Int64] {
            text.components(separatedBy: "\n\n").filter { $0.contains("event: change") }.compactMap(position)
        }

        // A page's stream begins by saying where the log is
        let first = try EventStream(port: server.port, token: token)
        let opened = try await first.read(until: ": connected")
        let before = try #require(position(opened), "\(opened)")
        first.close()
        // While no stream listens, a check-in
        #expect(try await server.request("PUT", "/api/v1/habits/\(id)/days/\(day)", token: token, json: #"{"value":1}"#).0 == 200)

        for (query, headers) in [("", ["Last-Event-ID: \(before)"]), ("?after=\(before)", [])] {
            let behind = try EventStream(port: server.port, token: token, query: query, headers: headers)
            let told = try await behind.read(until: "event: change")
            #expect(told.contains("event: change"), "\(query) \(headers)")
            let now = try #require(position(told))
            #expect(now > before)
            behind.close()
        }

        // Opened at the current position: the first change it hears of is the next one
        let current = try EventStream(port: server.port, token: token)
        let at = try #require(position(try await current.read(until: ": connected")))
        let level = try EventStream(port: server.port, token: token, headers: ["Last-Event-ID: \(at)"])
        let connected = try await level.read(until: ": connected")
        #expect(try await server.request("PUT", "/api/v1/habits/\(id)/days/\(day)", token: token, json: #"{"value":0}"#).0 == 200)
        let sent = connected + (try await level.read(until: "event: change"))
        #expect(!changes(sent).isEmpty && changes(sent).allSatisfy { $0 > at }, "\(sent)")
        // A mark that is no position is ignored (the stream opens as without one)
        let odd = try EventStream(port: server.port, token: token, query: "?after=soon")
        #expect(try await odd.read(until: ": connected").contains(": connected"))
        for stream in [current, level, odd] { stream.close() }
        #expect(await server.terminate() == 0)
    }
}
