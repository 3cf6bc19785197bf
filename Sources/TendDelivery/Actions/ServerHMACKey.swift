import Crypto
import Foundation
import TendCore

/// A key the server signs with (HMAC-SHA256): random, kept in the database like the VAPID key
/// (`server_secrets`), at least 32 bytes. One per use: the "Done"/"Later" URLs' (``ActionToken``)
/// and the calendar feed's (``CalendarFeedToken``); replacing one voids every token it signed.
public struct ServerHMACKey: Sendable {
    /// The raw bytes: swift-crypto's `SymmetricKey` is rebuilt from them where needed.
    private let bytes: Data

    /// A new key from the system's CSPRNG.
    public init() {
        bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    /// A kept key (base64url); nil when it is shorter than 32 bytes or not base64url.
    public init?(stored: String) {
        guard let bytes = Base64URL.decode(stored), bytes.count >= 32 else { return nil }
        self.bytes = bytes
    }

    /// What to store.
    public var stored: String { Base64URL.encode(bytes) }

    var key: SymmetricKey { SymmetricKey(data: bytes) }
}

/// The key of ``ActionToken``s.
public typealias ActionTokenSecret = ServerHMACKey
