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
            WebAsset("swap.js", "text/javascript; charset=utf-8", PackageResources.swap_js),
            WebAsset("live.js", "text/javascript; charset=utf-8", PackageResources.live_js),
            WebAsset("zone.js", "text/javascript; charset=utf-8", PackageResources.zone_js),
            WebAsset("outbox.js", "text/javascript; charset=utf-8", PackageResources.outbox_js),
            WebAsset("push.js", "text/javascript; charset=utf-8", PackageResources.push_js),
            WebAsset("rules.js", "text/javascript; charset=utf-8", PackageResources.rules_js),
            WebAsset("words.js", "text/javascript; charset=utf-8", PackageResources.words_js),
            WebAsset("sw.js", "text/javascript; charset=utf-8", PackageResources.sw_js),
            WebAsset("manifest.webmanifest", "application/manifest+json", PackageResources.manifest_webmanifest),
            WebAsset("icon.svg", "image/svg+xml", PackageResources.icon_svg),
            WebAsset("icon-192.png", "image/png", PackageResources.icon_192_png),
            WebAsset("icon-512.png", "image/png", PackageResources.icon_512_png),
            WebAsset("icon-maskable-512.png", "image/png", PackageResources.icon_maskable_512_png),
        ].map { ($0.name, $0) })

    static func named(_ name: String) -> WebAsset { all[name]! }

    static var css: WebAsset { named("app.css") }
    /// The entry module, the one script a page loads: it imports the other modules.
    static var script: WebAsset { named("app.js") }

    /// The JavaScript modules (`<script type="module">`), which import each other by relative
    /// paths ("./swap.js"). Such a path keeps the importing module's folder but drops its query,
    /// so a module's version is in its path (`/assets/js/VERSION/swap.js`), one version for them all
    /// (`moduleVersion`): every module a page imports is then at a versioned address, which the
    /// service worker has cached (so it loads offline) and which never mixes two versions' modules.
    static let modules: Set<String> = ["app.js", "swap.js", "live.js", "zone.js", "outbox.js", "push.js", "rules.js", "words.js"]

    /// Changes whenever any module does.
    static let moduleVersion: String = {
        let joined = modules.sorted().map { named($0).hash }.joined()
        return String(SHA256.hash(data: Data(joined.utf8)).map { String(format: "%02x", $0) }.joined().prefix(12))
    }()

    /// What the service worker caches at install: the assets pages link to, and every module.
    static let precached: [String] =
        (["app.css"] + modules.sorted() + ["icon.svg", "icon-192.png"]).map { named($0).url } + [WebPaths.manifest()]

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
