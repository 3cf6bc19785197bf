import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendAPI
import TendHTTP

/// Every asset, by file name. A test checks that this lists each file of the Assets folder.
enum WebAssets {
    static let all: [String: WebAsset] = Dictionary(
        uniqueKeysWithValues: [
            WebAsset("app.css", "text/css; charset=utf-8", PackageResources.app_css),
            WebAsset("app.js", "text/javascript; charset=utf-8", PackageResources.app_js),
            WebAsset("rules.js", "text/javascript; charset=utf-8", PackageResources.rules_js),
            WebAsset("sw.js", "text/javascript; charset=utf-8", PackageResources.sw_js),
            WebAsset("manifest.webmanifest", "application/manifest+json", PackageResources.manifest_webmanifest),
            WebAsset("icon.svg", "image/svg+xml", PackageResources.icon_svg),
            WebAsset("icon-192.png", "image/png", PackageResources.icon_192_png),
            WebAsset("icon-512.png", "image/png", PackageResources.icon_512_png),
            WebAsset("icon-maskable-512.png", "image/png", PackageResources.icon_maskable_512_png),
        ].map { ($0.name, $0) })

    static func named(_ name: String) -> WebAsset { all[name]! }

    static var css: WebAsset { named("app.css") }
    static var script: WebAsset { named("app.js") }
    /// The rules app.js applies offline (`TendRules`), loaded before it.
    static var rules: WebAsset { named("rules.js") }

    /// What the service worker caches at install: the assets pages link to.
    static let precached = ["app.css", "rules.js", "app.js", "icon.svg", "icon-192.png"].map { named($0).url } + [WebPaths.manifest()]

    /// One version for all assets: changes whenever any of them does (it renames the service
    /// worker's cache, so an update replaces every cached asset).
    static let version: String = {
        let joined = all.keys.sorted().map { all[$0]!.hash }.joined()
        return String(SHA256.hash(data: Data(joined.utf8)).map { String(format: "%02x", $0) }.joined().prefix(12))
    }()

    /// The service worker with its version and asset list filled in.
    static let serviceWorker: ByteBuffer = {
        let template = String(buffer: named("sw.js").body)
        let list = "[" + precached.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        return ByteBuffer(
            string: template.replacingOccurrences(of: "__TEND_VERSION__", with: version)
                .replacingOccurrences(of: "__TEND_ASSETS__", with: list))
    }()
}
