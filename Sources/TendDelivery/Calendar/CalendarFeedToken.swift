import Crypto
import Foundation
import TendCore

/// The secret in a calendar feed's URL (`/calendar/{token}.ics`): calendar apps fetch the feed
/// without signing in, so the token is the credential. It names the owner and carries
/// HMAC-SHA256, keyed by the server's secret, over the owner and the feed's generation; rotating
/// the feed (a new generation) makes every older URL fail, with nothing stored per URL.
public struct CalendarFeedToken: Hashable, Sendable {
    /// The server's key (kept with `serverSecret(named: "calendar-feed-key")`).
    public typealias Key = ServerHMACKey

    public let owner: UUID
    public let generation: Int

    public init(owner: UUID, generation: Int) {
        self.owner = owner
        self.generation = generation
    }

    /// base64url of `owner (16 bytes) · HMAC-SHA256 (32 bytes)`: 64 characters.
    public func text(key: Key) -> String {
        Base64URL.encode(Self.ownerBytes(owner) + Data(mac(key: key)))
    }

    /// The owner a token names, before its signature is checked (to look up their generation);
    /// nil for text that cannot be a token.
    public static func owner(named text: String) -> UUID? {
        guard text.utf8.count == 64, let bytes = Base64URL.decode(text), bytes.count == 48 else { return nil }
        return UUID(uuid: bytes.prefix(16).withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) })
    }

    /// Whether `text` is this owner's token of this generation. Constant time: swift-crypto
    /// compares every byte, so a wrong guess learns nothing of the right code.
    public func matches(_ text: String, key: Key) -> Bool {
        guard Self.owner(named: text) == owner, let bytes = Base64URL.decode(text) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(bytes.suffix(32), authenticating: message, using: key.key)
    }

    private func mac(key: Key) -> HashedAuthenticationCode<SHA256> {
        HMAC<SHA256>.authenticationCode(for: message, using: key.key)
    }

    /// A label (so the key could never sign something else by accident), the owner and the generation.
    private var message: Data {
        var generation = UInt64(clamping: max(0, self.generation)).bigEndian
        return Data("tend-calendar-feed-v1".utf8) + Self.ownerBytes(owner) + Data(bytes: &generation, count: 8)
    }

    private static func ownerBytes(_ owner: UUID) -> Data {
        withUnsafeBytes(of: owner.uuid) { Data($0) }
    }
}
