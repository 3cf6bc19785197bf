import Crypto
import Foundation
import TendDelivery

/// The browser's side of Web Push, for tests and the push-service double: a subscription's key
/// pair and auth secret made as a browser makes them, and decryption of an `aes128gcm` body
/// (RFC 8291 §3, RFC 8188 §2) with the checks a browser makes before it shows anything.
public struct WebPushReceiver: Sendable {
    /// The raw private scalar: swift-crypto's key types are not `Sendable`, the bytes are.
    public let privateKeyBytes: Data
    public let authSecret: Data

    /// A new subscription: a fresh P-256 key pair and 16 random bytes of auth secret.
    public init() {
        self.init(privateKey: P256.KeyAgreement.PrivateKey(), authSecret: SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
    }

    /// A known subscription (RFC 8291's example keys in tests).
    public init(privateKey: P256.KeyAgreement.PrivateKey, authSecret: Data) {
        self.privateKeyBytes = privateKey.rawRepresentation
        self.authSecret = authSecret
    }

    public var privateKey: P256.KeyAgreement.PrivateKey {
        try! P256.KeyAgreement.PrivateKey(rawRepresentation: privateKeyBytes)
    }

    /// What the browser hands the application server (`PushSubscription.toJSON().keys`).
    public var keys: PushSubscriptionKeys {
        try! PushSubscriptionKeys(userAgentPublicKey: privateKey.publicKey.x963Representation, authSecret: authSecret)
    }

    /// The plaintext of a push message body, or why a browser would discard it.
    public func decrypt(_ body: Data) throws(WebPushDecryptionError) -> Data {
        let bytes = [UInt8](body)
        guard bytes.count >= 21 else { throw .truncated }
        let salt = Data(bytes[0..<16])
        let recordSize = bytes[16..<20].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let keyIDLength = Int(bytes[20])
        // RFC 8291 §4: the keyid is the sender's uncompressed point, and nothing else.
        guard keyIDLength == 65 else { throw .badKeyID }
        let recordStart = 21 + keyIDLength
        guard bytes.count >= recordStart + 16 + 1 else { throw .truncated }
        let senderKeyBytes = Data(bytes[21..<recordStart])
        let record = Data(bytes[recordStart...])
        // One record only (§4): a body longer than rs would be several records.
        guard record.count <= recordSize else { throw .multipleRecords }

        let senderKey: P256.KeyAgreement.PublicKey
        let sharedSecret: SharedSecret
        let privateKey = self.privateKey
        do {
            senderKey = try P256.KeyAgreement.PublicKey(x963Representation: senderKeyBytes)
            sharedSecret = try privateKey.sharedSecretFromKeyAgreement(with: senderKey)
        } catch {
            throw .badKeyID
        }
        let schedule = WebPushKeySchedule(
            sharedSecret: sharedSecret, authSecret: authSecret, userAgentPublicKey: keys.userAgentPublicKey,
            applicationServerPublicKey: senderKeyBytes, salt: salt)

        let padded: Data
        do {
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: schedule.nonce), ciphertext: record.dropLast(16), tag: record.suffix(16))
            padded = try AES.GCM.open(box, using: schedule.contentEncryptionKey)
        } catch {
            throw .authenticationFailed
        }
        // Padding is zeros after the delimiter; the last record's delimiter must be 0x02 (§4).
        guard let delimiter = padded.lastIndex(where: { $0 != 0 }) else { throw .badPadding }
        guard padded[delimiter] == 0x02 else { throw .badPadding }
        return Data(padded[padded.startIndex..<delimiter])
    }
}

/// Why a receiver discards a push message.
public enum WebPushDecryptionError: Error, Hashable, Sendable {
    case truncated
    case badKeyID
    case multipleRecords
    case authenticationFailed
    case badPadding
}
