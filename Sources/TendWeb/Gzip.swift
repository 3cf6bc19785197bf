import CZlib
import Foundation
import NIOCore

/// gzip (RFC 1952) for rendered pages: a Today page is ~190 KB of HTML that compresses about
/// tenfold, which a phone on a slow link feels and a server writing it many times a second too.
/// A page of one piece is deflated by zlib in one call, header and trailer included
/// (``compress(_:)-(ByteBuffer)``); a page with kept fragments is stitched from their deflated
/// forms (``compress(_:)-([PageSegments.Part])``).
enum Gzip {
    /// zlib's level: 6 (its default) made pages ~2 % smaller than 4 for 1.4× the CPU, and 1 half
    /// the CPU of 4 for ~12 % more bytes, on the uncached Today page (docs/performance.md).
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

    /// A page's gzip stream stitched from its parts: each kept fragment's deflated form copied
    /// (made the second time the fragment is on a page, and kept with it), the rest deflated anew.
    /// Every deflated piece ends in a full flush — its blocks end on a byte boundary and nothing
    /// after refers back into it — so pieces can follow one another in any order; an empty final
    /// block, the CRC-32 (combined from the pieces') and the length close the stream (RFC 1951
    /// §3.2.3, RFC 1952 §2.3). The page after a check-in deflates its text and one card, not 50.
    ///
    /// A fragment on its first page goes through zlib with the text around it, as one run: deflated
    /// alone against the fragment before it, it costs a flush and a preset dictionary (~2× the CPU
    /// of the run), and a busy server keeps most fragments for one page only (its caches are full of
    /// other people's).
    static func compress(_ parts: [PageSegments.Part]) -> ByteBuffer? {
        var stream = z_stream()
        // Negative window bits: raw deflate; the gzip header and trailer are written here.
        guard
            deflateInit2_(&stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var out = ByteBuffer()
        out.reserveCapacity(32 << 10)
        // ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown.
        out.writeBytes([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
        var crc = crc32(0, nil, 0)
        var length = 0
        // What is to be deflated anew, in one piece: text, and fragments on their first page.
        var run: [UInt8] = []
        run.reserveCapacity(parts.count > 1 ? 64 << 10 : 0)
        func flushRun() -> Bool {
            defer { run.removeAll(keepingCapacity: true) }
            return run.withUnsafeBufferPointer { bytes in
                guard !bytes.isEmpty else { return true }
                crc = crc32(crc, bytes.baseAddress, uInt(bytes.count))
                length += bytes.count
                guard bytes.count > storedLimit else {
                    // A stored block (RFC 1951 §3.2.4): BFINAL 0, BTYPE 00, padding to the byte
                    // boundary, LEN and its complement. A full flush clears zlib's 64 KB hash
                    // table, which cost more than the `</li><li>` between two cards.
                    out.writeInteger(UInt8(0))
                    out.writeInteger(UInt16(bytes.count), endianness: .little)
                    out.writeInteger(~UInt16(bytes.count), endianness: .little)
                    out.writeBytes(UnsafeRawBufferPointer(bytes))
                    return true
                }
                return deflateFlushed(&stream, bytes, into: &out) != nil
            }
        }
        // The last kept fragment and the text after it: what a fragment's blocks may refer to.
        var previous: KeptHTML?
        var gap: [UInt8] = []
        for part in parts {
            switch part {
            case .text(let text):
                run += text
                if previous != nil {
                    gap += text
                    if gap.count > maximumGap { previous = nil }
                }
            case .kept(let kept):
                let context = previous
                previous = kept
                defer { gap = [] }
                if let form = kept.deflatedForm, form.fits(after: context, gap: context == nil ? [] : gap) {
                    guard flushRun() else { return nil }
                    out.writeBytes(form.bytes)
                    crc = crc32_combine(crc, form.crc, off_t(kept.bytes.count))
                    length += kept.bytes.count
                    continue
                }
                guard kept.wasOnAPage else {
                    kept.wasOnAPage = true
                    run += kept.bytes
                    continue
                }
                guard flushRun() else { return nil }
                let made: KeptHTML.Deflated? = kept.bytes.withUnsafeBufferPointer { bytes in
                    if let context {
                        // The bytes just before the fragment, as the inflater will have them
                        // (the last 32 KB at most: deflate's window).
                        let before = context.bytes + gap
                        let status = before.withUnsafeBufferPointer { all in
                            let window = UnsafeBufferPointer(rebasing: all.suffix(32_768))
                            return deflateSetDictionary(&stream, window.baseAddress, uInt(window.count))
                        }
                        guard status == Z_OK else { return nil }
                    }
                    return deflateFlushed(&stream, bytes, into: &out).map {
                        KeptHTML.Deflated(
                            bytes: $0, crc: crc32(0, bytes.baseAddress, uInt(bytes.count)), after: context,
                            gap: context == nil ? [] : gap, madeAfterSomething: context != nil)
                    }
                }
                guard let made else { return nil }
                kept.deflatedForm = made
                crc = crc32_combine(crc, made.crc, off_t(kept.bytes.count))
                length += kept.bytes.count
            }
        }
        guard flushRun() else { return nil }
        // An empty final block (fixed codes: BFINAL 1, BTYPE 01, end-of-block), then the trailer.
        out.writeBytes([0x03, 0x00])
        out.writeInteger(UInt32(truncatingIfNeeded: crc), endianness: .little)
        out.writeInteger(UInt32(truncatingIfNeeded: length), endianness: .little)
        return out
    }

    /// The most text between two kept fragments for the second to be deflated against the first
    /// (a card's `</li><li>`); after more, it is deflated on its own.
    static let maximumGap = 256

    /// Text up to this many bytes goes into the stream as it is (a stored block) rather than
    /// through zlib.
    static let storedLimit = 64

    /// Deflates `bytes` through `stream` with a full flush, appending the blocks to `out`;
    /// returns them, or `nil` if zlib failed.
    private static func deflateFlushed(
        _ stream: inout z_stream, _ bytes: UnsafeBufferPointer<UInt8>, into out: inout ByteBuffer
    ) -> [UInt8]? {
        guard !bytes.isEmpty else { return [] }
        let start = out.writerIndex
        stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
        stream.avail_in = uInt(bytes.count)
        repeat {
            var status = Z_OK
            let room = Int(deflateBound(&stream, uLong(bytes.count))) + 64
            out.writeWithUnsafeMutableBytes(minimumWritableBytes: room) { output in
                stream.next_out = output.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(output.count)
                status = deflate(&stream, Z_FULL_FLUSH)
                return output.count - Int(stream.avail_out)
            }
            guard status == Z_OK else { return nil }
        } while stream.avail_out == 0 || stream.avail_in > 0
        return out.getBytes(at: start, length: out.writerIndex - start)
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
