import Foundation
import Hummingbird
import Logging
import Synchronization
import TendHTTP
import Testing

@testable import TendServer

#if canImport(Glibc)
import Glibc
#endif

/// What every request pays for besides its own work (the log line, the metrics, the content type
/// check) was rewritten to cost less; these pin that it says the same as before.
@Suite("Per-request work: log lines, durations, content types")
struct RequestOverheadTests {
    /// swift-log's stream handler writing into a string.
    final class Captured: TextOutputStream, @unchecked Sendable {
        var text = ""
        func write(_ string: String) { text += string }
    }

    @Test("A log line is StreamLogHandler's, byte for byte: time, level, label, metadata, source, message")
    func logLineMatchesStreamLogHandler() throws {
        let cases: [(Logger.Level, Logger.Metadata, Logger.Metadata?, String)] = [
            (.info, ["hb.request.id": "4f2a"], ["method": "PUT", "status": .stringConvertible(200), "duration_ms": "0.31"], "request"),
            (.error, [:], ["error": "boom"], "unhandled error"),
            (.notice, [:], nil, "listening on http://127.0.0.1:8080"),
            (.warning, ["b": ["x", "y"], "a": ["k": "v"]], ["c": "ünïcode ✓"], "mixed"),
        ]
        for (level, base, explicit, message) in cases {
            var reference = StreamLogHandler(label: "tend.server", stream: Captured(), metadataProvider: nil)
            var ours = ServerLogHandler(label: "tend.server")
            for (key, value) in base {
                reference[metadataKey: key] = value
                ours[metadataKey: key] = value
            }
            let event = LogEvent(
                level: level, message: "\(message)", metadata: explicit, source: "TendServer", file: #fileID, function: #function,
                line: #line)
            // StreamLogHandler reads the clock itself: compare lines made within one second.
            var compared = false
            for _ in 0..<5 where !compared {
                let captured = Captured()
                reference = StreamLogHandler(label: "tend.server", stream: captured, metadataProvider: nil)
                for (key, value) in base { reference[metadataKey: key] = value }
                let before = time(nil)
                reference.log(event: event)
                let line = String(decoding: ours.line(event, now: before), as: UTF8.self)
                guard time(nil) == before else { continue }
                #expect(line == captured.text)
                compared = true
            }
            #expect(compared)
        }
    }

    @Test("The time text is made once a second and follows the clock")
    func timestampPerSecond() {
        let now = time(nil)
        let first = ServerLogHandler.timestamp(now)
        #expect(ServerLogHandler.timestamp(now) == first)
        let later = ServerLogHandler.timestamp(now + 3_600)
        #expect(later != first && later.count == first.count)
        #expect(ServerLogHandler.timestamp(now) == first)
    }

    @Test("Durations are logged as String(format: \"%.2f\") rounds them, to the hundredth of a millisecond")
    func durations() {
        for microseconds in [0, 1, 4, 5, 6, 9, 10, 994, 995, 996, 999, 1_000, 1_005, 12_345, 99_995, 1_234_567, 60_000_000] {
            let duration = Duration.microseconds(microseconds)
            let expected = String(format: "%.2f", Double(microseconds) / 1000)
            // A half (x.xx5) is a tie only in decimal: printf rounds the binary value, which may
            // sit on either side; half up is what the log says.
            let text = RequestLogMiddleware.milliseconds(duration)
            if microseconds % 10 == 5 {
                #expect(text == String(format: "%.2f", (Double(microseconds) + 1) / 1000), "\(microseconds) µs")
            } else {
                #expect(text == expected, "\(microseconds) µs")
            }
        }
        #expect(RequestLogMiddleware.milliseconds(.seconds(2)) == "2000.00")
    }

    @Test("application/json is recognised in any case, with spaces and parameters, and nothing else is")
    func jsonMediaTypes() {
        for accepted in [
            "application/json", "Application/JSON", " application/json ", "application/json; charset=utf-8",
            "\tAPPLICATION/json;charset=UTF-8", "application/json;",
        ] {
            #expect(Request.isJSONMediaType(accepted), "\(accepted)")
        }
        for refused in [
            "", "text/plain", "application/jsonx", "application/json-patch+json", "application/x-www-form-urlencoded",
            "application\u{0F}json", "applicatio/json", "application/jso", "multipart/form-data; boundary=application/json",
            "application/ json", "\u{A0}application/json", "applıcation/json",
        ] {
            #expect(!Request.isJSONMediaType(refused), "\(refused)")
        }
    }
}
