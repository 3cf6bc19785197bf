import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// Building page responses.
enum Page {
    /// An HTML page (private: it shows the user's data, so shared caches must not keep it).
    static func html(_ node: Node, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        html(rendered: render(node), status: status, headers: headers)
    }

    /// The document of `node`, doctype included, as the bytes to send.
    static func render(_ node: Node) -> ByteBuffer {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 << 10)
        bytes.appendUTF8("<!doctype html>")
        node.render(into: &bytes)
        return ByteBuffer(bytes: bytes)
    }

    /// An HTML page already rendered (see ``render(_:)``); the buffer is shared, not copied.
    static func html(rendered buffer: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "text/html; charset=utf-8"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "private, no-cache" }
        headers[.contentLength] = String(buffer.readableBytes)
        return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
    }

    /// A page kept for reuse (the Today page), with its gzip form when the browser accepts it.
    /// The answer varies with `Accept-Encoding`, and says so.
    static func html(_ page: RenderedPage, gzip: Bool) throws -> Response {
        guard gzip, let gzipped = page.gzipped else {
            return html(rendered: try page.plain(), headers: [.vary: "Accept-Encoding"])
        }
        return html(rendered: gzipped, headers: [.vary: "Accept-Encoding", .contentEncoding: "gzip"])
    }

    /// Redirect-after-post (303: the browser follows with a GET).
    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// A return address from a form or a query: only a path on this site, else `fallback`.
    ///
    /// Browsers repair a `Location` before following it: they drop tabs and newlines and read `\`
    /// as `/`, so `/\t/evil.example` becomes `//evil.example`, another site. So only printable
    /// ASCII without `\` or spaces is accepted (Tend's own paths need no more), it must start with
    /// one `/` (never `//`), be at most 2,048 bytes, and parse as a URL reference without a scheme
    /// or a host.
    static func localPath(_ text: String?, fallback: String) -> String {
        guard let text, text.utf8.count <= 2048, text.hasPrefix("/"), !text.hasPrefix("//"),
            text.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") }),
            let parsed = URLComponents(string: text), parsed.scheme == nil, parsed.host == nil, parsed.path.hasPrefix("/")
        else { return fallback }
        return text
    }
}

extension Request {
    /// The form fields of a `application/x-www-form-urlencoded` body (at most 1 MiB).
    func form(limit: Int = 1 << 20) async throws -> FormData {
        var request = self
        let body = try await request.collectBody(upTo: limit)
        return FormData(String(buffer: body))
    }

    /// The path and query, to come back to after signing in.
    var pathAndQuery: String {
        uri.query.map { uri.path + "?" + $0 } ?? uri.path
    }
}
