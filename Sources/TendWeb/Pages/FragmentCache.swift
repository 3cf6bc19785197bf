import Foundation
import TendWords

/// Rendered HTML of the parts of a page that come back unchanged from one render to the next —
/// a Today page's cards and heatmap — keyed by everything they are made from (their model value,
/// compared in full on a hit). After a check-in, the first page renders the card that changed,
/// not the other 49, nor the 200 heatmap cells. Bounded as ``GenerationalCache`` is. Kept per
/// language: the same card reads differently in German.
final class FragmentCache<Key: Hashable & Sendable>: Sendable {
    private struct Worded: Hashable, Sendable {
        var key: Key
        var language: Language
    }

    private let kept: GenerationalCache<Worded, KeptHTML>

    init(capacity: Int) {
        kept = GenerationalCache(capacity: capacity)
    }

    var capacity: Int { kept.capacity }

    /// The node `render` makes for `key`, rendered once while it is kept.
    func node(_ key: Key, render: () -> Node) -> Node {
        .kept(
            kept.value(for: Worded(key: key, language: Words.current.language)) {
                let node = render()
                if case .markup(let bytes) = node { return KeptHTML(bytes: bytes) }
                var bytes: [UInt8] = []
                bytes.reserveCapacity(4096)
                node.render(into: &bytes)
                return KeptHTML(bytes: bytes)
            })
    }

    var count: Int { kept.count }
}
