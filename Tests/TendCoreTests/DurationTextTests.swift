import Foundation
import TendCore
import Testing

/// One reader of typed durations for the CLI and the web (issue 41, item 4), and the words a
/// duration is shown in.
@Suite("Durations as people type and read them")
struct DurationTextTests {
    @Test(
        "Typed: a bare number is minutes, units in order, decimals, h:mm",
        arguments: [
            ("45", 2700), ("12.5", 750), ("12,5", 750), ("45m", 2700), ("25 min", 1500), ("30min", 1800), ("1h30", 5400),
            ("1h30m", 5400), ("1 h 30 min", 5400), ("0.5h", 1800), ("1.5 hours", 5400), ("90s", 90), ("12m30s", 750),
            ("12m30", 750), ("1:30", 5400), ("0:05", 300), ("2H", 7200), ("0", 0), ("24h", 86_400), ("23:59", 86_340),
        ])
    func typed(text: String, seconds: Int) throws {
        #expect(try DurationText.seconds(text) == seconds)
    }

    @Test(
        "Refused, each with its reason",
        arguments: [
            ("", DurationText.Refusal.empty), ("  ", .empty), ("-5m", .negative("-5m")), ("−5", .negative("−5")),
            ("soon", .notADuration("soon")), ("30m1h", .notADuration("30m1h")), ("1h1h", .notADuration("1h1h")),
            ("1:3", .notADuration("1:3")), ("1:75", .notADuration("1:75")), ("h", .notADuration("h")), ("1..5", .notADuration("1..5")),
            ("45x", .notADuration("45x")), ("25h", .tooLong("25h")), ("24:01", .tooLong("24:01")), ("1441", .tooLong("1441")),
            (String(repeating: "9", count: 400), .tooLong(String(repeating: "9", count: 400))),
        ])
    func refused(text: String, refusal: DurationText.Refusal) {
        #expect(throws: refusal) { try DurationText.seconds(text) }
        #expect(!refusal.description.isEmpty)
    }

    @Test(
        "Shown in words to the second: 12.5 minutes is not \"12 min\"",
        arguments: [
            (0, "0 min"), (45, "45 s"), (600, "10 min"), (750, "12 min 30 s"), (3600, "1 h"), (3900, "1 h 5 min"),
            (3630, "1 h 0 min 30 s"), (5430, "1 h 30 min 30 s"), (86_400, "24 h"),
        ])
    func words(seconds: Int, text: String) {
        #expect(DurationText.words(seconds) == text)
    }

    @Test("The short form reads back to the same seconds", arguments: [0, 1, 59, 60, 750, 3600, 3630, 5400, 86_399, 86_400])
    func shortReadsBack(seconds: Int) throws {
        #expect(try DurationText.seconds(DurationText.short(seconds)) == seconds)
    }
}
