import Foundation
import TendTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real `tend serve` on a throwaway database and port, with one account ("ana") and an API
/// token (a phone's): for CLI databases signed in to it.
struct ServedAccount {
    static let password = "a long passphrase"
    let directory: TemporaryDirectory
    let server: SpawnedProcess
    let url: String
    let token: String

    static func start(timeZone: String = "Europe/Berlin") async throws -> ServedAccount {
        let directory = try TemporaryDirectory()
        let server = SpawnedProcess()
        server.executableURL = CLIHarness.binary
        server.arguments = ["serve", "--port", "0", "--database", directory.path("server.sqlite")]
        var environment = ProcessInfo.processInfo.environment
        environment["TEND_LOG_LEVEL"] = "warning"
        server.environment = environment
        let started = try ChildProcess(server).start()
        let handle = started.standardOutput
        let line = try await offCooperativePool { () -> String in
            var seen = ""
            while !seen.contains("\n") {
                let data = handle.availableData
                if data.isEmpty { break }
                seen += String(decoding: data, as: UTF8.self)
            }
            return seen
        }
        let port = try #require(line.firstMatch(of: /127\.0\.0\.1:(\d+)/).map { String($0.1) }, "\(line)")
        let url = "http://127.0.0.1:\(port)"
        _ = try await Self.post(url, "/api/v1/users", #"{"username":"ana","password":"\#(password)","timeZone":"\#(timeZone)"}"#)
        let token = try #require(
            try await Self.post(url, "/api/v1/tokens", #"{"username":"ana","password":"\#(password)","name":"phone"}"#)["token"] as? String)
        return ServedAccount(directory: directory, server: server, url: url, token: token)
    }

    func stop() { server.terminate() }

    /// Signs `cli`'s database in to the account at `now`.
    func login(_ cli: CLIHarness, now: Date) async -> RunResult {
        await cli.run(["sync", "login", url, "--username", "ana", "--password-stdin"], input: Self.password, now: now)
    }

    @discardableResult
    func post(_ path: String, _ json: String) async throws -> [String: Any] {
        try await Self.post(url, path, json, token: token)
    }

    func get(_ path: String) async throws -> Any {
        var request = URLRequest(url: URL(string: url + path)!)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return try JSONSerialization.jsonObject(with: try await URLSession.shared.data(for: request).0)
    }

    static func post(_ url: String, _ path: String, _ json: String, token: String? = nil) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: url + path)!)
        request.httpMethod = "POST"
        request.httpBody = Data(json.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, _) = try await URLSession.shared.data(for: request)
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}
