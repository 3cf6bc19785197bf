import Foundation
import NIOCore
import ZIPFoundation

/// gzip (RFC 1952) for rendered pages: a Today page is ~100 KB of HTML that compresses about
/// tenfold, which a phone on a slow link feels and a server writing it many times a second too.
/// The deflate stream is zlib's (through ZIPFoundation, which the ZIP export uses already); the
/// gzip header and trailer are written here.
enum Gzip {
    /// `buffer` gzipped, or `nil` if zlib failed (the page is then sent as it is).
    static func compress(_ buffer: ByteBuffer) -> ByteBuffer? {
        let data = Data(buffer.readableBytesView)
        var deflated = Data()
        let checksum: CRC32
        do {
            checksum = try Data.compress(
                size: Int64(data.count), bufferSize: 64 * 1024,
                provider: { position, size in data.subdata(in: Int(position)..<min(Int(position) + size, data.count)) },
                consumer: { deflated.append($0) })
        } catch {
            return nil
        }
        var out = ByteBuffer()
        out.reserveCapacity(deflated.count + 18)
        // Magic, deflate, no flags, no modification time, no extra flags, OS "unknown".
        out.writeBytes([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
        out.writeBytes(deflated)
        out.writeInteger(UInt32(truncatingIfNeeded: checksum), endianness: .little)
        out.writeInteger(UInt32(truncatingIfNeeded: data.count), endianness: .little)
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
