import Foundation

extension Data {
    /// The UTF-8 bytes of `text`.
    ///
    /// Prefer it to `Data(text.utf8)`: Foundation's `Data.init<S: Sequence>` asks the Swift
    /// runtime whether the sequence conforms to other protocols, and on Linux that dynamic cast
    /// misses the runtime's conformance cache and scans every conformance record of the binary
    /// (about 11,000 in `tend`) on every call, which `tend today` would pay as it starts (one cast
    /// per printed line, two per habit read); this copies the bytes with `memcpy` and asks nothing.
    @inlinable
    public init(utf8 text: some StringProtocol) {
        var contiguous = String(text)
        self = contiguous.withUTF8 { Data(buffer: $0) }
    }
}
