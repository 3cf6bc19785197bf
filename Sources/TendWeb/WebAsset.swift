import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendAPI
import TendHTTP

/// A file of `Sources/TendWeb/Assets`, embedded in the binary (SwiftPM's `embedInCode`), so an
/// installed static `tend` needs no files beside it.
struct WebAsset: Sendable {
    let name: String
    let contentType: String
    let body: ByteBuffer
    /// The first 12 hex digits of the content's SHA-256: in the URL (`?v=`; not a module's) and the ETag.
    let hash: String

    init(_ name: String, _ contentType: String, _ bytes: [UInt8]) {
        self.name = name
        self.contentType = contentType
        body = ByteBuffer(bytes: bytes)
        hash = String(SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined().prefix(12))
    }

    /// The asset's URL, which changes with its content (so it may be cached for a year); a
    /// module's carries the modules' version in its path (`WebAssets.modules`).
    var url: String {
        WebAssets.modules.contains(name) ? WebPaths.module(WebAssets.moduleVersion, name) : WebPaths.asset(name) + "?v=\(hash)"
    }
}
