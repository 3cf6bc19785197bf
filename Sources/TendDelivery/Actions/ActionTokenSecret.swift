import Crypto
import Foundation

/// The server's key for ``ActionToken``s: random, kept in the database like the VAPID key, at
/// least 32 bytes (HMAC-SHA256's block of strength). Rotating it voids every "Done" URL out.
public struct ActionTokenSecret: Sendable {
    /// The raw bytes: swift-crypto's `SymmetricKey` is rebuilt from them where needed.
    private let bytes: Data

    /// A new secret from the system's CSPRNG.
    public init() {
        bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    /// A kept secret (base64url); nil when it is shorter than 32 bytes or not base64url.
    public init?(stored: String) {
        guard let bytes = Base64URL.decode(stored), bytes.count >= 32 else { return nil }
        self.bytes = bytes
    }

    /// What to store.
    public var stored: String { Base64URL.encode(bytes) }

    var key: SymmetricKey { SymmetricKey(data: bytes) }
}
