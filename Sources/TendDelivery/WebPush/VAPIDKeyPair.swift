import Crypto
import Foundation
import TendCore

/// The application server's P-256 key pair for VAPID (RFC 8292 §3): made once, kept in the
/// database, and named by browsers as `applicationServerKey` when they subscribe, so it must not
/// change while subscriptions live.
public struct VAPIDKeyPair: Equatable, Sendable {
    /// The raw private scalar (32 bytes). swift-crypto's key types are not `Sendable`; the bytes
    /// are, and the server shares one key pair between all deliveries.
    private let privateKeyBytes: Data

    /// A new key pair from the system's CSPRNG.
    public init() {
        privateKeyBytes = P256.Signing.PrivateKey().rawRepresentation
    }

    /// The key pair kept as `storedPrivateKey`.
    public init(storedPrivateKey: String) throws(VAPIDError) {
        guard let bytes = Base64URL.decode(storedPrivateKey), bytes.count == 32,
            (try? P256.Signing.PrivateKey(rawRepresentation: bytes)) != nil
        else {
            throw .invalidStoredPrivateKey
        }
        privateKeyBytes = bytes
    }

    /// What to store: the raw private key, base64url (43 characters).
    public var storedPrivateKey: String { Base64URL.encode(privateKeyBytes) }

    /// The public key as an uncompressed point, base64url (87 characters): the `k=` parameter,
    /// and what `GET /api/v1/push/key` answers for `pushManager.subscribe`.
    public var publicKey: String { Base64URL.encode(publicKeyBytes) }

    /// The public key as an uncompressed point (65 bytes).
    public var publicKeyBytes: Data { signingKey.publicKey.x963Representation }

    var signingKey: P256.Signing.PrivateKey {
        // Checked in init.
        try! P256.Signing.PrivateKey(rawRepresentation: privateKeyBytes)
    }
}
