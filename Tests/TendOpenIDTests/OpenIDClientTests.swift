import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import TendOpenID
import TendTestSupport
import Testing

/// The relying party against a provider double on loopback that signs real tokens: every check of
/// an ID token (OpenID Connect Core §3.1.3.7) refuses a token that breaks it.
@Suite("OpenID Connect: the relying party")
struct OpenIDClientTests {
    static let redirect = "http://127.0.0.1:9/login/oidc/callback"
    /// Plays the browser at the authorization endpoint: its redirect back is looked at, not followed.
    static let browser = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))

    /// A sign-in through `provider` as far as the callback: the code and the secrets to finish it.
    static func authorize(_ client: OpenIDClient, at now: Date = Date()) async throws -> (code: String, request: AuthorizationRequest) {
        let request = try await client.authorizationRequest(redirectURI: redirect, now: now)
        var get = HTTPClientRequest(url: request.url)
        get.method = .GET
        let response = try await browser.execute(get, timeout: .seconds(10))
        #expect(response.status.code == 302)
        let location = try #require(response.headers.first(name: "location"))
        let items = URLComponents(string: location)?.queryItems ?? []
        #expect(items.first { $0.name == "state" }?.value == request.state)
        return (try #require(items.first { $0.name == "code" }?.value), request)
    }

    static func client(_ provider: OpenIDProviderDouble, clientID: String? = nil, refresh: TimeInterval = 0) -> OpenIDClient {
        OpenIDClient(
            settings: OpenIDProviderSettings(
                issuer: provider.issuer, clientID: clientID ?? provider.clientID, clientSecret: provider.clientSecret),
            http: .shared, keyRefreshInterval: refresh, logger: Logger(label: "test"))
    }

    static func signIn(_ client: OpenIDClient) async throws -> VerifiedIdentity {
        let (code, request) = try await authorize(client)
        return try await client.finishSignIn(
            code: code, codeVerifier: request.codeVerifier, nonce: request.nonce, redirectURI: redirect, now: Date())
    }

    @Test("RFC 7636's appendix B: the S256 challenge of its verifier")
    func pkceExample() {
        #expect(PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk").challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE().verifier.count == 43)
    }

    @Test("--oidc's text: issuer and client id required, https unless on this machine, a secret optional")
    func settings() throws {
        let parsed = try OpenIDProviderSettings(parsing: "https://auth.example.org/realms/home, tend ,s3cret,with,commas")
        #expect(
            parsed
                == OpenIDProviderSettings(
                    issuer: "https://auth.example.org/realms/home", clientID: "tend", clientSecret: "s3cret,with,commas"))
        #expect(parsed.displayName == "auth.example.org" && parsed.slug.count == 10)
        #expect(try OpenIDProviderSettings(parsing: "http://127.0.0.1:5556/dex,tend").clientSecret == nil)
        for bad in [
            "https://auth.example.org", ",tend", "http://auth.example.org,tend", "auth.example.org,tend", "https://a.org/?x=1,tend",
        ] {
            #expect(throws: OpenIDError.self, "\(bad)") { try OpenIDProviderSettings(parsing: bad) }
        }
    }

    @Test(
        "A sign-in with PKCE, state and nonce, RS256 and ES256, with and without a client secret",
        arguments: [
            (OpenIDProviderDouble.Algorithm.rs256, "s3cret" as String?), (.es256, nil),
        ])
    func signsIn(algorithm: OpenIDProviderDouble.Algorithm, secret: String?) async throws {
        try await OpenIDProviderDouble.run(clientSecret: secret, algorithm: algorithm) { provider in
            provider.signInNext(.init(subject: "248289761001", username: nil, email: "jane.doe@example.org"))
            let identity = try await Self.signIn(Self.client(provider))
            #expect(
                identity
                    == VerifiedIdentity(
                        issuer: provider.issuer, subject: "248289761001", suggestedUsername: "jane.doe", label: "jane.doe@example.org"))
            let asked = try #require(provider.authorizeRequests.last?.query)
            #expect(asked["code_challenge_method"] == "S256" && asked["scope"] == "openid profile email")
            #expect(asked["redirect_uri"] == Self.redirect)
        }
    }

    @Test("A token that is wrong in one way is refused: audience, expiry, nonce, issuer, forged key, alg none")
    func refusesBadTokens() async throws {
        try await OpenIDProviderDouble.run { provider in
            let client = Self.client(provider)
            let cases: [(OpenIDProviderDouble.Flaw, String)] = [
                (.audience("someone-else"), "another client"), (.expired(120), "expired"), (.nonce("old-nonce"), "nonce"),
                (.issuer("https://evil.example.org"), "issued by"), (.unpublishedKey, "signature"), (.algorithmNone, "none"),
            ]
            for (flaw, reason) in cases {
                provider.spoil(flaw)
                do {
                    _ = try await Self.signIn(client)
                    Issue.record("\(flaw) was accepted")
                } catch let error as OpenIDError {
                    guard case .invalidToken(let text) = error else {
                        Issue.record("\(flaw): \(error)")
                        continue
                    }
                    #expect(text.contains(reason), "\(flaw): \(text)")
                }
            }
            provider.spoil(nil)
            #expect(try await Self.signIn(client).subject == "subject-1")
        }
    }

    @Test("A rotated key is fetched when a token names it; an unknown key id fetches at most once per interval")
    func rotation() async throws {
        try await OpenIDProviderDouble.run { provider in
            let client = Self.client(provider, refresh: 0)
            _ = try await Self.signIn(client)
            #expect(provider.jwksRequests == 1)
            _ = try await Self.signIn(client)
            #expect(provider.jwksRequests == 1)  // the keys are kept
            try provider.rotateKey()
            _ = try await Self.signIn(client)
            #expect(provider.jwksRequests == 2)
        }
        try await OpenIDProviderDouble.run { provider in
            let client = Self.client(provider, refresh: 3600)
            _ = try await Self.signIn(client)
            try provider.rotateKey()
            // Within the interval the unknown key is refused without asking the provider again.
            await #expect(throws: OpenIDError.self) { _ = try await Self.signIn(client) }
            await #expect(throws: OpenIDError.self) { _ = try await Self.signIn(client) }
            #expect(provider.jwksRequests == 1)
        }
    }

    @Test("The code is single use and bound to the PKCE verifier; a provider that refuses says so")
    func codeExchange() async throws {
        try await OpenIDProviderDouble.run { provider in
            let client = Self.client(provider)
            let (code, request) = try await Self.authorize(client)
            // Another verifier (an intercepted code without its verifier) is refused by the provider.
            await #expect(throws: OpenIDError.self) {
                _ = try await client.finishSignIn(
                    code: code, codeVerifier: PKCE().verifier, nonce: request.nonce, redirectURI: Self.redirect, now: Date())
            }
            let (second, request2) = try await Self.authorize(client)
            _ = try await client.finishSignIn(
                code: second, codeVerifier: request2.codeVerifier, nonce: request2.nonce, redirectURI: Self.redirect, now: Date())
            do {
                _ = try await client.finishSignIn(
                    code: second, codeVerifier: request2.codeVerifier, nonce: request2.nonce, redirectURI: Self.redirect, now: Date())
                Issue.record("a used code was accepted")
            } catch let error as OpenIDError {
                #expect(error.description.contains("invalid_grant"))
            }
        }
        // A client id the provider does not know: the authorization endpoint refuses (400) and
        // nothing is signed in; a provider whose discovery names another issuer is not used.
        try await OpenIDProviderDouble.run { provider in
            let wrong = OpenIDClient(
                settings: OpenIDProviderSettings(issuer: provider.issuer + "/", clientID: "tend"), http: .shared, logger: Logger(label: "t")
            )
            await #expect(
                throws: OpenIDError.provider("its discovery document names the issuer “\(provider.issuer)”, not “\(provider.issuer)/”")
            ) {
                _ = try await wrong.authorizationRequest(redirectURI: Self.redirect, now: Date())
            }
        }
    }

    @Test("A provider that cannot be reached is a clear error, not a hang")
    func unreachable() async throws {
        let client = OpenIDClient(
            settings: OpenIDProviderSettings(issuer: "http://127.0.0.1:9", clientID: "tend"), http: .shared, timeout: .seconds(1),
            logger: Logger(label: "t"))
        await #expect(throws: OpenIDError.self) { _ = try await client.authorizationRequest(redirectURI: Self.redirect, now: Date()) }
    }
}
