import Crypto
import Foundation
import TendCore
import TendDelivery
import TendTestSupport
import Testing

/// RFC 8292 §2.4's example request: its token, the key that signed it and the claims inside.
enum RFC8292Example {
    static let endpoint = URL(string: "https://push.example.net/p/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV")!
    static let claims = VAPIDClaims(aud: "https://push.example.net", exp: 1_453_523_768, sub: "mailto:push@example.com")
    static let header = "eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9"
    static let body = "eyJhdWQiOiJodHRwczovL3B1c2guZXhhbXBsZS5uZXQiLCJleHAiOjE0NTM1MjM3NjgsInN1YiI6Im1haWx0bzpwdXNoQGV4YW1wbGUuY29tIn0"
    static let signature = "i3CYb7t4xfxCDquptFOepC9GAu_HLGkMlMuCGSK2rpiUfnK9ojFwDXb1JrErtmysazNjjvW2L9OkSSHzvoD1oA"
    static let publicKey = "BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs"
    static var authorization: String { "vapid t=\(header).\(body).\(signature), k=\(publicKey)" }
}

@Suite("VAPID: the server's key pair, its signed tokens, and what a push service checks of them")
struct VAPIDTests {
    static let now = Fixtures.instant("2026-03-01T08:00:00Z")
    static let endpoint = URL(string: "https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91b")!
    static let signer = VAPIDSigner(keyPair: VAPIDKeyPair(), subject: try! VAPIDSubject("mailto:ops@tend.example.com"))

    /// A token over any claims, signed with `keyPair`: what a careless or hostile server could send.
    static func forgedAuthorization(_ claims: VAPIDClaims, keyPair: VAPIDKeyPair) throws -> String {
        let key = try P256.Signing.PrivateKey(rawRepresentation: Base64URL.decode(keyPair.storedPrivateKey)!)
        let input = VAPIDSigner.signingInput(claims)
        let signature = try key.signature(for: Data(utf8: input)).rawRepresentation
        return "vapid t=\(input).\(Base64URL.encode(signature)), k=\(keyPair.publicKey)"
    }

    // MARK: RFC 8292's example

    @Test("RFC 8292 §2.4: the example's claims encode to exactly the example token's header and body")
    func rfcSigningInput() {
        #expect(VAPIDSigner.signingInput(RFC8292Example.claims) == "\(RFC8292Example.header).\(RFC8292Example.body)")
    }

    @Test("RFC 8292 §2.4: the example's own token verifies under the example's key, an hour before it expired")
    func rfcTokenVerifies() throws {
        let then = Date(timeIntervalSince1970: TimeInterval(RFC8292Example.claims.exp - 3600))
        let claims = try VAPIDVerifier(expectedPublicKey: RFC8292Example.publicKey)
            .verify(authorization: RFC8292Example.authorization, endpoint: RFC8292Example.endpoint, now: then)
        #expect(claims == RFC8292Example.claims)
    }

    // MARK: Signing

    @Test("A token's ES256 signature (raw r || s, 64 bytes) verifies with swift-crypto under the server's public key")
    func signatureVerifies() throws {
        // When the server signs a token for an FCM endpoint
        let token = try Self.signer.token(for: Self.endpoint, now: Self.now)
        // Then it is three base64url parts, and the third is a P-256 signature over the first two
        let parts = token.split(separator: ".")
        #expect(parts.count == 3)
        #expect(!token.contains("="))
        let signature = try #require(Base64URL.decode(parts[2]))
        #expect(signature.count == 64)
        let publicKey = try P256.Signing.PublicKey(x963Representation: Self.signer.keyPair.publicKeyBytes)
        #expect(
            publicKey.isValidSignature(
                try P256.Signing.ECDSASignature(rawRepresentation: signature), for: Data(utf8: "\(parts[0]).\(parts[1])")))
        // And a signature over anything else does not verify
        #expect(
            !publicKey.isValidSignature(
                try P256.Signing.ECDSASignature(rawRepresentation: signature), for: Data(utf8: "\(parts[0]).\(parts[0])")))
    }

    @Test("The token's header is ES256/JWT and its claims are the endpoint's origin, now + 12 h and the subject")
    func claims() throws {
        let parts = try Self.signer.token(for: Self.endpoint, now: Self.now.addingTimeInterval(0.75)).split(separator: ".")
        let header = try JSONDecoder().decode([String: String].self, from: #require(Base64URL.decode(parts[0])))
        #expect(header == ["typ": "JWT", "alg": "ES256"])
        let claims = try JSONDecoder().decode(VAPIDClaims.self, from: #require(Base64URL.decode(parts[1])))
        #expect(claims.aud == "https://fcm.googleapis.com")
        #expect(claims.exp == Int(Self.now.timeIntervalSince1970) + 12 * 3600)
        #expect(claims.sub == "mailto:ops@tend.example.com")
    }

    @Test("A token may live up to exactly 24 hours; longer, zero or negative is refused", arguments: [1, 3600, 86_400])
    func validityAccepted(seconds: Int) throws {
        let authorization = try Self.signer.authorization(for: Self.endpoint, now: Self.now, validity: seconds)
        let claims = try VAPIDVerifier().verify(authorization: authorization, endpoint: Self.endpoint, now: Self.now)
        #expect(claims.exp - Int(Self.now.timeIntervalSince1970) == seconds)
    }

    @Test("Validities beyond RFC 8292's 24 hours, or not in the future, are refused", arguments: [0, -60, 86_401, 7 * 86_400])
    func validityRefused(seconds: Int) {
        #expect(throws: VAPIDError.invalidValidity(seconds: seconds)) {
            try Self.signer.token(for: Self.endpoint, now: Self.now, validity: seconds)
        }
    }

    @Test("The Authorization header is 'vapid t=<jwt>, k=<public key>'")
    func authorizationHeader() throws {
        let header = try Self.signer.authorization(for: Self.endpoint, now: Self.now)
        let token = try #require(header.firstMatch(of: /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/))
        #expect(String(token.output.2) == Self.signer.keyPair.publicKey)
    }

    @Test(
        "aud is the endpoint's origin: lower case, the port only when it is not the default",
        arguments: [
            ("https://fcm.googleapis.com/fcm/send/abc:def", "https://fcm.googleapis.com"),
            ("https://Updates.Push.Services.Mozilla.com:443/wpush/v2/gAAAA", "https://updates.push.services.mozilla.com"),
            ("https://web.push.apple.com:8443/QGuQyavXutnMH", "https://web.push.apple.com:8443"),
            ("http://127.0.0.1:9000/push/1", "http://127.0.0.1:9000"),
            ("http://localhost:80/push", "http://localhost"),
        ])
    func audience(endpoint: String, origin: String) throws {
        #expect(try VAPIDSigner.audience(for: URL(string: endpoint)!) == origin)
    }

    @Test("An endpoint without an http(s) origin is refused", arguments: ["ftp://push.example.net/x", "/push/1", "mailto:a@b.c"])
    func audienceRefused(endpoint: String) {
        #expect(throws: VAPIDError.invalidEndpoint(endpoint)) { try VAPIDSigner.audience(for: URL(string: endpoint)!) }
    }

    // MARK: The key pair

    @Test("The key pair survives storage as its base64url private key, and its public key is a 65-byte uncompressed point")
    func keyPairStorage() throws {
        let keyPair = VAPIDKeyPair()
        #expect(keyPair.storedPrivateKey.count == 43)
        let restored = try VAPIDKeyPair(storedPrivateKey: keyPair.storedPrivateKey)
        #expect(restored == keyPair)
        #expect(restored.publicKey == keyPair.publicKey)
        #expect(keyPair.publicKey.count == 87)
        #expect(keyPair.publicKeyBytes.count == 65)
        #expect(keyPair.publicKeyBytes.first == 0x04)
        #expect(VAPIDKeyPair() != keyPair)
    }

    @Test(
        "A stored private key that is not a P-256 scalar is refused",
        arguments: ["", "abc", "not base64!", String(repeating: "_", count: 43)])
    func badStoredKey(text: String) {
        #expect(throws: VAPIDError.invalidStoredPrivateKey) { try VAPIDKeyPair(storedPrivateKey: text) }
    }

    // MARK: Subjects

    @Test(
        "Subjects push services accept",
        arguments: [
            "mailto:ops@tend.example.com", "MAILTO:a.b+tend@mail.example.org", "https://tend.example.com",
            "https://tend.example.com/contact",
        ])
    func subjectAccepted(text: String) throws {
        #expect(try VAPIDSubject(text).value == text)
    }

    @Test(
        "Local hosts are refused, naming Apple's 403 BadJwtToken",
        arguments: [
            "https://localhost", "https://localhost:8080/", "https://tend.local", "https://Tend.LOCAL/contact", "https://127.0.0.1",
            "https://[::1]", "mailto:me@localhost.localhost", "mailto:me@my-mac.local", "https://app.localhost",
        ])
    func localSubjectRefused(text: String) {
        #expect {
            try VAPIDSubject(text)
        } throws: { error in
            "\(error)".contains("403 BadJwtToken") && "\(error)".contains(text)
        }
    }

    @Test(
        "Subjects that are not a mailto: address or an https: URL are refused with what to use instead",
        arguments: [
            ("", "mailto:"), ("ops@tend.example.com", "mailto:"), ("mailto:", "one address"), ("mailto:ops", "one address"),
            ("mailto:ops@localhost", "one address"), ("mailto:a@b@c.com", "one address"), ("http://tend.example.com", "https: URLs only"),
            ("https:tend.example.com", "with a host"), ("https://", "with a host"), ("mailto: ops@tend.example.com", "without spaces"),
        ])
    func malformedSubjectRefused(text: String, hint: String) {
        #expect {
            try VAPIDSubject(text)
        } throws: { error in
            guard case .invalidSubject(let subject, let reason) = error as? VAPIDError else { return false }
            return subject == text && reason.contains(hint)
        }
    }

    // MARK: The push service's checks (VAPIDVerifier)

    @Test("A token for one push service is refused by another (aud)")
    func wrongAudience() throws {
        let authorization = try Self.signer.authorization(for: Self.endpoint, now: Self.now)
        #expect(throws: VAPIDVerificationError.wrongAudience(expected: "https://web.push.apple.com", actual: "https://fcm.googleapis.com"))
        {
            try VAPIDVerifier().verify(authorization: authorization, endpoint: URL(string: "https://web.push.apple.com/x")!, now: Self.now)
        }
    }

    @Test("A token is refused once it expires")
    func expired() throws {
        let authorization = try Self.signer.authorization(for: Self.endpoint, now: Self.now, validity: 3600)
        try VAPIDVerifier().verify(authorization: authorization, endpoint: Self.endpoint, now: Self.now.addingTimeInterval(3599))
        #expect(throws: VAPIDVerificationError.expired) {
            try VAPIDVerifier().verify(authorization: authorization, endpoint: Self.endpoint, now: Self.now.addingTimeInterval(3600))
        }
    }

    @Test("A validly signed token that expires more than 24 hours ahead is refused")
    func tooLong() throws {
        let keyPair = VAPIDKeyPair()
        let exp = Int(Self.now.timeIntervalSince1970) + 86_401
        let claims = VAPIDClaims(aud: "https://fcm.googleapis.com", exp: exp, sub: "mailto:ops@tend.example.com")
        let authorization = try Self.forgedAuthorization(claims, keyPair: keyPair)
        #expect(throws: VAPIDVerificationError.expiresTooLate) {
            try VAPIDVerifier().verify(authorization: authorization, endpoint: Self.endpoint, now: Self.now)
        }
        let localSubject = VAPIDClaims(aud: "https://fcm.googleapis.com", exp: exp - 2, sub: "https://localhost")
        #expect(throws: VAPIDVerificationError.badSubject("https://localhost")) {
            try VAPIDVerifier().verify(
                authorization: try Self.forgedAuthorization(localSubject, keyPair: keyPair), endpoint: Self.endpoint, now: Self.now)
        }
    }

    @Test("A changed signature, a token under another key, or another server's key is refused")
    func badSignatures() throws {
        let authorization = try Self.signer.authorization(for: Self.endpoint, now: Self.now)
        let verifier = VAPIDVerifier(expectedPublicKey: Self.signer.keyPair.publicKey)
        try verifier.verify(authorization: authorization, endpoint: Self.endpoint, now: Self.now)

        // The signature's first character changed
        let tokenStart = authorization.range(of: ".", options: .backwards)!.upperBound
        let flipped = authorization.replacingCharacters(
            in: tokenStart..<authorization.index(after: tokenStart), with: authorization[tokenStart] == "A" ? "B" : "A")
        #expect(throws: VAPIDVerificationError.badSignature) {
            try verifier.verify(authorization: flipped, endpoint: Self.endpoint, now: Self.now)
        }

        // Another key claimed in k=
        let otherKey = VAPIDKeyPair().publicKey
        let swapped = authorization.replacingOccurrences(of: Self.signer.keyPair.publicKey, with: otherKey)
        #expect(throws: VAPIDVerificationError.badSignature) {
            try VAPIDVerifier().verify(authorization: swapped, endpoint: Self.endpoint, now: Self.now)
        }
        #expect(throws: VAPIDVerificationError.unexpectedKey) {
            try verifier.verify(authorization: swapped, endpoint: Self.endpoint, now: Self.now)
        }

        // A subscription made with another server's key
        let otherServer = VAPIDVerifier(expectedPublicKey: otherKey)
        #expect(throws: VAPIDVerificationError.unexpectedKey) {
            try otherServer.verify(authorization: authorization, endpoint: Self.endpoint, now: Self.now)
        }
    }

    @Test(
        "Headers that are not VAPID credentials are refused",
        arguments: [
            ("Bearer abc", VAPIDVerificationError.notVAPID), ("WebPush abc", .notVAPID), ("vapid t=abc", .malformedHeader),
            ("vapid k=BA1Hxzyi1RUM", .malformedHeader), ("vapid t=a.b.c, k=BA1Hxzyi1RUM", .malformedKey),
            ("vapid t=a.b, k=\(RFC8292Example.publicKey)", .malformedToken),
        ])
    func malformedHeaders(header: String, error: VAPIDVerificationError) {
        #expect(throws: error) { try VAPIDVerifier().verify(authorization: header, endpoint: Self.endpoint, now: Self.now) }
    }

    @Test("The verifier reads the parameters in either order and the scheme in any case")
    func headerVariants() throws {
        let then = Date(timeIntervalSince1970: TimeInterval(RFC8292Example.claims.exp - 60))
        let t = "\(RFC8292Example.header).\(RFC8292Example.body).\(RFC8292Example.signature)"
        for header in ["Vapid k=\(RFC8292Example.publicKey),t=\(t)", "VAPID  t=\(t) ,  k=\(RFC8292Example.publicKey)"] {
            #expect(
                try VAPIDVerifier().verify(authorization: header, endpoint: RFC8292Example.endpoint, now: then) == RFC8292Example.claims)
        }
    }
}
