import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendAPI
import TendCore
import TendHTTP

/// Building responses.
enum Reply {
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        json(encoded: ByteBuffer(bytes: try APIJSON.encoder().encode(value)), status: status, headers: headers)
    }

    /// JSON already encoded (a kept answer); the buffer is shared, not copied.
    static func json(encoded buffer: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLength] = String(buffer.readableBytes)
        return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
    }

    /// A day's entry, the answer to every check-in: the same bytes as ``json(_:status:headers:)``
    /// (sorted keys; a note only when there is one), written by ``Entry/writeJSON(to:)`` —
    /// JSONEncoder would be a sizeable part of a check-in's own cost.
    static func entry(_ entry: Entry) -> Response {
        json(encoded: entryJSON(entry))
    }

    static func entryJSON(_ entry: Entry) -> ByteBuffer {
        var output = JSONOutput(capacity: 64 + (entry.note?.utf8.count ?? 0))
        entry.writeJSON(to: &output)
        return ByteBuffer(bytes: output.bytes)
    }

    static func noContent(headers: HTTPFields = [:]) -> Response {
        Response(status: .noContent, headers: headers)
    }
}
