import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendAPI
import TendHTTP
import TendWords

/// Serves the assets: `/assets/{name}`, the JavaScript modules at `/assets/js/{version}/{name}` too,
/// the service worker at `/sw.js` (root scope), the manifest at `/manifest.webmanifest` and an
/// icon at `/favicon.ico`.
struct AssetFiles {
    func addRoutes(to router: Router<TendRequestContext>) {
        router.get(WebPaths.asset.route(), use: asset)
        router.head(WebPaths.asset.route(), use: asset)
        router.get(WebPaths.module.route(), use: module)
        router.head(WebPaths.module.route(), use: module)
        router.get(WebPaths.serviceWorker.route(), use: serviceWorker)
        router.get(WebPaths.manifest.route()) { request, _ in
            // `?lang=de`: the pages of a language link its manifest (Layout); no or another tag is English.
            let language = request.query("lang").flatMap { Language(rawValue: $0) } ?? .english
            return Self.response(Self.manifests[language] ?? WebAssets.named("manifest.webmanifest"), request, immutable: false)
        }
        router.get(WebPaths.favicon.route()) { request, _ in Self.response(WebAssets.named("icon-192.png"), request, immutable: false) }
    }

    @Sendable func asset(_ request: Request, context: TendRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), let asset = WebAssets.all[name], name != "sw.js" else {
            throw Problem.notFound("no such asset")
        }
        return Self.response(asset, request, immutable: request.query("v") == asset.hash)
    }

    /// A module at the modules' version may be kept for a year; at another version (a page from
    /// before an update) it is today's module, revalidated each time, as an asset with another `v` is.
    @Sendable func module(_ request: Request, context: TendRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), WebAssets.modules.contains(name), let asset = WebAssets.all[name] else {
            throw Problem.notFound("no such module")
        }
        return Self.response(asset, request, immutable: context.parameters.get("version") == WebAssets.moduleVersion)
    }

    @Sendable func serviceWorker(_ request: Request, context: TendRequestContext) async throws -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache",
                .contentLength: String(WebAssets.serviceWorker.readableBytes),
            ],
            body: .init(byteBuffer: WebAssets.serviceWorker))
    }

    /// The manifest in each language: its description translated, with `lang` and `dir`, which
    /// the browser uses for the installed app's name and description.
    static let manifests: [Language: WebAsset] = Dictionary(
        uniqueKeysWithValues: Language.allCases.compactMap { language in
            let english = WebAssets.named("manifest.webmanifest")
            guard language != .english,
                var manifest = (try? JSONSerialization.jsonObject(with: Data(english.body.readableBytesView))) as? [String: Any]
            else { return nil }
            Words.$current.withValue(Words.of(language)) {
                manifest["description"] = t("Habits, routines and streaks: your habit tracker.")
            }
            manifest["lang"] = language.tag
            manifest["dir"] = language.direction
            guard let data = try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])
            else { return nil }
            return (language, WebAsset(english.name, english.contentType, Array(data)))
        })

    /// The asset, or 304 when the client has it; versioned URLs may be kept for a year.
    static func response(_ asset: WebAsset, _ request: Request, immutable: Bool) -> Response {
        let etag = "\"\(asset.hash)\""
        var headers: HTTPFields = [
            .contentType: asset.contentType, .eTag: etag,
            .cacheControl: immutable ? "public, max-age=31536000, immutable" : "no-cache",
        ]
        if request.headers[.ifNoneMatch] == etag {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(asset.body.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: request.method == .head ? ByteBuffer() : asset.body))
    }
}
