import Crypto
import Foundation
import TendCore

/// What the "Done" button of a reminder (ntfy's `http` action) carries in its URL: which owner's
/// habit to check in, for which day (the day the reminder fired for, not the day it is
/// tapped), from which firing, until when — signed with the server's secret so that nobody can
/// make one, and expiring so that a leaked notification does not work forever.
///
/// The token proves who and what; it does not prove "not used before". Single use is the
/// store's to enforce: it records the firing id when the check-in is made and refuses a second
/// use of the same firing.
public struct ActionToken: Hashable, Sendable {
    public let owner: UUID
    public let habit: Habit.ID
    public let day: Day
    public let firing: UUID
    /// Whole seconds since 1970; the token is refused from this instant on.
    public let expires: Int

    public init(owner: UUID, habit: Habit.ID, day: Day, firing: UUID, expires: Date) {
        self.owner = owner
        self.habit = habit
        self.day = day
        self.firing = firing
        self.expires = Int(expires.timeIntervalSince1970.rounded(.down))
    }

    /// base64url of `version · owner · habit · day · firing · expiry · HMAC-SHA256` (125 characters).
    public func signed(with secret: ActionTokenSecret) -> String {
        let message = fields
        let mac = HMAC<SHA256>.authenticationCode(for: Self.domain + message, using: secret.key)
        return Base64URL.encode(message + Data(mac))
    }

    /// The token's fields if its signature is the server's and it has not expired.
    public static func verify(_ text: String, secret: ActionTokenSecret, now: Date) throws(ActionTokenError) -> ActionToken {
        // Bounded before decoding: a URL segment of any length must not cost more than a token.
        guard text.utf8.count <= 200, let bytes = Base64URL.decode(text), bytes.count == length + 32 else {
            throw .malformed
        }
        let message = bytes.prefix(length)
        let mac = bytes.suffix(32)
        // Constant time (swift-crypto compares every byte), so the comparison leaks nothing of the right code.
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: domain + message, using: secret.key) else {
            throw .badSignature
        }
        let b = [UInt8](message)
        guard b[0] == version else { throw .malformed }
        let token = ActionToken(
            owner: uuid(b, at: 1), habit: Habit.ID(rawValue: uuid(b, at: 17)), day: Day(ordinal: Int(Int32(bitPattern: uint32(b, at: 33)))),
            firing: uuid(b, at: 37), expiresSeconds: Int(Int64(bitPattern: uint64(b, at: 53))))
        guard Int(now.timeIntervalSince1970.rounded(.down)) < token.expires else { throw .expired }
        return token
    }

    private init(owner: UUID, habit: Habit.ID, day: Day, firing: UUID, expiresSeconds: Int) {
        self.owner = owner
        self.habit = habit
        self.day = day
        self.firing = firing
        self.expires = expiresSeconds
    }

    static let version: UInt8 = 1
    /// 1 + 16 + 16 + 4 + 16 + 8 bytes.
    static let length = 61
    /// Separates these MACs from any other use of the same secret.
    static let domain = Data("tend-action-token".utf8)

    private var fields: Data {
        var data = Data([Self.version])
        withUnsafeBytes(of: owner.uuid) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: habit.rawValue.uuid) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(bitPattern: Int32(truncatingIfNeeded: day.ordinal)).bigEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: firing.uuid) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(bitPattern: Int64(expires)).bigEndian) { data.append(contentsOf: $0) }
        return data
    }

    private static func uuid(_ b: [UInt8], at i: Int) -> UUID {
        UUID(
            uuid: (
                b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5], b[i + 6], b[i + 7],
                b[i + 8], b[i + 9], b[i + 10], b[i + 11], b[i + 12], b[i + 13], b[i + 14], b[i + 15]
            ))
    }

    private static func uint32(_ b: [UInt8], at i: Int) -> UInt32 {
        b[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func uint64(_ b: [UInt8], at i: Int) -> UInt64 {
        b[i..<i + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }
}

/// Why an action URL is refused.
public enum ActionTokenError: Error, Hashable, Sendable {
    case malformed
    case badSignature
    case expired
}
