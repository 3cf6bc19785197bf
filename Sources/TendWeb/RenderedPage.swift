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
