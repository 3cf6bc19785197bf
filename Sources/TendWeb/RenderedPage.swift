import NIOCore

/// A rendered page kept for reuse (the Today page), held gzipped: HTML compresses about tenfold,
/// and the page cache keeps one page per session, so the small form is what it costs in memory.
/// Every browser accepts gzip; a client that does not gets the page inflated again.
struct RenderedPage: Sendable {
    /// The gzipped page, or the page as rendered if zlib failed.
    private var body: Body
    private let isGzipped: Bool
    /// The size of the page as rendered.
    let plainByteCount: Int

    /// The document of `node` (doctype included), gzipped from its parts (``Gzip/compress(_:)-([PageSegments.Part])``):
    /// what was kept of it is not compressed again.
    init(_ node: Node) {
        self.init(parts: PageSegments.document(node))
    }

    init(parts: [PageSegments.Part]) {
        var count = 0
        for part in parts {
            switch part {
            case .text(let text): count += text.count
            case .kept(let kept): count += kept.bytes.count
            }
        }
        plainByteCount = count
        if let gzipped = Gzip.compress(parts) {
            body = .buffer(gzipped)
            isGzipped = true
        } else {
            var plain = ByteBuffer()
            plain.reserveCapacity(count)
            for part in parts {
                switch part {
                case .text(let text): plain.writeBytes(text)
                case .kept(let kept): plain.writeBytes(kept.bytes)
                }
            }
            body = .buffer(plain)
            isGzipped = false
        }
    }

    init(_ plain: ByteBuffer) {
        plainByteCount = plain.readableBytes
        if let gzipped = Gzip.compress(plain) {
            body = .buffer(gzipped)
            isGzipped = true
        } else {
            body = .buffer(plain)
            isGzipped = false
        }
    }

    /// The same page in memory of its own size, for keeping: NIO gives a buffer a power of two of
    /// bytes (a 21 KB page sits in 32 KB), and a kept page stays while its session is among the
    /// cache's last. Each answer from it copies the bytes into a buffer (~2 µs for 21 KB).
    func compacted() -> RenderedPage {
        guard case .buffer(let buffer) = body else { return self }
        var page = self
        page.body = .bytes(Array(buffer.readableBytesView))
        return page
    }

    /// The gzip form, if zlib made one.
    var gzipped: ByteBuffer? { isGzipped ? body.buffer : nil }

    /// The page as rendered.
    func plain() throws -> ByteBuffer {
        guard isGzipped else { return body.buffer }
        return try Gzip.decompress(body.buffer, size: plainByteCount)
    }

    private enum Body: Sendable {
        case buffer(ByteBuffer)
        case bytes([UInt8])

        var buffer: ByteBuffer {
            switch self {
            case .buffer(let buffer): buffer
            case .bytes(let bytes): ByteBuffer(bytes: bytes)
            }
        }
    }
}
