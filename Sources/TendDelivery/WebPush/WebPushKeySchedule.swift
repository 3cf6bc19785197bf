import Crypto
import Foundation
import TendCore

/// The keys of one Web Push message: RFC 8291 §3.3–3.4 combine the ECDH secret with the
/// subscription's auth secret into the input keying material, and RFC 8188 §2.2–2.3 derive the
/// content-encryption key and nonce from it and the message's salt. The sender and the receiver
/// (a browser, or the tests' push-service double) run the same schedule.
public struct WebPushKeySchedule {
    /// IKM: HKDF-SHA256(salt: auth secret, ikm: ECDH secret, info: "WebPush: info\0" || ua_public || as_public), 32 bytes.
    public let inputKeyingMaterial: Data
    /// CEK: 16 bytes for AEAD_AES_128_GCM.
    public let contentEncryptionKey: SymmetricKey
    /// NONCE: 12 bytes; the message's only record has sequence number 0, so it is used as is.
    public let nonce: Data

    public init(
        sharedSecret: SharedSecret, authSecret: Data, userAgentPublicKey: Data, applicationServerPublicKey: Data, salt: Data
    ) {
        let ecdhSecret = sharedSecret.withUnsafeBytes { Data($0) }
        self.init(
            ecdhSecret: ecdhSecret, authSecret: authSecret, userAgentPublicKey: userAgentPublicKey,
            applicationServerPublicKey: applicationServerPublicKey, salt: salt)
    }

    /// From the raw ECDH secret (the x coordinate of the shared point, 32 bytes).
    public init(ecdhSecret: Data, authSecret: Data, userAgentPublicKey: Data, applicationServerPublicKey: Data, salt: Data) {
        // The public keys go into the info so that the keys are bound to this pair of parties
        // (RFC 8291 §3.3); "\0" terminates the label.
        var keyInfo = Data(utf8: "WebPush: info\0")
        keyInfo.append(userAgentPublicKey)
        keyInfo.append(applicationServerPublicKey)
        let ikm = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: ecdhSecret), salt: authSecret, info: keyInfo, outputByteCount: 32)
        inputKeyingMaterial = ikm.withUnsafeBytes { Data($0) }
        contentEncryptionKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data(utf8: "Content-Encoding: aes128gcm\0"), outputByteCount: 16)
        nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data(utf8: "Content-Encoding: nonce\0"), outputByteCount: 12
        ).withUnsafeBytes { Data($0) }
    }
}
