import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import TendAPI
import TendCore
import TendHTTP
import TendPostgres
import Testing

@testable import TendServer

@Suite("Problem bodies for unexpected errors")
struct ProblemTests {
    struct DatabaseExploded: Error, CustomStringConvertible {
        var description: String { "connection to postgres://admin:hunter2@10.0.0.5 failed in PostgresStore.swift:42" }
    }

    @Test("An unexpected error is a 500 problem naming only the request id, never the error")
    func internalErrorsDoNotLeak() async throws {
        let router = Router(context: TendRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware(client: ClientInfo(configuration: ServerConfiguration())))
        router.add(middleware: ProblemMiddleware())
        router.get("boom") { _, _ -> String in throw DatabaseExploded() }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = Application(router: router, logger: logger)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/boom", method: .get)
            let problem = try response.expectProblem(.internalServerError, code: "internal")
            #expect(problem.detail.hasPrefix("something went wrong on the server (request "))
            #expect(!response.text.contains("hunter2") && !response.text.contains("Postgres"))
            #expect(response.headers[.contentSecurityPolicy] != nil)
        }
    }
}

@Suite("Secrets")
struct SecretsTests {
    @Test("base64url is Foundation's base64 with - for +, _ for / and no padding, for every length and byte")
    func base64URL() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<200 {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let expected = data.base64EncodedString().map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" }
            #expect(Secrets.base64URL(data) == String(expected), "\(length) bytes")
            #expect(
                Secrets.base64URL(data.dropFirst(min(1, length)))
                    == String(
                        data.dropFirst(min(1, length)).base64EncodedString().map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter {
                            $0 != "="
                        }))
        }
        #expect(Secrets.base64URL(Data([0xFB, 0xFF, 0xBF])) == "-_-_")
        #expect(Secrets.generate().count == 43)
    }
}

@Suite("Check-in answers")
struct EntryReplyTests {
    @Test("An entry written directly has the bytes JSONEncoder gives, a note that needs escaping included")
    func sameBytes() throws {
        let day = try TendCore.Day(iso: "2026-03-29")
        let notes: [String?] = [
            nil, "", "ran 5 km", "über den Berg — 🏃‍♀️", "a/b", "caf\u{E9}", "\u{7F}", "\u{2028}",
            "say \"hi\"", "back\\slash", "tab\there", "line\nbreak", "\u{1}",
        ]
        for note in notes {
            for (value, skipped) in [
                (0, false), (1, false), (3_600, false), (0, true), (2.5, false), (0.125, false), (Amount.maximum, false),
            ]
                as [(Amount, Bool)]
            {
                let entry = Entry(day: day, value: value, isSkipped: skipped, note: note)
                let expected = try APIJSON.encoder().encode(entry)
                let direct = Reply.entryJSON(entry)
                #expect(Data(direct.readableBytesView) == expected, "\(String(describing: note))")
                let response = Reply.entry(entry)
                #expect(response.headers[.contentLength] == String(expected.count))
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
        }
    }
}

@Suite("Check-in bodies")
struct DayUpdateBodyTests {
    @Test("{\"value\": n} is read directly exactly when it is that shape; everything else is left to JSONDecoder, which reads it the same")
    func valueOnly() throws {
        let direct =
            [
                (#"{"value":1}"#, 1), (#"{"value":0}"#, 0), (" {\n\t\"value\" :  42 \r\n} ", 42), (#"{"value":1000000000}"#, 1_000_000_000),
                (#"{"value":999999999}"#, 999_999_999),
            ] as [(String, Amount)]
        for (text, value) in direct {
            #expect(DayUpdate.valueOnly(Array(text.utf8)) == DayUpdate(value: value), "\(text.debugDescription)")
            #expect(try JSONDecoder().decode(DayUpdate.self, from: Data(text.utf8)) == DayUpdate(value: value))
        }
        let other = [
            "", "{}", #"{"value":-1}"#, #"{"value":01}"#, #"{"value":1.5}"#, #"{"value":1e3}"#, #"{"value":9999999999}"#, #"{"value":"1"}"#,
            #"{"value":12345678901}"#, #"{"value":1,"skip":true}"#, #"{"skip":true}"#, #"{"value":1}}"#, #"{"value":1} x"#,
            #"{"Value":1}"#, #"{"value":null}"#, #"[{"value":1}]"#, #"{"value":1"#, #"{"value" 1}"#, "{\u{A0}\"value\":1}",
        ]
        for text in other {
            #expect(DayUpdate.valueOnly(Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
        // Left to JSONDecoder: a decimal read exactly, a number with a fourth decimal or beyond the
        // largest amount refused.
        #expect(try JSONDecoder().decode(DayUpdate.self, from: Data(#"{"value":1.5}"#.utf8)) == DayUpdate(value: 1.5))
        #expect(try JSONDecoder().decode(DayUpdate.self, from: Data(#"{"value":0.1}"#.utf8)) == DayUpdate(value: Amount(thousandths: 100)))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DayUpdate.self, from: Data(#"{"value":1.0005}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DayUpdate.self, from: Data(#"{"value":9999999999}"#.utf8)) }
    }
}
