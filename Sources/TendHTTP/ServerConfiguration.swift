import Foundation
import TendCore
import TendOpenID

/// Everything `tend serve` can be told, as one value: built by the CLI from its options and
/// environment (docs/server.md), and literally in tests.
public struct ServerConfiguration: Sendable {
    /// The address to bind (`--host`, `TEND_HOST`).
    public var host: String
    /// The port to bind (`--port`, `TEND_PORT`); 0 picks a free one.
    public var port: Int
    /// Anyone may create an account, not only people with an invite (`--open-registration`).
    public var openRegistration: Bool
    /// A reverse proxy in front of Tend says who the client is (`X-Forwarded-For`) and whether the
    /// connection was TLS (`X-Forwarded-Proto: https`) (`--trust-proxy`). Without it both
    /// headers are ignored.
    public var trustProxy: Bool
    /// The proxies whose forwarding headers count with ``trustProxy`` (`--trusted-proxy`; a proxy
    /// on this machine by default). A client that connects directly and sends the headers itself
    /// is not believed.
    public var trustedProxies: [IPNetwork]
    /// The header a signing-in reverse proxy (Authelia, Authentik, oauth2-proxy, Tailscale) names
    /// the signed-in user in (`--trusted-header X-Forwarded-User`): believed only on a connection
    /// from one of ``trustedProxies``, ignored (and counted) from anywhere else.
    public var trustedHeader: String?
    /// A user the trusted header names for the first time gets an account (`--trusted-header-signup`);
    /// without it they are refused until the owner makes one.
    public var trustedHeaderSignup: Bool
    /// The OpenID Connect providers people may sign in with (`--oidc ISSUER_URL,CLIENT_ID[,SECRET]`,
    /// repeatable), each a "Sign in with …" button on the sign-in page.
    public var openIDProviders: [OpenIDProviderSettings]
    /// How soon after fetching a provider's keys Tend fetches them again for a token that names a
    /// key it does not know (rotation); tests set 0.
    public var openIDKeyRefreshInterval: TimeInterval
    /// New accounts (by password, provider or trusted header) wait for the owner's approval
    /// before they can sign in (`--approve-signups`).
    public var approveSignups: Bool
    /// The one-time code a first sign-up must give when it comes from another machine
    /// (`tend serve` makes one at a start without an owner); `nil`: only the person at the machine
    /// can set the server up.
    public var setupCode: String?
    /// How long a connection may stay idle (no request, or a request that stopped arriving)
    /// before the server closes it.
    public var idleTimeout: Duration
    /// bcrypt's cost (log₂ of its rounds). `tend serve` refuses less than
    /// ``minimumProductionBcryptCost``; tests use 4 to run fast.
    public var bcryptCost: UInt8
    /// The largest JSON body accepted (1 MiB).
    public var maximumJSONBody: Int
    /// The largest import accepted (256 MiB).
    public var maximumImportBody: Int
    /// Imports (API and web pages together) this instance runs at once; one more is answered 503
    /// with Retry-After. Each holds at most a bounded amount of memory (docs/performance.md).
    public var maximumConcurrentImports: Int
    /// How many sign-in attempts one client address, and one account, may make per window.
    public var loginAttemptsPerWindow: Int
    /// Bytes of sync requests carrying operations one user may send this instance an hour
    /// (``SyncRules/maximumPushBytesPerHour``); beyond it 429 with `Retry-After`.
    public var syncPushBytesPerHour: Int
    /// The rate limit's sliding window (a minute).
    public var loginWindow: TimeInterval
    /// How many bcrypt computations may be queued or running at once (16); past it a sign-in,
    /// sign-up or password change is refused with 503 and `Retry-After`.
    public var maximumQueuedPasswordHashes: Int
    /// How long a browser session lasts.
    public var sessionLifetime: TimeInterval
    /// How long an invite stays valid.
    public var inviteLifetime: TimeInterval
    /// The server's address as people's devices reach it (`--public-url`): the base of the links
    /// in reminders (a notification's "Done", the calendar feed). `nil`: `http://host:port`.
    public var publicURL: URL?
    /// The contact in VAPID tokens (`--vapid-subject`): a `mailto:` address or an `https:` URL
    /// (docs/reminders.md). `nil`: derived from ``publicURL`` when that is a public https URL.
    public var vapidSubject: String?
    /// Admit reminder targets on loopback and private networks, and plain http to them
    /// (`--allow-private-targets`; ntfy on the same box, the tests' doubles).
    public var allowPrivateTargets: Bool
    /// What the caches of pages, answers and held habits may hold together (`--cache-memory`).
    public var cacheBudget: CacheBudget
    /// The wall clock: "now" for token expiry, rate limits, the users' today and reminders.
    public var now: @Sendable () -> Date

    public static let minimumProductionBcryptCost: UInt8 = 12

    /// ``publicURL``, else the address the server listens on.
    public var baseURL: URL {
        publicURL ?? URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)")!
    }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        openRegistration: Bool = false,
        trustProxy: Bool = false,
        trustedProxies: [IPNetwork] = IPNetwork.loopback,
        trustedHeader: String? = nil,
        trustedHeaderSignup: Bool = false,
        openIDProviders: [OpenIDProviderSettings] = [],
        openIDKeyRefreshInterval: TimeInterval = 60,
        approveSignups: Bool = false,
        setupCode: String? = nil,
        idleTimeout: Duration = .seconds(60),
        bcryptCost: UInt8 = ServerConfiguration.minimumProductionBcryptCost,
        maximumJSONBody: Int = 1 << 20,
        maximumImportBody: Int = 256 << 20,
        maximumConcurrentImports: Int = 2,
        loginAttemptsPerWindow: Int = 10,
        syncPushBytesPerHour: Int = SyncRules.maximumPushBytesPerHour,
        loginWindow: TimeInterval = 60,
        maximumQueuedPasswordHashes: Int = 16,
        sessionLifetime: TimeInterval = 30 * 86_400,
        inviteLifetime: TimeInterval = 7 * 86_400,
        publicURL: URL? = nil,
        vapidSubject: String? = nil,
        allowPrivateTargets: Bool = false,
        cacheBudget: CacheBudget = .standard,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        self.port = port
        self.openRegistration = openRegistration
        self.trustProxy = trustProxy
        self.trustedProxies = trustedProxies
        self.trustedHeader = trustedHeader
        self.trustedHeaderSignup = trustedHeaderSignup
        self.openIDProviders = openIDProviders
        self.openIDKeyRefreshInterval = openIDKeyRefreshInterval
        self.approveSignups = approveSignups
        self.setupCode = setupCode
        self.idleTimeout = idleTimeout
        self.bcryptCost = bcryptCost
        self.maximumJSONBody = maximumJSONBody
        self.maximumImportBody = maximumImportBody
        self.maximumConcurrentImports = maximumConcurrentImports
        self.loginAttemptsPerWindow = loginAttemptsPerWindow
        self.syncPushBytesPerHour = syncPushBytesPerHour
        self.loginWindow = loginWindow
        self.maximumQueuedPasswordHashes = maximumQueuedPasswordHashes
        self.sessionLifetime = sessionLifetime
        self.inviteLifetime = inviteLifetime
        self.publicURL = publicURL
        self.vapidSubject = vapidSubject
        self.allowPrivateTargets = allowPrivateTargets
        self.cacheBudget = cacheBudget
        self.now = now
    }
}
