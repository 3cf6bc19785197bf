import Foundation
import Synchronization
import TendDelivery
import TendStore

/// The server's VAPID key pair (RFC 8292): made on first use and kept in the store as the
/// server secret ``secretName``, so every instance on one database, and the scheduler that
/// signs the pushes, use the same key that browsers subscribed with.
public struct PushKeyProvider: Sendable {
    /// The server secret holding the P-256 private key's raw representation, base64url.
    public static let secretName = "vapid-private-key"

    private let load: @Sendable () async throws -> VAPIDKeyPair

    public init(_ load: @escaping @Sendable () async throws -> VAPIDKeyPair) {
        self.load = load
    }

    /// Always `keyPair` (tests).
    public static func fixed(_ keyPair: VAPIDKeyPair) -> PushKeyProvider {
        PushKeyProvider { keyPair }
    }

    /// The key pair kept in `store`, read once and then remembered (it never changes while
    /// subscriptions live).
    public static func stored(in store: any ReminderStore) -> PushKeyProvider {
        let kept = Mutex<VAPIDKeyPair?>(nil)
        return PushKeyProvider {
            if let keyPair = kept.withLock({ $0 }) { return keyPair }
            let text = try await store.serverSecret(named: secretName) { VAPIDKeyPair().storedPrivateKey }
            let keyPair = try VAPIDKeyPair(storedPrivateKey: text)
            kept.withLock { $0 = keyPair }
            return keyPair
        }
    }

    public func keyPair() async throws -> VAPIDKeyPair {
        try await load()
    }
}
