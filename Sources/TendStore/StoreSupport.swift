import Foundation
import Synchronization
import TendCore

/// Decoded JSON column values by their text. Habits' schedules and reminders are stored as JSON,
/// and decoding them was most of the cost of reading a habit on the check-in path; the texts
/// repeat (a handful of schedules per user), and a text always decodes to the same value, so a
/// cache keyed by the text is always right.
final class DecodedJSONCache<Value: Decodable & Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    /// Beyond this many texts the cache starts again (a bound, not an eviction policy).
    private let limit: Int

    init(limit: Int = 1024) {
        self.limit = limit
    }

    func value(_ text: String, decoder decode: (String) throws -> Value) throws -> Value {
        if let value = values.withLock({ $0[text] }) { return value }
        let value = try decode(text)
        values.withLock { values in
            if values.count >= limit { values.removeAll(keepingCapacity: true) }
            values[text] = value
        }
        return value
    }
}

enum StoredJSON {
    static let schedules = DecodedJSONCache<Schedule>()
    static let reminders = DecodedJSONCache<[Reminder]>()

    /// JSON as both SQL stores keep it: sorted keys (equal values are stored alike), slashes
    /// unescaped.
    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

extension UUID {
    /// An op-log id: a version-7 UUID (RFC 9562), the operation's timestamp in milliseconds
    /// first, then 74 random bits from the system's generator.
    ///
    /// Ids made later sort after earlier ones, so the op log's unique index on ids grows at its
    /// end instead of being written at a random place by every operation (a page less to write
    /// and sync per check-in). And Foundation's `UUID()` opens /dev/urandom on every call on
    /// Linux (≈ 10 µs); an op id is made on every write.
    static func timeOrdered(milliseconds: Int64) -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            let time = UInt64(max(0, milliseconds))
            for index in 0..<6 { raw[index] = UInt8(truncatingIfNeeded: time >> (40 - 8 * index)) }
            raw[6] = (raw[6] & 0x0F) | 0x70  // version 7
            raw[8] = (raw[8] & 0x3F) | 0x80  // RFC 9562 variant
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }
}

/// The op log's JSON for a change: ``StoredJSON/text(_:)``'s, except that
/// the day changes every check-in logs are written directly, byte for byte the same — the
/// encoder was a tenth of a check-in's work on the writer.
enum OpLogJSON {
    static func text(_ change: Change) throws -> String {
        switch change {
        case .entrySet(let habit, let day, let value): entry("entrySet", habit, day, after: ("value", String(value)))
        case .entryIncremented(let habit, let day, let by): entry("entryIncremented", habit, day, before: ("by", String(by)))
        case .entrySkipped(let habit, let day, let skipped): entry("entrySkipped", habit, day, after: ("skipped", skipped ? "true" : "false"))
        case .entryReset(let habit, let day): entry("entryReset", habit, day)
        default: try StoredJSON.text(change)
        }
    }

    /// `{"<name>":{…,"day":"…","habit":"…",…}}`, the third key sorted before "day" or after "habit".
    private static func entry(
        _ name: String, _ habit: Habit.ID, _ day: Day, before: (String, String)? = nil, after: (String, String)? = nil
    ) -> String {
        var text = #"{""# + name + #"":{"#
        if let (key, value) = before { text += "\"" + key + "\":" + value + "," }
        text += #""day":""# + day.iso + #"","habit":""# + habit.rawValue.text() + "\""
        if let (key, value) = after { text += ",\"" + key + "\":" + value }
        return text + "}}"
    }
}

/// Tokens proven in the last second, by hash: every request of a session or an API client
/// authenticates, and reading the token was a twentieth of a check-in. The SQL stores keep one
/// each and use it through ``authenticate(hash:now:read:touch:)``.
///
/// What it must never do is accept a token after its revocation. Every revocation made through
/// this store (a token, all of a kind, the user) calls ``forgetAll()`` once the database change is
/// committed; that also starts a new generation, so a token read before the revocation and kept
/// after it is refused. A revocation made by another server instance (PostgreSQL) or process
/// reaches this one within ``lifetime``.
final class TokenCache: Sendable {
    private struct Kept {
        var token: AuthToken
        var until: ContinuousClock.Instant
    }

    /// How long a token read from the database is trusted without reading it again.
    let lifetime: Duration
    private let capacity: Int
    private let state = Mutex<(kept: [String: Kept], generation: UInt64)>(([:], 0))

    init(lifetime: Duration = .seconds(1), capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// After a token, tokens or a user were deleted in the database.
    func forgetAll() {
        state.withLock { state in
            state.generation &+= 1
            state.kept.removeAll(keepingCapacity: true)
        }
    }

    /// The token of `hash` unexpired at `now` (`nil`: unknown, expired or revoked): from the
    /// cache while it is fresh, else `read` from the database. When its last use is due a
    /// refresh, `touch` writes it and tells whether the token was still there.
    func authenticate(
        hash: String, now: Date, read: () async throws -> AuthToken?, touch: (AuthToken) async throws -> Bool
    ) async throws -> AuthToken? {
        let (kept, generation) = state.withLock { state in
            (state.kept[hash].flatMap { $0.until > .now ? $0.token : nil }, state.generation)
        }
        var token: AuthToken
        if let kept {
            token = kept
        } else {
            guard let read = try await read() else { return nil }
            token = read
            keep(token, hash: hash, generation: generation)
        }
        guard AccountRules.isUnexpired(token.expiresAt, now: now) else { return nil }
        guard AccountRules.needsLastUsedRefresh(token.lastUsedAt, now: now) else { return token }
        guard try await touch(token) else {  // revoked meanwhile
            forgetAll()
            return nil
        }
        token.lastUsedAt = now
        keep(token, hash: hash, generation: generation)
        return token
    }

    /// Keeps a token read while `generation` was current, unless a revocation came since.
    private func keep(_ token: AuthToken, hash: String, generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.kept.count >= capacity { state.kept.removeAll(keepingCapacity: true) }
            state.kept[hash] = Kept(token: token, until: .now + lifetime)
        }
    }
}
