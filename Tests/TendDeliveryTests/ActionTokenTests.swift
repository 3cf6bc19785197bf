import Foundation
import TendCore
import TendDelivery
import TendTestSupport
import Testing

@Suite("ActionToken: the signed, expiring \"Done\" URL of a reminder")
struct ActionTokenTests {
    static let now = Fixtures.instant("2026-11-24T23:30:00Z")
    static let secret = ActionTokenSecret()
    static let token = ActionToken(
        owner: UUID(), habit: Habit.ID(), day: Fixtures.day("2026-11-24"), firing: UUID(), expires: now.addingTimeInterval(86_400))

    @Test("A token signed by the server verifies to the same fields, after midnight too: it carries the day it fired for")
    func roundTrip() throws {
        let text = Self.token.signed(with: Self.secret)
        #expect(Base64URL.decode(text) != nil)
        #expect(!text.contains("=") && !text.contains("/") && !text.contains("+"))
        let verified = try ActionToken.verify(text, secret: Self.secret, now: Self.now.addingTimeInterval(40 * 60))
        #expect(verified == Self.token)
        #expect(verified.day == Fixtures.day("2026-11-24"))
    }

    @Test("An expired token is refused, from its expiry instant on")
    func expired() throws {
        let text = Self.token.signed(with: Self.secret)
        _ = try ActionToken.verify(text, secret: Self.secret, now: Self.now.addingTimeInterval(86_399))
        #expect(throws: ActionTokenError.expired) {
            try ActionToken.verify(text, secret: Self.secret, now: Self.now.addingTimeInterval(86_400))
        }
    }

    @Test("Changing any byte, or another server's secret, is refused as a bad signature")
    func tampered() throws {
        let bytes = try #require(Base64URL.decode(Self.token.signed(with: Self.secret)))
        for index in [0, 1, 20, 35, 40, 55, 60, 61, 92] {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(throws: ActionTokenError.badSignature) {
                try ActionToken.verify(Base64URL.encode(changed), secret: Self.secret, now: Self.now)
            }
        }
        #expect(throws: ActionTokenError.badSignature) {
            try ActionToken.verify(Self.token.signed(with: Self.secret), secret: ActionTokenSecret(), now: Self.now)
        }
    }

    @Test("Malformed text is refused without work", arguments: ["", "abc", "not base64!", String(repeating: "A", count: 5000)])
    func malformed(text: String) {
        #expect(throws: ActionTokenError.malformed) { try ActionToken.verify(text, secret: Self.secret, now: Self.now) }
    }

    @Test("A stored secret comes back; a short one is refused")
    func storedSecret() throws {
        let stored = Self.secret.stored
        let again = try #require(ActionTokenSecret(stored: stored))
        _ = try ActionToken.verify(Self.token.signed(with: Self.secret), secret: again, now: Self.now)
        #expect(ActionTokenSecret(stored: Base64URL.encode(Data(repeating: 1, count: 16))) == nil)
    }
}
