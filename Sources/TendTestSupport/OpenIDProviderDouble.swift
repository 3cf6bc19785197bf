import Crypto
import CryptoExtras
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import TendCore

/// An OpenID Connect provider on 127.0.0.1 for tests, strict as a real one: discovery, a JWKS
/// with its current keys, an authorization endpoint that approves the next person at once and
/// redirects back with a code (or with `error=access_denied`), and a token endpoint that checks
/// the client's secret, the code (single use, for this redirect URI) and the PKCE verifier
/// against the S256 challenge, then answers an ID token signed for real — RS256 with a 2048-bit
/// RSA key, or ES256 with P-256. A test can rotate the key, or ask for a token that is wrong in
/// one way (audience, expiry, nonce, issuer, an unpublished key, `alg: none`).
public final class OpenIDProviderDouble: Sendable {
    public enum Algorithm: String, Sendable {
        case rs256 = "RS256"
        case es256 = "ES256"
    }

    /// One way to spoil the next ID tokens.
    public enum Flaw: Sendable, Equatable {
        case audience(String)
        /// Expired this many seconds before the provider's now.
        case expired(TimeInterval)
        case nonce(String)
        case issuer(String)
        /// Signed with a key the JWKS does not publish, under a published key's id.
        case unpublishedKey
        case algorithmNone
    }

    /// Who signs in at the authorization endpoint next.
    public struct Person: Sendable, Hashable {
        public var subject: String
        public var username: String?
        public var email: String?

        public init(subject: String, username: String? = nil, email: String? = nil) {
            self.subject = subject
            self.username = username
            self.email = email
        }
    }

    /// What the authorization endpoint was asked, for tests to check.
    public struct AuthorizeRequest: Sendable, Hashable {
        public var query: [String: String]
    }

    private struct Key: @unchecked Sendable {
        // The RSA and P-256 keys are immutable values; CryptoExtras does not mark RSA keys Sendable.
        var id: String
        var rsa: _RSA.Signing.PrivateKey?
        var ec: P256.Signing.PrivateKey?
    }

    private struct Code: Sendable {
        var person: Person
        var redirectURI: String
        var challenge: String
        var nonce: String
        var used = false
    }

    private struct State: Sendable {
        var keys: [Key]
        var person = Person(subject: "subject-1", username: "ana", email: "ana@example.org")
        var flaw: Flaw?
        var deny = false
        var codes: [String: Code] = [:]
        var authorizeRequests: [AuthorizeRequest] = []
        var tokenRequests = 0
        var jwksRequests = 0
        var discoveryRequests = 0
    }

    public let issuer: String
    public let clientID: String
    public let clientSecret: String?
    public let algorithm: Algorithm
    private let now: @Sendable () -> Date
    private let state: Mutex<State>

    private init(
        issuer: String, clientID: String, clientSecret: String?, algorithm: Algorithm, now: @escaping @Sendable () -> Date
    ) throws {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.algorithm = algorithm
        self.now = now
        state = Mutex(State(keys: [try Self.newKey(algorithm)]))
    }

    /// Serves a provider for the length of `body` (at most `timeout`).
    public static func run<Value: Sendable>(
        clientID: String = "tend", clientSecret: String? = nil, algorithm: Algorithm = .rs256,
        now: @escaping @Sendable () -> Date = { Date() }, timeout: Duration = .seconds(120),
        _ body: @escaping @Sendable (OpenIDProviderDouble) async throws -> Value
    ) async throws -> Value {
        let box = Mutex<OpenIDProviderDouble?>(nil)
        let router = Router()
        router.get("/.well-known/openid-configuration") { _, _ in try box.withLock { $0! }.discovery() }
        router.get("/jwks") { _, _ in try box.withLock { $0! }.jwks() }
        router.get("/authorize") { request, _ in try box.withLock { $0! }.authorize(request) }
        router.post("/token") { request, _ in
            let provider = box.withLock { $0! }
            return try await provider.token(request)
        }
        return try await LoopbackHTTPServer.run(router: router, timeout: timeout) { port in
            let provider = try OpenIDProviderDouble(
                issuer: "http://127.0.0.1:\(port)", clientID: clientID, clientSecret: clientSecret, algorithm: algorithm, now: now)
            box.withLock { $0 = provider }
            return try await body(provider)
        }
    }

    // MARK: Controls

    public func signInNext(_ person: Person) { state.withLock { $0.person = person } }
    public func spoil(_ flaw: Flaw?) { state.withLock { $0.flaw = flaw } }
    /// The next authorizations answer `error=access_denied`.
    public func denyNext(_ deny: Bool = true) { state.withLock { $0.deny = deny } }

    /// A new signing key replaces the current one (the JWKS publishes only the new one).
    public func rotateKey() throws {
        let key = try Self.newKey(algorithm)
        state.withLock { $0.keys = [key] }
    }

    public var authorizeRequests: [AuthorizeRequest] { state.withLock { $0.authorizeRequests } }
    public var tokenRequests: Int { state.withLock { $0.tokenRequests } }
    public var jwksRequests: Int { state.withLock { $0.jwksRequests } }
    public var currentKeyID: String { state.withLock { $0.keys[0].id } }

    // MARK: Endpoints

    private func discovery() throws -> Response {
        state.withLock { $0.discoveryRequests += 1 }
        return try Self.json([
            "issuer": issuer, "authorization_endpoint": issuer + "/authorize", "token_endpoint": issuer + "/token",
            "jwks_uri": issuer + "/jwks", "response_types_supported": ["code"], "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": [algorithm.rawValue], "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": clientSecret == nil ? ["none"] : ["client_secret_basic"],
        ])
    }

    private func jwks() throws -> Response {
        let keys = state.withLock { state in
            state.jwksRequests += 1
            return state.keys
        }
        return try Self.json(["keys": try keys.map(Self.publicJWK)])
    }

    private func authorize(_ request: Request) throws -> Response {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
        state.withLock { $0.authorizeRequests.append(AuthorizeRequest(query: query)) }
        guard query["response_type"] == "code", query["client_id"] == clientID, let redirect = query["redirect_uri"],
            let state = query["state"], !state.isEmpty, let nonce = query["nonce"], !nonce.isEmpty,
            query["code_challenge_method"] == "S256", let challenge = query["code_challenge"], challenge.count == 43,
            (query["scope"] ?? "").split(separator: " ").contains("openid")
        else { return Self.text("invalid authorization request", status: .badRequest) }
        var back = URLComponents(string: redirect)!
        let answer = self.state.withLock { stored -> [URLQueryItem] in
            if stored.deny {
                return [URLQueryItem(name: "error", value: "access_denied"), URLQueryItem(name: "state", value: state)]
            }
            let code = Base64URL.encode(Data(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }))
            stored.codes[code] = Code(person: stored.person, redirectURI: redirect, challenge: challenge, nonce: nonce)
            return [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: state)]
        }
        back.queryItems = (back.queryItems ?? []) + answer
        return Response(status: .found, headers: [.location: back.string!])
    }

    private func token(_ request: Request) async throws -> Response {
        state.withLock { $0.tokenRequests += 1 }
        let body = String(buffer: try await request.body.collect(upTo: 1 << 16))
        var form: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            if parts.count == 2 { form[parts[0]] = parts[1] }
        }
        if let clientSecret {
            let expected = "Basic " + Data("\(clientID):\(clientSecret)".utf8).base64EncodedString()
            guard request.headers[.authorization] == expected else { return try Self.oauthError("invalid_client", status: .unauthorized) }
        }
        guard form["grant_type"] == "authorization_code", form["client_id"] == clientID, let codeText = form["code"],
            let verifier = form["code_verifier"]
        else { return try Self.oauthError("invalid_request") }
        let code: Code? = state.withLock { state in
            guard var code = state.codes[codeText], !code.used else { return nil }
            code.used = true
            state.codes[codeText] = code
            return code
        }
        guard let code, code.redirectURI == form["redirect_uri"],
            Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8)))) == code.challenge
        else { return try Self.oauthError("invalid_grant") }
        let idToken = try sign(person: code.person, nonce: code.nonce)
        return try Self.json(["access_token": "opaque", "token_type": "Bearer", "expires_in": 300, "id_token": idToken])
    }

    // MARK: Tokens

    private func sign(person: Person, nonce: String) throws -> String {
        let (key, flaw) = state.withLock { ($0.keys[0], $0.flaw) }
        let issued = now().timeIntervalSince1970.rounded(.down)
        var claims: [String: Any] = [
            "iss": issuer, "sub": person.subject, "aud": clientID, "iat": issued, "exp": issued + 300, "nonce": nonce,
        ]
        if let username = person.username { claims["preferred_username"] = username }
        if let email = person.email { claims["email"] = email }
        var signingKey = key
        var alg = algorithm.rawValue
        switch flaw {
        case .audience(let audience)?: claims["aud"] = audience
        case .expired(let seconds)?:
            claims["exp"] = issued - seconds
            claims["iat"] = issued - seconds - 300
        case .nonce(let other)?: claims["nonce"] = other
        case .issuer(let other)?: claims["iss"] = other
        case .unpublishedKey?:
            // The published key's id with another secret: what a forger without the real key signs with.
            let forged = try Self.newKey(algorithm)
            signingKey = Key(id: key.id, rsa: forged.rsa, ec: forged.ec)
        case .algorithmNone?: alg = "none"
        case nil: break
        }
        let header = try JSONSerialization.data(withJSONObject: ["alg": alg, "kid": key.id, "typ": "JWT"], options: [.sortedKeys])
        let payload = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])
        let input = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        if alg == "none" { return input + "." }
        let signature: Data
        if let rsa = signingKey.rsa {
            signature = try rsa.signature(for: SHA256.hash(data: Data(input.utf8)), padding: .insecurePKCS1v1_5).rawRepresentation
        } else {
            signature = try signingKey.ec!.signature(for: Data(input.utf8)).rawRepresentation
        }
        return input + "." + Base64URL.encode(signature)
    }

    private static func newKey(_ algorithm: Algorithm) throws -> Key {
        let id = "key-" + UUID().uuidString.prefix(8).lowercased()
        switch algorithm {
        case .rs256: return Key(id: id, rsa: try _RSA.Signing.PrivateKey(keySize: .bits2048), ec: nil)
        case .es256: return Key(id: id, rsa: nil, ec: P256.Signing.PrivateKey())
        }
    }

    private static func publicJWK(_ key: Key) throws -> [String: String] {
        if let rsa = key.rsa {
            let primitives = try rsa.publicKey.getKeyPrimitives()
            return [
                "kty": "RSA", "use": "sig", "alg": "RS256", "kid": key.id, "n": Base64URL.encode(primitives.modulus),
                "e": Base64URL.encode(primitives.publicExponent),
            ]
        }
        let point = key.ec!.publicKey.rawRepresentation  // x ‖ y
        return [
            "kty": "EC", "use": "sig", "alg": "ES256", "crv": "P-256", "kid": key.id, "x": Base64URL.encode(point.prefix(32)),
            "y": Base64URL.encode(point.suffix(32)),
        ]
    }

    // MARK: Answers

    private static func json(_ object: [String: Any], status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return Response(
            status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func oauthError(_ code: String, status: HTTPResponse.Status = .badRequest) throws -> Response {
        try json(["error": code], status: status)
    }

    private static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
