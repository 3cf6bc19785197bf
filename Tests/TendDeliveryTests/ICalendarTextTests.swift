import Foundation
import TendDelivery
import Testing

@Suite("ICalendarText: RFC 5545 TEXT escaping and 75-octet line folding")
struct ICalendarTextTests {
    @Test(
        "TEXT values escape backslash, semicolon and comma, and write every line break as \\n",
        arguments: [
            (#"a\b"#, #"a\\b"#), ("Water; 8 glasses, please", #"Water\; 8 glasses\, please"#), ("one\ntwo", #"one\ntwo"#),
            ("one\r\ntwo", #"one\ntwo"#), ("one\rtwo", #"one\ntwo"#), ("one\n\ntwo", #"one\n\ntwo"#), ("Time: 08:00 💧", "Time: 08:00 💧"),
        ])
    func escaping(text: String, escaped: String) {
        #expect(ICalendarText.escape(text) == escaped)
    }

    /// The folded text's physical lines as bytes, without their CRLF.
    static func physicalLines(_ folded: String) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var bytes = Array(folded.utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == 0x0D, bytes.first == 0x0A {
                bytes.removeFirst()
                lines.append(current)
                current = []
            } else {
                current.append(byte)
            }
        }
        #expect(current.isEmpty, "the text ends with CRLF")
        return lines
    }

    @Test(
        "Folded lines have at most 75 octets, split no UTF-8 sequence, and unfold to the original",
        arguments: [
            String(repeating: "a", count: 300), "DESCRIPTION:" + String(repeating: "é", count: 100),
            "SUMMARY:" + String(repeating: "💧", count: 40), "DESCRIPTION:" + String(repeating: "中文", count: 60),
            "SUMMARY:" + String(repeating: "ab🏋️c", count: 30), "X:" + "e" + String(repeating: "\u{301}", count: 80),
        ])
    func folding(line: String) throws {
        let folded = ICalendarText.fold(line)
        let lines = Self.physicalLines(folded)
        #expect(lines.count > 1)
        for (index, bytes) in lines.enumerated() {
            #expect(bytes.count <= 75)
            #expect(String(bytes: bytes, encoding: .utf8) != nil, "line \(index) is whole UTF-8")
            #expect((bytes.first == 0x20) == (index > 0), "continuations, and only they, start with a space")
        }
        // Unfolded as parsers do, on bytes: a continuation's space may precede a combining mark,
        // and Swift's String would see the two as one character.
        let unfolded = lines.enumerated().flatMap { index, bytes in index == 0 ? bytes[...] : bytes.dropFirst() }
        #expect(String(decoding: unfolded, as: UTF8.self) == line)
    }

    @Test("A 75-octet line stays whole; at 76 the last octet moves to a continuation line")
    func foldBoundary() {
        let exact = String(repeating: "x", count: 75)
        #expect(ICalendarText.fold(exact) == exact + "\r\n")
        #expect(ICalendarText.fold(exact + "y") == exact + "\r\n y\r\n")
    }

    @Test("A character that would cross the 75th octet moves whole to the next line, emoji and variation selector together")
    func foldKeepsCharacters() {
        // 73 octets, then a 7-octet emoji (U+1F3CB U+FE0F): it does not fit, so it starts line two
        let line = String(repeating: "a", count: 73) + "🏋️" + "b"
        #expect(ICalendarText.fold(line) == String(repeating: "a", count: 73) + "\r\n 🏋️b\r\n")
        // 71 octets, then a 4-octet emoji: exactly 75, it stays
        let fits = String(repeating: "a", count: 71) + "💧"
        #expect(ICalendarText.fold(fits + "b") == fits + "\r\n b\r\n")
    }
}
