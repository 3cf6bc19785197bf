import Foundation
import Synchronization

/// Rendered HTML kept for reuse (a Today card, a heatmap), with its deflated form once a page has
/// been gzipped with it: the next pages copy those bytes instead of compressing the HTML again
/// (``Gzip/compress(_:)-([PageSegments.Part])``).
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
        var gap: String

        /// Made after a fragment (that may since be gone, leaving `after` nil).
        var madeAfterSomething = false

        /// Whether the blocks may follow `previous` and then `gap` (`nil`: no kept fragment right before).
        func fits(after previous: KeptHTML?, gap: String) -> Bool {
            guard let previous else { return !madeAfterSomething }
            return after === previous && self.gap == gap
        }
    }

    let html: String
    private let deflated = Mutex<Deflated?>(nil)

    init(_ html: String) {
        self.html = html
    }

    var deflatedForm: Deflated? {
        get { deflated.withLock { $0 } }
        set { deflated.withLock { $0 = newValue } }
    }

    public static func == (lhs: KeptHTML, rhs: KeptHTML) -> Bool { lhs === rhs || lhs.html == rhs.html }

    public func hash(into hasher: inout Hasher) { hasher.combine(html) }
}

/// A page rendered as its text between kept fragments, and the fragments (``Node/render(into:)-(PageSegments)``).
struct PageSegments {
    enum Part {
        case text(String)
        case kept(KeptHTML)
    }

    private(set) var parts: [Part] = []
    /// The text after the last fragment, still being written.
    var text = ""

    mutating func append(_ kept: KeptHTML) {
        if !text.isEmpty { parts.append(.text(text)) }
        text = ""
        parts.append(.kept(kept))
    }

    /// The document of `node`, doctype included, in parts.
    static func document(_ node: Node) -> [Part] {
        var segments = PageSegments()
        segments.text = "<!doctype html>"
        node.render(into: &segments)
        return segments.finished()
    }

    /// The parts, the text after the last fragment included.
    mutating func finished() -> [Part] {
        if !text.isEmpty { parts.append(.text(text)) }
        text = ""
        return parts
    }
}
