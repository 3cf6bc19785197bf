import Foundation
import PropertyBased
import TendCore
import Testing

@testable import TendDelivery

/// The webhook body is written by hand for speed; these hold it to what `JSONEncoder` and
/// `Date.ISO8601FormatStyle` write, for texts and instants Tend never makes as well as those it does.
@Suite("Webhook bodies: the hand-written JSON equals JSONEncoder's")
struct WebhookPayloadEncodingTests {
    /// Escapes and multi-byte text: quotes, backslashes, slashes, every control character,
    /// DEL, the line and paragraph separators, accents and emoji.
    static let pieces: [String] =
        ["a", "Read", " ", "\"", "\\", "/", "</script>", "\u{7F}", "\u{2028}", "\u{2029}", "é", "Zeit für Yoga", "🧘", "👩‍👩‍👧", "日本"]
        + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }

    static let text = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...12).map { $0.map { Self.pieces[$0] }.joined() }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    @Test("Random names, emoji and messages: the same bytes as JSONEncoder, and they read back")
    func sameBytes() async {
        await propertyCheck(count: 500, input: zip(Self.text, Self.text, Self.text, Gen.int(in: 0...4_000_000_000))) {
            habit, emoji, message, seconds in
            let payload = WebhookPayload(
                habit: habit, habitId: Habit.ID(), emoji: emoji, message: message,
                firesAt: Date(timeIntervalSince1970: TimeInterval(seconds)), day: Day(ordinal: seconds / 86_400))
            let fast = payload.json()
            #expect(fast == (try? Self.encoder().encode(payload)))
            #expect((try? JSONDecoder().decode(WebhookPayload.self, from: fast)) == payload)
        }
    }

    @Test("Instants: the same text as ISO8601FormatStyle, whole seconds in UTC, before 1970 and after 9999 too")
    func instants() async {
        let style = Date.ISO8601FormatStyle()
        await propertyCheck(count: 2000, input: Gen.int(in: -100_000_000_000...300_000_000_000)) { milliseconds in
            let date = Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
            let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
            #expect(WebhookPayload.instant(date) == whole.formatted(style))
        }
        for seconds in [0, 86_399, 86_400, 951_782_400, 253_402_300_799, 253_402_300_800, -1] {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(WebhookPayload.instant(date) == date.formatted(style))
        }
    }
}
