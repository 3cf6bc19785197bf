import Foundation
import TendCore
import TendDelivery
import Testing

@Suite("Calendar feed tokens: the owner and an HMAC over owner and generation")
struct CalendarFeedTokenTests {
    let key = CalendarFeedToken.Key()
    let owner = UUID()

    @Test("A token names its owner, matches its own generation only, and is 64 base64url characters")
    func roundTrip() {
        let token = CalendarFeedToken(owner: owner, generation: 3).text(key: key)
        #expect(token.count == 64 && Base64URL.isAlphabet(token))
        #expect(CalendarFeedToken.owner(named: token) == owner)
        #expect(CalendarFeedToken(owner: owner, generation: 3).matches(token, key: key))
        #expect(!CalendarFeedToken(owner: owner, generation: 4).matches(token, key: key))
        #expect(!CalendarFeedToken(owner: owner, generation: 2).matches(token, key: key))
    }

    @Test("Another key, another owner or one altered character does not match")
    func refusals() {
        let token = CalendarFeedToken(owner: owner, generation: 0).text(key: key)
        #expect(!CalendarFeedToken(owner: owner, generation: 0).matches(token, key: CalendarFeedToken.Key()))
        #expect(!CalendarFeedToken(owner: UUID(), generation: 0).matches(token, key: key))
        var altered = Array(token)
        altered[40] = altered[40] == "A" ? "B" : "A"
        #expect(!CalendarFeedToken(owner: owner, generation: 0).matches(String(altered), key: key))
        #expect(CalendarFeedToken.owner(named: "short") == nil)
        #expect(CalendarFeedToken.owner(named: String(repeating: "!", count: 64)) == nil)
    }

    @Test("A kept key reads back; a short one is refused")
    func storedKey() throws {
        let kept = try #require(CalendarFeedToken.Key(stored: key.stored))
        let token = CalendarFeedToken(owner: owner, generation: 1).text(key: key)
        #expect(CalendarFeedToken(owner: owner, generation: 1).matches(token, key: kept))
        #expect(CalendarFeedToken.Key(stored: Base64URL.encode(Data(count: 16))) == nil)
    }
}
