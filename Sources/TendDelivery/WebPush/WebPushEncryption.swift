import Crypto
import Foundation
import TendCore

/// Encrypts a push message for one subscription: RFC 8291 with the `aes128gcm` content coding
/// of RFC 8188, as every browser's push service expects it.
public enum WebPushEncryption {
    /// The record size written in the header. RFC 8291 §4 asks only that it exceed the one
    /// record; 4096 is what push services are required to accept as a whole body.
    public static let recordSize: UInt32 = 4096
    /// salt (16) + rs (4) + idlen (1) + keyid (the 65-byte application server key).
    public static let headerLength = 86
    /// A push service need not accept a body over 4096 bytes (RFC 8030 §7.2): less the header,
    /// the padding delimiter and the 16-byte tag, 3993 bytes of plaintext and padding remain.
    public static let maximumPlaintextLength = 3993

    /// The body of the push request: the RFC 8188 header, then the single encrypted record.
    ///
    /// - Parameters:
    ///   - paddingLength: zero bytes added after the delimiter, so the body's length does not
    ///     tell which message it is.
    ///   - salt: 16 random bytes, new for every message; given only by tests.
    ///   - ephemeralKey: the application server's one-message ECDH key; given only by tests.
    public static func encrypt(
        _ plaintext: Data, for keys: PushSubscriptionKeys, paddingLength: Int = 0, salt: Data = randomSalt(),
        ephemeralKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey()
    ) throws(WebPushEncryptionError) -> Data {
        guard salt.count == 16 else { throw .invalidSalt(byteCount: salt.count) }
        guard paddingLength >= 0 else { throw .invalidPadding(paddingLength) }
        guard plaintext.count + paddingLength <= maximumPlaintextLength else {
            throw .payloadTooLarge(byteCount: plaintext.count + paddingLength, limit: maximumPlaintextLength)
        }
        let applicationServerPublicKey = ephemeralKey.publicKey.x963Representation
        let sharedSecret: SharedSecret
        do {
            sharedSecret = try ephemeralKey.sharedSecretFromKeyAgreement(with: keys.publicKey)
        } catch {
            throw .keyAgreementFailed
        }
        let schedule = WebPushKeySchedule(
            sharedSecret: sharedSecret, authSecret: keys.authSecret, userAgentPublicKey: keys.userAgentPublicKey,
            applicationServerPublicKey: applicationServerPublicKey, salt: salt)

        // The last (here: only) record ends with the delimiter 0x02, then its padding (RFC 8188 §2).
        var record = plaintext
        record.append(0x02)
        record.append(Data(count: paddingLength))
        let sealed: AES.GCM.SealedBox
        do {
            sealed = try AES.GCM.seal(
                record, using: schedule.contentEncryptionKey, nonce: AES.GCM.Nonce(data: schedule.nonce))
        } catch {
            throw .encryptionFailed
        }

        var body = Data(capacity: headerLength + record.count + 16)
        body.append(salt)
        withUnsafeBytes(of: recordSize.bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(applicationServerPublicKey.count))
        body.append(applicationServerPublicKey)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    /// 16 bytes from the system's CSPRNG.
    public static func randomSalt() -> Data {
        SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
    }
}

/// Why a message could not be encrypted for a subscription.
public enum WebPushEncryptionError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidUserAgentPublicKey
    case invalidAuthSecret(byteCount: Int?)
    case invalidSalt(byteCount: Int)
    case invalidPadding(Int)
    case payloadTooLarge(byteCount: Int, limit: Int)
    case keyAgreementFailed
    case encryptionFailed

    public var description: String {
        switch self {
        case .invalidUserAgentPublicKey:
            "p256dh is not an uncompressed P-256 public key (65 bytes starting 0x04, base64url)"
        case .invalidAuthSecret(let count?):
            "auth must be 16 bytes, not \(count)"
        case .invalidAuthSecret(nil):
            "auth is not base64url"
        case .invalidSalt(let count):
            "a salt is 16 bytes, not \(count)"
        case .invalidPadding(let length):
            "padding cannot be \(length) bytes"
        case .payloadTooLarge(let count, let limit):
            "a push message holds at most \(limit) bytes of payload and padding, not \(count)"
        case .keyAgreementFailed:
            "ECDH with the subscription's key failed"
        case .encryptionFailed:
            "AES-GCM encryption failed"
        }
    }
}
