import CZlib
import Foundation
import NIOCore

/// gzip (RFC 1952) for rendered pages: a Today page is ~100 KB of HTML that compresses about
/// tenfold, which a phone on a slow link feels and a server writing it many times a second too.
/// zlib writes the whole gzip stream (header, deflate, CRC-32 and length) in one call, straight
/// from the page's bytes into the answer's buffer.
enum Gzip {
    /// zlib's level: 6 (its default) made pages ~2 % smaller than 4 for 1.4× the CPU, on the
    /// uncached Today page (docs/performance.md).
    static let level: Int32 = 1

    /// `buffer` gzipped, or `nil` if zlib failed (the page is then sent as it is).
    static func compress(_ buffer: ByteBuffer) -> ByteBuffer? {
        var stream = z_stream()
        // 15 window bits + 16: a gzip wrapper instead of zlib's.
        guard
            deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(buffer.readableBytes)))
        var out = ByteBuffer()
        let status: Int32 = buffer.withUnsafeReadableBytes { input in
            out.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(output.count)
                let status = deflate(&stream, Z_FINISH)
                return status == Z_STREAM_END ? Int(stream.total_out) : 0
            } > 0 ? Z_STREAM_END : Z_STREAM_ERROR
        }
        return status == Z_STREAM_END ? out : nil
    }

    /// The bytes a gzip stream made by ``compress(_:)`` holds, `size` of them (known to the caller,
    /// so one allocation and one call; zlib checks the CRC-32 and the length).
    static func decompress(_ buffer: ByteBuffer, size: Int) throws -> ByteBuffer {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw GzipError.inflate(Z_MEM_ERROR)
        }
        defer { inflateEnd(&stream) }
        var out = ByteBuffer()
        var status = Z_OK
        buffer.withUnsafeReadableBytes { input in
            _ = out.writeWithUnsafeMutableBytes(minimumWritableBytes: max(size, 1)) { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(size)
                status = inflate(&stream, Z_FINISH)
                return status == Z_STREAM_END ? Int(stream.total_out) : 0
            }
        }
        guard status == Z_STREAM_END, out.readableBytes == size else { throw GzipError.inflate(status) }
        return out
    }

    /// Whether an `Accept-Encoding` header accepts gzip: `gzip` (or `x-gzip`) with a non-zero
    /// quality, else `*` with a non-zero quality and gzip not refused by name.
    static func isAccepted(_ header: String?) -> Bool {
        guard let header else { return false }
        var wildcard = false
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let name = parts.first?.trimmingASCIIBlanks().lowercased() else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingASCIIBlanks().lowercased() == "q" {
                    quality = Double(pair[1].trimmingASCIIBlanks()) ?? 0
                }
            }
            switch name {
            case "gzip", "x-gzip": return quality > 0
            case "*": wildcard = quality > 0
            default: continue
            }
        }
        return wildcard
    }
}

extension Substring {
    fileprivate func trimmingASCIIBlanks() -> Substring {
        let isContent: (Character) -> Bool = { $0 != " " && $0 != "\t" }
        guard let first = firstIndex(where: isContent), let last = lastIndex(where: isContent) else { return "" }
        return self[first...last]
    }
}

/// A gzip stream zlib could not inflate (the status zlib returned).
struct GzipError: Error, CustomStringConvertible {
    let status: Int32

    static func inflate(_ status: Int32) -> GzipError { GzipError(status: status) }

    var description: String { "gzip: zlib could not inflate a kept page (status \(status))" }
}
