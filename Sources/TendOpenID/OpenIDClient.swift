import AsyncHTTPClient
import Foundation
import JWTKit
import Logging
import NIOCore
import NIOHTTP1
import TendCore

/// Tend as an OpenID Connect relying party of one provider (authorization code flow with PKCE,
/// OpenID Connect Core 1.0 §3.1). Discovery and the provider's keys are fetched when first needed
/// and kept: the discovery document for an hour, the keys until a token names a key they lack —
/// the provider has rotated — when they are fetched again, at most once per
/// `keyRefreshInterval`, so a stream of forged key ids cannot make Tend hammer the provider.
///
/// Every failure is an ``OpenIDError`` whose description can be shown to the person.
public actor OpenIDClient {
    public nonisolated let settings: OpenIDProviderSettings
    private let http: HTTPClient
    private let logger: Logger
    private let keyRefreshInterval: TimeInterval
    private let metadataLifetime: TimeInterval = 3_600
    /// How far the provider's clock may be off from ours when `exp`, `iat` and `nbf` are checked.
    private let leeway: TimeInterval = 60
    private var metadata: (document: OpenIDMetadata, fetchedAt: Date)?
    private var keys: (collection: JWTKeyCollection, identifiers: Set<String>, fetchedAt: Date)?

    /// The signature algorithms an ID token may use: asymmetric ones only (`none` and the HMAC
    /// family, whose key would be the client secret, are refused before any key is looked at).
    static let algorithms: Set<String> = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]
    /// The largest discovery document, key set or token answer read.
    static let bodyLimit = 1 << 20
    /// How long one request to the provider may take, connecting included (AsyncHTTPClient keeps
    /// retrying a refused connection until then).
    private let timeout: TimeAmount

    public init(
        settings: OpenIDProviderSettings, http: HTTPClient, keyRefreshInterval: TimeInterval = 60, timeout: TimeAmount = .seconds(10),
        logger: Logger
    ) {
        self.settings = settings
        self.http = http
        self.timeout = timeout
        self.keyRefreshInterval = keyRefreshInterval
        self.logger = logger
    }

    // MARK: The flow

    /// Where to send the browser to sign in, with a new state, nonce and PKCE verifier.
    public func authorizationRequest(redirectURI: String, now: Date) async throws -> AuthorizationRequest {
        let document = try await discovery(now: now)
        let state = OpenIDText.random()
        let nonce = OpenIDText.random()
        let pkce = PKCE()
        guard var url = URLComponents(string: document.authorizationEndpoint) else {
            throw OpenIDError.provider("its authorization endpoint is not a URL")
        }
        url.queryItems =
            (url.queryItems ?? []) + [
                URLQueryItem(name: "response_type", value: "code"),
                URLQueryItem(name: "client_id", value: settings.clientID),
                URLQueryItem(name: "redirect_uri", value: redirectURI),
                URLQueryItem(name: "scope", value: "openid profile email"),
                URLQueryItem(name: "state", value: state),
                URLQueryItem(name: "nonce", value: nonce),
                URLQueryItem(name: "code_challenge", value: pkce.challenge),
                URLQueryItem(name: "code_challenge_method", value: PKCE.method),
            ]
        // URLComponents leaves `+` alone in a query; a provider reads it as a space.
        url.percentEncodedQuery = url.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let text = url.string else { throw OpenIDError.provider("its authorization endpoint is not a URL") }
        return AuthorizationRequest(url: text, state: state, nonce: nonce, codeVerifier: pkce.verifier)
    }

    /// Exchanges the callback's code for an ID token and checks the token: who signed in.
    public func finishSignIn(
        code: String, codeVerifier: String, nonce: String, redirectURI: String, now: Date
    ) async throws
        -> VerifiedIdentity
    {
        let token = try await exchange(code: code, codeVerifier: codeVerifier, redirectURI: redirectURI, now: now)
        return try await verify(idToken: token, nonce: nonce, now: now)
    }

    /// The ID token the token endpoint answers for this code (§3.1.3.1), the client
    /// authenticated with its secret (HTTP Basic, or in the body where the provider only takes
    /// that) when it has one.
    func exchange(code: String, codeVerifier: String, redirectURI: String, now: Date) async throws -> String {
        let document = try await discovery(now: now)
        var form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", codeVerifier),
            ("client_id", settings.clientID),
        ]
        var request = HTTPClientRequest(url: document.tokenEndpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        if let secret = settings.clientSecret {
            let methods = document.tokenEndpointAuthMethodsSupported ?? ["client_secret_basic"]
            if !methods.contains("client_secret_basic") && methods.contains("client_secret_post") {
                form.append(("client_secret", secret))
            } else {
                // RFC 6749 §2.3.1: both parts form-encoded before Basic's base64.
                let pair = "\(Self.formEncoded(settings.clientID)):\(Self.formEncoded(secret))"
                request.headers.add(name: "Authorization", value: "Basic " + Data(pair.utf8).base64EncodedString())
            }
        }
        request.body = .bytes(ByteBuffer(string: form.map { "\($0)=\(Self.formEncoded($1))" }.joined(separator: "&")))
        let (status, body) = try await send(request, what: "token endpoint")
        let answer = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        guard status == 200 else {
            let reason = [answer?["error"] as? String, answer?["error_description"] as? String].compactMap { $0 }
                .joined(separator: ": ")
            throw OpenIDError.provider("its token endpoint answered \(status)\(reason.isEmpty ? "" : " (\(reason.prefix(200)))")")
        }
        guard let token = answer?["id_token"] as? String, !token.isEmpty else {
            throw OpenIDError.provider("its token endpoint answered no ID token")
        }
        return token
    }

    /// Checks an ID token (§3.1.3.7): signed by one of the provider's current keys with an
    /// asymmetric algorithm, issued by this issuer for this client, not expired, not from the
    /// future, and carrying the nonce of this sign-in.
    public func verify(idToken: String, nonce: String, now: Date) async throws -> VerifiedIdentity {
        let header = try Self.header(of: idToken)
        guard let algorithm = header.alg, Self.algorithms.contains(algorithm) else {
            throw OpenIDError.invalidToken("it is signed with “\(header.alg ?? "none")”, which Tend does not accept")
        }
        let collection = try await keyCollection(for: header.kid, now: now)
        let claims: IDTokenClaims
        do {
            claims = try await collection.verify(idToken, as: IDTokenClaims.self)
        } catch {
            throw OpenIDError.invalidToken("its signature does not verify with the provider's keys")
        }
        guard claims.iss == settings.issuer else {
            throw OpenIDError.invalidToken("it was issued by “\(claims.iss.prefix(200))”, not “\(settings.issuer)”")
        }
        guard claims.aud.value.contains(settings.clientID) else {
            throw OpenIDError.invalidToken("it is meant for another client (audience \(claims.aud.value.map { String($0.prefix(100)) }))")
        }
        if claims.aud.value.count > 1 || claims.azp != nil, claims.azp != settings.clientID {
            throw OpenIDError.invalidToken("it was issued to another client (azp “\((claims.azp ?? "").prefix(100))”)")
        }
        let seconds = now.timeIntervalSince1970
        guard claims.exp + leeway > seconds else { throw OpenIDError.invalidToken("it has expired") }
        if let iat = claims.iat, iat - leeway > seconds { throw OpenIDError.invalidToken("it was issued in the future") }
        if let nbf = claims.nbf, nbf - leeway > seconds { throw OpenIDError.invalidToken("it is not valid yet") }
        guard let given = claims.nonce, given == nonce else {
            throw OpenIDError.invalidToken("it does not carry this sign-in's nonce (a replayed or foreign token)")
        }
        guard !claims.sub.isEmpty, claims.sub.utf8.count <= 255 else { throw OpenIDError.invalidToken("its subject is empty or too long") }
        return Self.identity(claims)
    }

    // MARK: Discovery and keys

    /// The discovery document, fetched when missing or older than an hour.
    func discovery(now: Date) async throws -> OpenIDMetadata {
        if let metadata, now.timeIntervalSince(metadata.fetchedAt) < metadataLifetime { return metadata.document }
        let base = settings.issuer.hasSuffix("/") ? String(settings.issuer.dropLast()) : settings.issuer
        let body = try await get(base + "/.well-known/openid-configuration", what: "discovery document")
        let document: OpenIDMetadata
        do {
            document = try JSONDecoder().decode(OpenIDMetadata.self, from: body)
        } catch {
            throw OpenIDError.provider("its discovery document is not valid JSON with the required endpoints")
        }
        try document.check(for: settings)
        metadata = (document, now)
        return document
    }

    /// The provider's keys, fetched again when `kid` is not among them (rotation) and the last
    /// fetch is older than `keyRefreshInterval`.
    private func keyCollection(for kid: String?, now: Date) async throws -> JWTKeyCollection {
        if let keys, Self.covers(keys.identifiers, kid) { return keys.collection }
        if let keys, now.timeIntervalSince(keys.fetchedAt) < keyRefreshInterval {
            throw OpenIDError.invalidToken("it is signed with a key the provider does not publish")
        }
        let document = try await discovery(now: now)
        let fetched = try await Self.keySet(try await get(document.jwksURI, what: "key set"))
        keys = (fetched.collection, fetched.identifiers, now)
        logger.info(
            "fetched the OpenID provider's keys", metadata: ["issuer": "\(settings.issuer)", "keys": "\(fetched.identifiers.sorted())"])
        guard Self.covers(fetched.identifiers, kid) else {
            throw OpenIDError.invalidToken("it is signed with a key the provider does not publish")
        }
        return fetched.collection
    }

    /// Whether a token naming `kid` can be checked: a key of that id, or — with no id — exactly
    /// one key.
    private static func covers(_ identifiers: Set<String>, _ kid: String?) -> Bool {
        if let kid { return identifiers.contains(kid) }
        return identifiers.count == 1
    }

    /// The signing keys of a JWKS document. Keys for encryption (`"use": "enc"`), without an id,
    /// or of a type jwt-kit cannot read are left out, not fatal: providers publish all sorts.
    static func keySet(_ body: Data) async throws -> (collection: JWTKeyCollection, identifiers: Set<String>) {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let entries = object["keys"] as? [[String: Any]]
        else { throw OpenIDError.provider("its key set is not a JWKS document") }
        let collection = JWTKeyCollection()
        var identifiers: Set<String> = []
        for entry in entries where (entry["use"] as? String ?? "sig") == "sig" {
            guard let kid = entry["kid"] as? String,
                let data = try? JSONSerialization.data(withJSONObject: entry),
                let jwk = try? JWK(json: String(decoding: data, as: UTF8.self))
            else { continue }
            do {
                try await collection.add(jwk: jwk)
                identifiers.insert(kid)
            } catch {
                continue
            }
        }
        guard !identifiers.isEmpty else { throw OpenIDError.provider("its key set has no signing key Tend can use") }
        return (collection, identifiers)
    }

    // MARK: Reading a token

    struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    static func header(of token: String) throws -> Header {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(parts[0]),
            let header = try? JSONDecoder().decode(Header.self, from: data)
        else { throw OpenIDError.invalidToken("it is not a signed JWT") }
        return header
    }

    static func identity(_ claims: IDTokenClaims) -> VerifiedIdentity {
        let fromEmail = claims.email.flatMap { $0.split(separator: "@").first.map(String.init) }
        let suggested = [claims.preferredUsername, fromEmail].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let label = [claims.email, claims.preferredUsername, claims.name].compactMap { $0 }.first { !$0.isEmpty } ?? claims.sub
        return VerifiedIdentity(
            issuer: claims.iss, subject: claims.sub, suggestedUsername: String(suggested.prefix(64)), label: String(label.prefix(200)))
    }

    // MARK: HTTP

    private func get(_ url: String, what: String) async throws -> Data {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let (status, body) = try await send(request, what: what)
        guard status == 200 else { throw OpenIDError.provider("its \(what) answered \(status)") }
        return body
    }

    private func send(_ request: HTTPClientRequest, what: String) async throws -> (Int, Data) {
        var request = request
        request.headers.replaceOrAdd(name: "User-Agent", value: "Tend")
        do {
            let response = try await http.execute(request, timeout: timeout)
            let body = try await response.body.collect(upTo: Self.bodyLimit)
            return (Int(response.status.code), Data(body.readableBytesView))
        } catch let error as OpenIDError {
            throw error
        } catch {
            logger.warning("OpenID provider unreachable", metadata: ["issuer": "\(settings.issuer)", "error": "\(error)"])
            throw OpenIDError.provider("its \(what) could not be read (\(type(of: error)))")
        }
    }

    /// application/x-www-form-urlencoded: everything but unreserved characters percent-encoded.
    static func formEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
