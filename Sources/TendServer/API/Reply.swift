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
    /// (sorted keys; a note only when there is one), written directly when the note needs no
    /// escaping — JSONEncoder was a tenth of a check-in's own cost.
    static func entry(_ entry: Entry) throws -> Response {
        guard let bytes = entryJSON(entry) else { return try json(entry) }
        return json(encoded: bytes)
    }

    /// `nil` when the note has a character JSON escapes (a quote, a backslash, a control character).
    static func entryJSON(_ entry: Entry) -> ByteBuffer? {
        if let note = entry.note, note.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return nil
        }
        var buffer = ByteBuffer()
        buffer.reserveCapacity(64 + (entry.note?.utf8.count ?? 0))
        buffer.writeString(#"{"day":""#)
        buffer.writeString(entry.day.iso)
        buffer.writeString(entry.isSkipped ? #"","isSkipped":true,"# : #"","isSkipped":false,"#)
        if let note = entry.note {
            buffer.writeString(#""note":""#)
            buffer.writeString(note)
            buffer.writeString(#"","#)
        }
        buffer.writeString(#""value":"#)
        buffer.writeString(String(entry.value))
        buffer.writeString("}")
        return buffer
    }

    static func noContent(headers: HTTPFields = [:]) -> Response {
        Response(status: .noContent, headers: headers)
    }
}
