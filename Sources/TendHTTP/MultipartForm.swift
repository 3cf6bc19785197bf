import Foundation

/// A decoded `multipart/form-data` body (RFC 7578): what a form with a file input sends. Only
/// what browsers send is read — parts with `Content-Disposition: form-data; name="…"` and an
/// optional `filename`; nested multiparts and `Content-Transfer-Encoding` are not used by
/// browsers and are refused as malformed.
package struct MultipartForm: Sendable {
    package struct Part: Sendable {
        package var name: String
        /// The file's name as the browser gave it (no path), `nil` for a plain field.
        package var filename: String?
        package var contentType: String?
        package var body: Data

        /// The body as UTF-8 text (plain fields).
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package enum Failure: Error, Equatable, Sendable {
        case noBoundary
        case malformed(String)
    }

    package private(set) var parts: [Part]

    /// The first part named `name`.
    package subscript(name: String) -> Part? { parts.first { $0.name == name } }

    /// The boundary of a `multipart/form-data; boundary=…` content type, `nil` for another type.
    package static func boundary(contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let type = pieces.first, type.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            // RFC 2046: 1 to 70 characters.
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// Where one part is: its headers read, its body as a range of offsets from the start of the
    /// form's bytes, so a large file part can be read straight from where the upload lies.
    package struct PartLayout: Sendable {
        package var name: String
        package var filename: String?
        package var contentType: String?
        package var body: Range<Int>
    }

    /// The most parts one form may have (the import form sends two; a body of thousands of tiny
    /// parts would otherwise cost memory per part), and the longest headers of one part.
    package static let maximumParts = 32
    static let maximumHeaderSize = 8 << 10

    package init(_ body: Data, boundary: String) throws(Failure) {
        parts = try Self.layout(of: body, boundary: boundary).map { layout in
            let start = body.startIndex
            return Part(
                name: layout.name, filename: layout.filename, contentType: layout.contentType,
                body: Data(body[(start + layout.body.lowerBound)..<(start + layout.body.upperBound)]))
        }
    }

    /// The parts of `body` without copying their bodies.
    package static func layout(of body: Data, boundary: String) throws(Failure) -> [PartLayout] {
        let result = body.withUnsafeBytes { bytes -> Result<[PartLayout], Failure> in
            do throws(Failure) {
                return .success(try layout(of: bytes, boundary: boundary))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func layout(of bytes: UnsafeRawBufferPointer, boundary: String) throws(Failure) -> [PartLayout] {
        let delimiter = Array("--\(boundary)".utf8)
        var parts: [PartLayout] = []
        // The first delimiter may start the body or follow a preamble and CRLF.
        guard var index = Self.find(delimiter, in: bytes, from: 0) else { throw .malformed("no boundary line") }
        let separator = Array("\r\n".utf8) + delimiter
        while true {
            index += delimiter.count
            // "--" after a delimiter closes the body.
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") { return parts }
            guard parts.count < maximumParts else { throw .malformed("more than \(maximumParts) parts") }
            // Transport padding, then CRLF.
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            guard index + 1 < bytes.count, bytes[index] == 13, bytes[index + 1] == 10 else {
                throw .malformed("a boundary line does not end with CRLF")
            }
            index += 2
            let headerWindow = UnsafeRawBufferPointer(rebasing: bytes[index..<min(bytes.count, index + maximumHeaderSize + 4)])
            guard let headerLength = Self.find(Array("\r\n\r\n".utf8), in: headerWindow, from: 0) else {
                throw .malformed("a part has no end of headers")
            }
            let headerEnd = index + headerLength
            let headers = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<headerEnd]), as: UTF8.self)
            let bodyStart = headerEnd + 4
            guard let next = Self.find(separator, in: bytes, from: bodyStart) else { throw .malformed("the body is not closed") }
            parts.append(try Self.part(headers: headers, body: bodyStart..<next))
            index = next + 2
        }
    }

    private static func part(headers: String, body: Range<Int>) throws(Failure) -> PartLayout {
        var name: String?
        var filename: String?
        var contentType: String?
        for line in headers.components(separatedBy: "\r\n") where !line.isEmpty {
            let pair = line.split(separator: ":", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { throw .malformed("a part header without a colon") }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            switch pair[0].trimmingCharacters(in: .whitespaces).lowercased() {
            case "content-disposition":
                let parameters = Self.parameters(value)
                guard parameters.type == "form-data" else { throw .malformed("a part is not form-data") }
                name = parameters.values["name"]
                filename = parameters.values["filename"].map { file in
                    // Old browsers send a full path; keep the last component.
                    String(file.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "")
                }
            case "content-type":
                contentType = value
            case "content-transfer-encoding":
                throw .malformed("Content-Transfer-Encoding is not used in form data")
            default:
                continue
            }
        }
        guard let name else { throw .malformed("a part has no name") }
        return PartLayout(name: name, filename: filename, contentType: contentType, body: body)
    }

    /// `form-data; name="file"; filename="a.json"` → ("form-data", ["name": "file", "filename": "a.json"]).
    private static func parameters(_ value: String) -> (type: String, values: [String: String]) {
        var values: [String: String] = [:]
        var scalars = Substring(value)
        func skipSpaces() { while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() } }
        let type = scalars.prefix { $0 != ";" }
        scalars = scalars.dropFirst(type.count)
        while !scalars.isEmpty {
            scalars.removeFirst()  // ";"
            skipSpaces()
            let key = scalars.prefix { $0 != "=" && $0 != ";" }
            scalars = scalars.dropFirst(key.count)
            guard scalars.first == "=" else { continue }
            scalars.removeFirst()
            var parsed = ""
            if scalars.first == "\"" {
                scalars.removeFirst()
                while let character = scalars.first, character != "\"" {
                    scalars.removeFirst()
                    if character == "\\", let escaped = scalars.first {
                        scalars.removeFirst()
                        parsed.append(escaped)
                    } else {
                        parsed.append(character)
                    }
                }
                if !scalars.isEmpty { scalars.removeFirst() }
                scalars = scalars.drop { $0 != ";" }
            } else {
                let token = scalars.prefix { $0 != ";" }
                scalars = scalars.dropFirst(token.count)
                parsed = token.trimmingCharacters(in: .whitespaces)
            }
            values[key.trimmingCharacters(in: .whitespaces).lowercased()] = parsed
        }
        return (type.trimmingCharacters(in: .whitespaces).lowercased(), values)
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count, let base = haystack.baseAddress else { return nil }
        let last = haystack.count - needle.count
        guard start <= last else { return nil }
        var index = start
        while index <= last {
            guard let found = memchr(base + index, Int32(first), last - index + 1) else { return nil }
            index = base.distance(to: UnsafeRawPointer(found))
            var matches = true
            for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                matches = false
                break
            }
            if matches { return index }
            index += 1
        }
        return nil
    }
}
