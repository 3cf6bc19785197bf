import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// A rendered page and its gzip form, made once for a page that is served many times.
struct RenderedPage: Sendable {
    let plain: ByteBuffer
    let gzipped: ByteBuffer?

    init(_ plain: ByteBuffer) {
        self.plain = plain
        gzipped = Gzip.compress(plain)
    }
}
