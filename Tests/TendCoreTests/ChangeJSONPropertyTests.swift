import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

/// The entry changes' own JSON reader and writer (``Change/read(_:)``, ``Change/writeJSON(to:)``)
/// against the coders they stand in for: the same bytes written, the same values read, and
/// nothing read that `JSONDecoder` would refuse.
@Suite("Change JSON: the fast reader and writer agree with the coders")
struct ChangeJSONPropertyTests {
    static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Notes with everything JSON escapes or a writer can get wrong: quotes, backslashes, slashes,
    /// every control character, DEL, line separators, accents and emoji.
    static func note(using random: inout SeededGenerator) -> String? {
        guard Int.random(in: 0..<3, using: &random) > 0 else { return nil }
        let pieces = [
            "a", " ", "\"", "\\", "/", "\u{7F}", "\u{2028}", "é", "😀", "\u{FEFF}", "\n", "\r\n", "\t", "\u{0}", "\u{1F}", "\u{8}", "\u{C}",
        ]
        let count = Int.random(in: 0...12, using: &random)
        return (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// A history of every kind of change, and imports of entries with hard notes.
    static func operations(seed: UInt64) -> [ChangeOperation] {
        var random = SeededGenerator(seed: seed)
        var clock = HybridClock(device: "d\"/\\é")
        var operations = SyncHistory.operations(seed: seed, devices: 3, count: 60)
        let habit = SyncHistory.habitIDs[0]
        for offset in 0..<8 {
            let day = SyncHistory.day.adding(days: -offset * 400)
            let change: Change
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let entries = (0..<Int.random(in: 0...6, using: &random)).map { index in
                    Entry(
                        day: day.adding(days: index),
                        value: Amount(thousandths: Int64.random(in: 0...Amount.maximum.thousandths, using: &random)),
                        isSkipped: Bool.random(using: &random), note: note(using: &random))
                }
                change = .entriesImported(habit: habit, entries: entries)
            case 1: change = .entryNoteSet(habit: habit, day: day, note: note(using: &random))
            default:
                change = .entryIncremented(
                    habit: habit, day: day, by: Amount(thousandths: Int64.random(in: -5_000...5_000, using: &random)))
            }
            operations.append(ChangeOperation(device: clock.device, timestamp: clock.tick(now: SyncHistory.start), change: change))
        }
        return operations
    }

    @Test("Every change and operation is written byte for byte as JSONEncoder writes it, and read back as JSONDecoder reads it")
    func agreesWithTheCoders() async throws {
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            for operation in Self.operations(seed: UInt64(seed)) {
                let expected = try! Self.encoder.encode(operation)
                var output = JSONOutput()
                try! operation.writeJSON(to: &output)
                #expect(output.bytes == Array(expected), "\(operation.change)")

                let change = Array(try! Self.encoder.encode(operation.change))
                var changeOutput = JSONOutput()
                if operation.change.writeJSON(to: &changeOutput) { #expect(changeOutput.bytes == change) }
                #expect(try! Change.decode(json: change) == operation.change)

                var scanner = JSONScanner(Array(expected))
                let read = ChangeOperation.read(&scanner)
                let atEnd = scanner.atEnd()
                #expect(read == operation)
                #expect(atEnd)
            }
        }
    }

    @Test("Damaged text is never read differently from JSONDecoder: what the fast reader accepts, the decoder accepts alike")
    func damagedText() async throws {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let operations = Self.operations(seed: UInt64(seed))
            let operation = operations.filter(\.change.isEntryChange).randomElement(using: &random)!
            var bytes = Array(try! Self.encoder.encode(operation))
            let alphabet = Array(#"{}[]",:0123456789-.etrufalsn \"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
            for _ in 0...Int.random(in: 0...2, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                }
            }
            var scanner = JSONScanner(bytes)
            guard let fast = ChangeOperation.read(&scanner), scanner.atEnd() else { return }
            let decoded = try? JSONDecoder().decode(ChangeOperation.self, from: Data(bytes))
            #expect(decoded == fast, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test("Text the fast reader does not take is the decoder's to read or refuse, errors and all")
    func fallsBackToTheDecoder() throws {
        let habit = "00000000-0000-0000-0000-0000000000a1"
        // PostgreSQL's jsonb text: spaces after colons and commas, keys in its own order
        #expect(
            try Change.decode(json: Array(#"{"entrySet": {"day": "2026-05-28", "habit": "\#(habit)", "value": 3}}"#.utf8))
                == .entrySet(habit: SyncHistory.habitIDs[0], day: SyncHistory.day, value: 3))
        // A duplicate key: the decoder keeps the first
        #expect(
            try Change.decode(json: Array(#"{"entrySet":{"day":"2026-05-28","habit":"\#(habit)","value":3,"value":4}}"#.utf8))
                == .entrySet(habit: SyncHistory.habitIDs[0], day: SyncHistory.day, value: 3))
        // A number with a fraction, an unknown key, escapes in a note and in a key
        #expect(
            try Change.decode(
                json: Array(#"{"entrySet":{"day":"2026-05-28","habit":"\#(habit)","value":2.0,"extra":[1,{"a":null}]}}"#.utf8))
                == .entrySet(habit: SyncHistory.habitIDs[0], day: SyncHistory.day, value: 2))
        #expect(
            try Change.decode(
                json: Array(#"{"entryNoteSet":{"day":"2026-05-28","habit":"\#(habit)","n\u006Fte":"caf\u00e9 \ud83d\ude00"}}"#.utf8))
                == .entryNoteSet(habit: SyncHistory.habitIDs[0], day: SyncHistory.day, note: "café 😀"))
        // What the decoder refuses is refused: a negative entry value, a day that does not exist, a lone surrogate
        let refused = [
            #"{"entriesImported":{"entries":[{"day":"2026-05-28","value":-1}],"habit":"\#(habit)"}}"#,
            #"{"entrySet":{"day":"2026-02-30","habit":"\#(habit)","value":1}}"#,
            #"{"entryNoteSet":{"day":"2026-05-28","habit":"\#(habit)","note":"\ud83d"}}"#,
            #"{"entrySet":{"day":"2026-05-28","habit":"\#(habit)","value":1}} x"#,
            #"{"entrySet":{"day":"2026-05-28","habit":"\#(habit)"}}"#,
        ]
        for text in refused {
            #expect(throws: DecodingError.self, "\(text)") { try Change.decode(json: Array(text.utf8)) }
        }
        // A key that is not UTF-8 (found by `damagedText`): refused, not skipped as unknown
        var damaged = Array(#"{"entriesImported":{"entries":[{"day":"2026-05-28","vxlue":1}],"habit":"\#(habit)"}}"#.utf8)
        damaged[damaged.firstIndex(of: UInt8(ascii: "x"))!] = 0xFF
        #expect(throws: DecodingError.self) { try Change.decode(json: damaged) }
    }
}

extension Change {
    fileprivate var isEntryChange: Bool {
        var output = JSONOutput()
        return writeJSON(to: &output)
    }
}

@Suite("HybridTimestamp: its text, written and read")
struct HybridTimestampTextTests {
    @Test("The text is 16 decimal digits, at least 4 hex digits and the device, and reads back to the same timestamp")
    func roundTrip() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let milliseconds = Int64.random(in: 0...9_999_999_999_999_999, using: &random)
            let counter = [Int.random(in: 0...15, using: &random), Int.random(in: 0...0xFFFF_FFFF, using: &random)].randomElement(
                using: &random)!
            let device = ["cli-laptop", "d-1-2", "é😀", "x"].randomElement(using: &random)!
            let timestamp = HybridTimestamp(milliseconds: milliseconds, counter: counter, device: device)
            let millis = String(milliseconds)
            let count = String(counter, radix: 16)
            let expected =
                String(repeating: "0", count: 16 - millis.count) + millis + "-"
                + String(repeating: "0", count: max(0, 4 - count.count)) + count + "-" + device
            #expect(timestamp.description == expected)
            #expect(HybridTimestamp(expected) == timestamp)
            #expect(HybridTimestamp(expected.uppercased()).map(\.counter) == counter)
        }
    }

    @Test("Texts that are not timestamps are refused")
    func refused() {
        for text in [
            "", "0001732233600000-0000-", "0001732233600000-000-d", "001732233600000-0000-d", "0001732233600000-00g0-d",
            "000173223360000a-0000-d", "0001732233600000_0000-d", "+001732233600000-0000-d", "0001732233600000-0000",
        ] {
            #expect(HybridTimestamp(text) == nil, "\(text)")
        }
        #expect(
            HybridTimestamp("0001732233600000-00ff-d-e") == HybridTimestamp(milliseconds: 1_732_233_600_000, counter: 255, device: "d-e"))
    }
}
