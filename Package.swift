// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Tend",
    platforms: [.macOS(.v15), .iOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "TendCore", targets: ["TendCore"]),
        .library(name: "TendWords", targets: ["TendWords"]),
        .library(name: "TendStore", targets: ["TendStore"]),
        .library(name: "TendSQLite", targets: ["TendSQLite"]),
        .library(name: "TendPostgres", targets: ["TendPostgres"]),
        .library(name: "TendImport", targets: ["TendImport"]),
        .library(name: "TendFixtures", targets: ["TendFixtures"]),
        .library(name: "TendTestSupport", targets: ["TendTestSupport"]),
        .library(name: "TendAPI", targets: ["TendAPI"]),
        .library(name: "TendDelivery", targets: ["TendDelivery"]),
        .library(name: "TendReminders", targets: ["TendReminders"]),
        .library(name: "TendHTTP", targets: ["TendHTTP"]),
        .library(name: "TendWeb", targets: ["TendWeb"]),
        .library(name: "TendServer", targets: ["TendServer"]),
        .library(name: "TendCLI", targets: ["TendCLI"]),
        .executable(name: "tend", targets: ["tend"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms.git", from: "1.1.4"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        // The habit domain engine: Foundation only, no clock, no I/O.
        .target(name: "TendCore", dependencies: ["TendWords"]),
        // Every word a person reads: the message catalogs (gettext PO, one per language), CLDR's
        // plural rules, the choice of language (Accept-Language, the shell's locale).
        // The catalogs are built in as string literals (EmbeddedCatalogs.swift, from Catalogs/*.po).
        .target(name: "TendWords", exclude: ["Catalogs"]),
        // Owner-scoped storage's interface: the store protocols, the use cases (every operation
        // decided once), the op log, accounts' and reminders' records, caches; no database driver.
        .target(
            name: "TendStore",
            dependencies: [
                "TendWords", "TendCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The embedded store: SQLite through GRDB (also the in-memory store of tests).
        .target(
            name: "TendSQLite",
            dependencies: [
                "TendWords", "TendCore", "TendStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Reading other trackers' files and Tend's own exports (JSON, CSV, ZIP, SQLite backups).
        .target(
            name: "TendImport",
            dependencies: [
                "TendWords", "TendCore", "TendStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // The scale-out store: PostgreSQL through postgres-nio (its backup is every account's export).
        .target(
            name: "TendPostgres",
            dependencies: [
                "TendWords", "TendCore", "TendStore", "TendImport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Child processes started with posix_spawn (Foundation's Process crashes in a process with
        // ~1,350 descriptors open); CTendSpawn exposes glibc's two spawn actions Swift cannot see.
        .target(name: "CTendSpawn"),
        .target(name: "TendSpawn", dependencies: ["CTendSpawn"]),
        // Named fixtures, the generated 50 habits × 10 years dataset and temporary directories: what
        // tests and benchmarks share, without the test framework.
        .target(name: "TendFixtures", dependencies: ["TendCore"]),
        // For tests only (links Swift Testing): the store and account contract suites every store
        // passes, throwaway PostgreSQL databases, child processes, the browser's side of Web Push
        // (decryption, VAPID checks), and the HTTP doubles of a push service and a webhook
        // receiver on 127.0.0.1; re-exports TendFixtures.
        .target(
            name: "TendTestSupport",
            dependencies: [
                "TendCore", "TendStore", "TendSQLite", "TendPostgres", "TendFixtures", "TendDelivery", "TendSpawn",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // `swift run -c release TendBenchmarks`: figures recorded in docs/performance.md.
        .executableTarget(
            name: "TendBenchmarks",
            dependencies: [
                "TendCore", "TendStore", "TendSQLite", "TendPostgres", "TendImport", "TendFixtures", "TendDelivery", "TendReminders",
                "TendWeb",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // The child process the crash test kills at random moments.
        .executableTarget(name: "TendCrashWriter", dependencies: ["TendCore", "TendStore", "TendSQLite"]),
        // JSON wire types the server answers with and clients (the CLI) share; path patterns.
        .target(name: "TendAPI", dependencies: ["TendCore"]),
        // What reminders are delivered as, without I/O or a clock: Web Push messages (RFC 8291
        // encryption, RFC 8292 VAPID, the push request) and the iCalendar feed (RFC 5545).
        .target(name: "TendDelivery", dependencies: ["TendCore", .product(name: "Crypto", package: "swift-crypto")]),
        // Reminder delivery with I/O: the senders (Web Push, webhooks) over AsyncHTTPClient, the
        // target check at send time, retries; and the scheduler that drives the firing queue.
        .target(
            name: "TendReminders",
            dependencies: [
                "TendWords", "TendCore", "TendAPI", "TendDelivery", "TendStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Signing in through OpenID Connect providers as a relying party: discovery, PKCE, the
        // code exchange, and ID tokens checked against the provider's rotating keys (jwt-kit).
        .target(
            name: "TendOpenID",
            dependencies: [
                "TendCore",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the JSON API and the web pages share: the request context, configuration, problems,
        // authentication (sessions, CSRF, passwords, rate limit), accounts and change notification.
        .target(
            name: "TendHTTP",
            dependencies: [
                "TendWords", "TendCore", "TendStore", "TendImport", "TendAPI", "TendDelivery", "TendOpenID", "TendReminders",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The browser app (docs/web.md): server-rendered pages, forms, assets embedded in the
        // binary, the service worker and live updates.
        .target(
            name: "TendWeb",
            dependencies: [
                "TendWords", "TendCore", "TendStore", "TendImport", "TendAPI", "TendHTTP", "TendDelivery", "TendOpenID", "TendReminders",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            resources: [.embedInCode("Assets")]
        ),
        // `tend serve`'s application (Hummingbird 2): the JSON API's routes and OpenAPI document,
        // metrics, and `buildApplication`, the one place that assembles API, web app and services.
        .target(
            name: "TendServer",
            dependencies: [
                "TendWords", "TendCore", "TendStore", "TendImport", "TendAPI", "TendHTTP", "TendWeb", "TendDelivery", "TendReminders",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.embedInCode("OpenAPI/openapi.json")]
        ),
        // The `tend` command tree (ArgumentParser), one file per subcommand.
        .target(
            name: "TendCLI",
            dependencies: [
                "TendWords", "TendCore", "TendStore", "TendSQLite", "TendPostgres", "TendImport", "TendAPI", "TendHTTP", "TendServer",
                "TendDelivery",
                "TendReminders", "TendOpenID",
                "TendSpawn",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The thin executable: calls `TendCommand.main()`.
        .executableTarget(
            name: "tend",
            dependencies: ["TendCLI"],
            linkerSettings: [
                // `-static-stdlib` exports every symbol of the executable (47,000 in `tend`), and
                // the Swift runtime's start-up calls `dladdr`, which walks them all: ~15 % of
                // `tend today`. Nothing looks our symbols up by name.
                .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))
            ]
        ),
        .testTarget(
            name: "TendCLITests",
            dependencies: [
                "TendWords", "TendCLI", "TendCore", "TendStore", "TendSQLite", "TendTestSupport", "TendHTTP", "TendOpenID", "tend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "TendStoreTests",
            dependencies: [
                "TendCore", "TendStore", "TendSQLite", "TendPostgres", "TendImport", "TendTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "TendServerTests",
            dependencies: [
                "TendServer", "TendHTTP", "TendAPI", "TendCore", "TendStore", "TendSQLite", "TendPostgres", "TendImport", "TendDelivery",
                "TendWords", "TendTestSupport", "TendFixtures", "TendOpenID", "tend",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "TendWebTests",
            dependencies: [
                "TendWords", "TendWeb", "TendHTTP", "TendServer", "TendCore", "TendStore", "TendSQLite", "TendPostgres", "TendImport",
                "TendDelivery",
                "TendTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "TendWordsTests", dependencies: ["TendWords"]),
        .testTarget(
            name: "TendOpenIDTests",
            dependencies: [
                "TendOpenID", "TendTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "TendDeliveryTests",
            dependencies: [
                "TendDelivery", "TendCore", "TendTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "TendRemindersTests",
            dependencies: [
                "TendWords", "TendReminders", "TendDelivery", "TendCore", "TendStore", "TendSQLite", "TendTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "TendCoreTests",
            dependencies: [
                "TendCore",
                "TendTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "TendSpawnTests", dependencies: ["TendSpawn", "TendTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
