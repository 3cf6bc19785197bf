import Foundation
import Synchronization

/// Rendered HTML kept for reuse (a Today card, a heatmap), with its deflated form once a second
/// page has been gzipped with it: the next pages copy those bytes instead of compressing the HTML
/// again (``Gzip/compress(_:)-([PageSegments.Part])``).
public final class KeptHTML: Sendable, Hashable {
    /// Raw deflate blocks of `html`, ending on a byte boundary, with the CRC-32 of `html`. They
    /// may refer back into what came just before them on the page they were made for — the
    /// fragment `after` and the few bytes of text `gap` after it (a card after the card before it
    /// compresses about three times better than alone) — and are reused only where that is what
    /// comes before them again; without `after` they refer to nothing before their start.
    struct Deflated: Sendable {
        var bytes: [UInt8]
        var crc: UInt
        weak var after: KeptHTML?
        var gap: [UInt8]

        /// Made after a fragment (that may since be gone, leaving `after` nil).
        var madeAfterSomething = false

        /// Whether the blocks may follow `previous` and then `gap` (`nil`: no kept fragment right before).
        func fits(after previous: KeptHTML?, gap: [UInt8]) -> Bool {
            guard let previous else { return !madeAfterSomething }
            return after === previous && self.gap == gap
        }
    }

    /// The HTML's UTF-8.
    let bytes: [UInt8]
    private let deflated = Mutex<Deflated?>(nil)
    private let placed = Atomic<Bool>(false)

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    convenience init(_ html: String) {
        self.init(bytes: Array(html.utf8))
    }

    /// The HTML as text (tests, debugging).
    var html: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether a page has been gzipped with the fragment (its deflated form is made on its second).
    var wasOnAPage: Bool {
        get { placed.load(ordering: .relaxed) }
        set { placed.store(newValue, ordering: .relaxed) }
    }

    var deflatedForm: Deflated? {
        get { deflated.withLock { $0 } }
        set { deflated.withLock { $0 = newValue } }
    }

    public static func == (lhs: KeptHTML, rhs: KeptHTML) -> Bool { lhs === rhs || lhs.bytes == rhs.bytes }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

/// A page rendered as its text between kept fragments, and the fragments (``Node/render(into:)-(PageSegments)``).
struct PageSegments {
    enum Part {
        /// UTF-8 of HTML.
        case text([UInt8])
        case kept(KeptHTML)

        /// Text from a string (tests).
        static func text(_ html: String) -> Part { .text(Array(html.utf8)) }
    }

    private(set) var parts: [Part] = []
    /// The text after the last fragment, still being written.
    var text: [UInt8] = []

    mutating func append(_ kept: KeptHTML) {
        if !text.isEmpty { parts.append(.text(text)) }
        text = []
        parts.append(.kept(kept))
    }

    /// The document of `node`, doctype included, in parts.
    static func document(_ node: Node) -> [Part] {
        var segments = PageSegments()
        segments.text.reserveCapacity(16 << 10)
        segments.text.appendUTF8("<!doctype html>")
        node.render(into: &segments)
        return segments.finished()
    }

    /// The parts, the text after the last fragment included.
    mutating func finished() -> [Part] {
        if !text.isEmpty { parts.append(.text(text)) }
        text = []
        return parts
    }
}
