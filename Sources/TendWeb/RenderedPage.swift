import NIOCore

/// A rendered page kept for reuse (the Today page), held gzipped: HTML compresses about tenfold,
/// and the page cache keeps one page per session, so the small form is what it costs in memory.
/// Every browser accepts gzip; a client that does not gets the page inflated again.
struct RenderedPage: Sendable {
    /// The gzipped page, or the page as rendered if zlib failed.
    private let body: ByteBuffer
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
            case .text(let text): count += text.utf8.count
            case .kept(let kept): count += kept.html.utf8.count
            }
        }
        plainByteCount = count
        if let gzipped = Gzip.compress(parts) {
            body = gzipped
            isGzipped = true
        } else {
            var plain = ByteBuffer()
            plain.reserveCapacity(count)
            for part in parts {
                switch part {
                case .text(let text): plain.writeString(text)
                case .kept(let kept): plain.writeString(kept.html)
                }
            }
            body = plain
            isGzipped = false
        }
    }

    init(_ plain: ByteBuffer) {
        plainByteCount = plain.readableBytes
        if let gzipped = Gzip.compress(plain) {
            body = gzipped
            isGzipped = true
        } else {
            body = plain
            isGzipped = false
        }
    }

    /// The gzip form, if zlib made one.
    var gzipped: ByteBuffer? { isGzipped ? body : nil }

    /// The page as rendered.
    func plain() throws -> ByteBuffer {
        guard isGzipped else { return body }
        return try Gzip.decompress(body, size: plainByteCount)
    }
}
