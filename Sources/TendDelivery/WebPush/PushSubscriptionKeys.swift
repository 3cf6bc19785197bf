import Crypto
import Foundation
import TendCore

/// The keys of a browser's push subscription (`PushSubscription.toJSON().keys`): what a message
/// is encrypted for (RFC 8291 §2.1).
public struct PushSubscriptionKeys: Hashable, Sendable {
    /// The user agent's P-256 public key as an uncompressed point (65 bytes, starting 0x04).
    public let userAgentPublicKey: Data
    /// The 16-byte authentication secret.
    public let authSecret: Data

    /// Checks the shapes RFC 8291 requires, so a bad subscription is refused when it is stored
    /// rather than at every delivery.
    public init(userAgentPublicKey: Data, authSecret: Data) throws(WebPushEncryptionError) {
        guard userAgentPublicKey.count == 65, userAgentPublicKey.first == 0x04,
            (try? P256.KeyAgreement.PublicKey(x963Representation: userAgentPublicKey)) != nil
        else {
            throw .invalidUserAgentPublicKey
        }
        guard authSecret.count == 16 else { throw .invalidAuthSecret(byteCount: authSecret.count) }
        self.userAgentPublicKey = userAgentPublicKey
        self.authSecret = authSecret
    }

    /// From the subscription's JSON strings `p256dh` and `auth` (base64url).
    public init(p256dh: String, auth: String) throws(WebPushEncryptionError) {
        guard let key = Base64URL.decode(p256dh) else { throw .invalidUserAgentPublicKey }
        guard let secret = Base64URL.decode(auth) else { throw .invalidAuthSecret(byteCount: nil) }
        try self.init(userAgentPublicKey: key, authSecret: secret)
    }

    /// `p256dh` as the browser gives it: base64url without padding.
    public var p256dh: String { Base64URL.encode(userAgentPublicKey) }
    /// `auth` as the browser gives it: base64url without padding.
    public var auth: String { Base64URL.encode(authSecret) }

    var publicKey: P256.KeyAgreement.PublicKey {
        // Validated in init.
        try! P256.KeyAgreement.PublicKey(x963Representation: userAgentPublicKey)
    }
}
