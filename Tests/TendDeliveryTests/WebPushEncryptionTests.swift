import Crypto
import Foundation
import TendCore
import TendDelivery
import TendTestSupport
import Testing

/// RFC 8291 §5 and Appendix A: the example message and every value it publishes (base64url).
enum RFC8291Example {
    static let plaintext = "When I grow up, I want to be a watermelon"
    static let asPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
    static let asPublic = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
    static let uaPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
    static let uaPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
    static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
    static let ecdhSecret = "kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs"
    static let ikm = "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg"
    static let cek = "oIhVW04MRdy2XN9CiKLxTg"
    static let nonce = "4h_95klXJ5E_qnoN"
    static let header =
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
    static let ciphertext = "8pfeW0KbunFT06SuDKoJH9Ql87S1QUrdirN6GcG7sFz1y1sqLgVi1VhjVkHsUoEsbI_0LpXMuGvnzQ"
    static let body =
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

    static func bytes(_ text: String) -> Data { Base64URL.decode(text)! }
    static var keys: PushSubscriptionKeys { try! PushSubscriptionKeys(p256dh: uaPublic, auth: authSecret) }
    static var applicationServerKey: P256.KeyAgreement.PrivateKey {
        try! P256.KeyAgreement.PrivateKey(rawRepresentation: bytes(asPrivate))
    }
    static var receiver: WebPushReceiver {
        WebPushReceiver(privateKey: try! P256.KeyAgreement.PrivateKey(rawRepresentation: bytes(uaPrivate)), authSecret: bytes(authSecret))
    }
}

@Suite("Web Push encryption: RFC 8291's example byte for byte, and what a browser does with a message")
struct WebPushEncryptionTests {
    typealias Example = RFC8291Example

    @Test("RFC 8291 §5: the example's keys, salt and plaintext encrypt to exactly the published body")
    func rfcExampleBody() throws {
        // Given the example's subscription, application server key and salt
        // When its plaintext is encrypted
        let body = try WebPushEncryption.encrypt(
            Data(utf8: Example.plaintext), for: Example.keys, salt: Example.bytes(Example.salt),
            ephemeralKey: Example.applicationServerKey)
        // Then every byte is the RFC's: header, then the single record with its tag
        #expect(Base64URL.encode(body) == Example.body)
        #expect(body.prefix(WebPushEncryption.headerLength) == Example.bytes(Example.header))
        #expect(body.dropFirst(WebPushEncryption.headerLength) == Example.bytes(Example.ciphertext))
        let expectedLength: Int = WebPushEncryption.headerLength + Example.plaintext.utf8.count + 1 + 16
        #expect(body.count == expectedLength)
    }

    @Test("RFC 8291 Appendix A: the ECDH secret, IKM, content-encryption key and nonce are the published ones")
    func rfcIntermediateValues() throws {
        let asKey = Example.applicationServerKey
        #expect(Base64URL.encode(asKey.publicKey.x963Representation) == Example.asPublic)
        let receiverKey = try P256.KeyAgreement.PrivateKey(rawRepresentation: Example.bytes(Example.uaPrivate))
        #expect(Base64URL.encode(receiverKey.publicKey.x963Representation) == Example.uaPublic)

        let secret = try asKey.sharedSecretFromKeyAgreement(with: Example.keys.publicKeyForTests)
        #expect(Base64URL.encode(secret.withUnsafeBytes { Data($0) }) == Example.ecdhSecret)

        let schedule = WebPushKeySchedule(
            sharedSecret: secret, authSecret: Example.bytes(Example.authSecret), userAgentPublicKey: Example.bytes(Example.uaPublic),
            applicationServerPublicKey: Example.bytes(Example.asPublic), salt: Example.bytes(Example.salt))
        #expect(Base64URL.encode(schedule.inputKeyingMaterial) == Example.ikm)
        #expect(Base64URL.encode(schedule.contentEncryptionKey.withUnsafeBytes { Data($0) }) == Example.cek)
        #expect(Base64URL.encode(schedule.nonce) == Example.nonce)
    }

    @Test("The receiver decrypts RFC 8291's published body with the user agent's private key")
    func receiverDecryptsRFCBody() throws {
        let plaintext = try Example.receiver.decrypt(Example.bytes(Example.body))
        #expect(String(decoding: plaintext, as: UTF8.self) == Example.plaintext)
    }

    @Test("A message for a fresh browser subscription round-trips, with and without padding", arguments: [0, 1, 100])
    func roundTrip(padding: Int) throws {
        // Given a subscription made as a browser makes one
        let receiver = WebPushReceiver()
        let payload = Data(utf8: #"{"habit":"Read","emoji":"📚","message":"Ten pages"}"#)
        // When the server encrypts a message for it
        let body = try WebPushEncryption.encrypt(payload, for: receiver.keys, paddingLength: padding)
        // Then the browser reads the payload back, and the length shows the padding
        #expect(try receiver.decrypt(body) == payload)
        let expectedLength: Int = WebPushEncryption.headerLength + payload.count + 1 + padding + 16
        #expect(body.count == expectedLength)
        // And the header carries the record size 4096 and the sender's 65-byte key
        #expect(Array(body[16..<20]) == [0x00, 0x00, 0x10, 0x00])
        #expect(body[20] == 65)
        #expect(body[21] == 0x04)
    }

    @Test("Each message has its own salt and ephemeral key, so the same payload never encrypts the same twice")
    func freshSaltAndKey() throws {
        let keys = WebPushReceiver().keys
        let first = try WebPushEncryption.encrypt(Data(utf8: "same"), for: keys)
        let second = try WebPushEncryption.encrypt(Data(utf8: "same"), for: keys)
        #expect(first.prefix(16) != second.prefix(16))
        #expect(first[21..<86] != second[21..<86])
        #expect(first.dropFirst(86) != second.dropFirst(86))
    }

    @Test(
        "A body changed anywhere authenticated — salt, key id length, sender key, ciphertext or tag — is discarded",
        arguments: [0, 15, 20, 40, 90, 120])
    func tamperingFails(offset: Int) throws {
        let receiver = WebPushReceiver()
        var body = try WebPushEncryption.encrypt(Data(utf8: "Drink water: the 3rd glass of 8"), for: receiver.keys)
        #expect(offset < body.count)
        body[offset] ^= 0x01
        #expect(throws: WebPushDecryptionError.self) { try receiver.decrypt(body) }
    }

    @Test("A record size smaller than the record means several records, which a push message never has (RFC 8291 §4)")
    func shrunkRecordSizeRefused() throws {
        // The record size is not authenticated (a receiver may ignore it), so only a size that
        // contradicts the single record is detectable.
        let receiver = WebPushReceiver()
        var body = try WebPushEncryption.encrypt(Data(utf8: "Stretch"), for: receiver.keys)
        body.replaceSubrange(16..<20, with: [0, 0, 0, 18])
        #expect(throws: WebPushDecryptionError.multipleRecords) { try receiver.decrypt(body) }
    }

    @Test("A message for another subscription, or with another auth secret, does not decrypt")
    func wrongReceiver() throws {
        let receiver = WebPushReceiver()
        let body = try WebPushEncryption.encrypt(Data(utf8: "for someone else"), for: receiver.keys)
        #expect(throws: WebPushDecryptionError.authenticationFailed) { try WebPushReceiver().decrypt(body) }
        let sameKeyOtherSecret = WebPushReceiver(privateKey: receiver.privateKey, authSecret: Data(repeating: 7, count: 16))
        #expect(throws: WebPushDecryptionError.authenticationFailed) { try sameKeyOtherSecret.decrypt(body) }
    }

    @Test("A record whose last non-zero byte is not the 0x02 delimiter is discarded (RFC 8291 §4)")
    func wrongDelimiterRefused() throws {
        // Given a body sealed with the right keys but the delimiter 0x01 (that of a non-final record)
        let receiver = WebPushReceiver()
        let ephemeral = P256.KeyAgreement.PrivateKey()
        let salt = WebPushEncryption.randomSalt()
        let schedule = WebPushKeySchedule(
            sharedSecret: try ephemeral.sharedSecretFromKeyAgreement(with: receiver.privateKey.publicKey),
            authSecret: receiver.authSecret, userAgentPublicKey: receiver.keys.userAgentPublicKey,
            applicationServerPublicKey: ephemeral.publicKey.x963Representation, salt: salt)
        let sealed = try AES.GCM.seal(
            Data(utf8: "hello") + [0x01], using: schedule.contentEncryptionKey, nonce: AES.GCM.Nonce(data: schedule.nonce))
        let body = salt + [0, 0, 0x10, 0, 65] + ephemeral.publicKey.x963Representation + sealed.ciphertext + sealed.tag
        // Then the receiver refuses it even though it authenticates
        #expect(throws: WebPushDecryptionError.badPadding) { try receiver.decrypt(body) }
    }

    @Test("The largest payload a push service must accept fills a 4096-byte body; one byte more is refused")
    func sizeLimit() throws {
        let receiver = WebPushReceiver()
        let largest = Data(repeating: 0x61, count: WebPushEncryption.maximumPlaintextLength)
        let body = try WebPushEncryption.encrypt(largest, for: receiver.keys)
        #expect(body.count == 4096)
        #expect(try receiver.decrypt(body) == largest)
        #expect(throws: WebPushEncryptionError.payloadTooLarge(byteCount: 3994, limit: 3993)) {
            try WebPushEncryption.encrypt(largest + [0x61], for: receiver.keys)
        }
        #expect(throws: WebPushEncryptionError.payloadTooLarge(byteCount: 3994, limit: 3993)) {
            try WebPushEncryption.encrypt(largest, for: receiver.keys, paddingLength: 1)
        }
    }

    @Test("Subscription keys of the wrong shape are refused with a clear message")
    func badSubscriptionKeys() throws {
        let good = RFC8291Example.uaPublic
        let compressed = try P256.KeyAgreement.PrivateKey().publicKey.compressedRepresentation
        #expect(throws: WebPushEncryptionError.invalidUserAgentPublicKey) {
            try PushSubscriptionKeys(p256dh: Base64URL.encode(compressed), auth: RFC8291Example.authSecret)
        }
        #expect(throws: WebPushEncryptionError.invalidUserAgentPublicKey) {
            try PushSubscriptionKeys(p256dh: "not+base64url", auth: RFC8291Example.authSecret)
        }
        // A point that is not on the curve: the example key with its last byte changed
        var offCurve = Base64URL.decode(good)!
        offCurve[64] ^= 0x01
        #expect(throws: WebPushEncryptionError.invalidUserAgentPublicKey) {
            try PushSubscriptionKeys(userAgentPublicKey: offCurve, authSecret: Data(count: 16))
        }
        #expect(throws: WebPushEncryptionError.invalidAuthSecret(byteCount: 15)) {
            try PushSubscriptionKeys(p256dh: good, auth: Base64URL.encode(Data(count: 15)))
        }
        #expect(WebPushEncryptionError.invalidAuthSecret(byteCount: 15).description == "auth must be 16 bytes, not 15")
        // Browsers may pad; the keys read the same either way
        let padded = try PushSubscriptionKeys(p256dh: good, auth: RFC8291Example.authSecret + "==")
        #expect(padded.auth == RFC8291Example.authSecret)
        #expect(padded.p256dh == good)
    }
}

extension PushSubscriptionKeys {
    fileprivate var publicKeyForTests: P256.KeyAgreement.PublicKey {
        try! P256.KeyAgreement.PublicKey(x963Representation: userAgentPublicKey)
    }
}
