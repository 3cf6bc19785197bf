// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Tend",
    platforms: [.macOS(.v14), .iOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "TendCore", targets: ["TendCore"]),
        .library(name: "TendTestSupport", targets: ["TendTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // The habit domain engine: Foundation only, no clock, no I/O.
        .target(name: "TendCore"),
        // Fixtures and generated datasets shared by tests and benchmarks.
        .target(name: "TendTestSupport", dependencies: ["TendCore"]),
        // `swift run -c release TendBenchmarks`: figures recorded in docs/performance.md.
        .executableTarget(name: "TendBenchmarks", dependencies: ["TendCore", "TendTestSupport"]),
        .testTarget(
            name: "TendCoreTests",
            dependencies: [
                "TendCore",
                "TendTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
