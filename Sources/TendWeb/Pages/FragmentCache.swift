import Foundation
import Synchronization

/// Rendered HTML of the parts of a page that come back unchanged from one render to the next —
/// a Today page's cards and heatmap — keyed by everything they are made from (their model value,
/// compared in full on a hit). After a check-in, the first page renders the card that changed,
/// not the other 49, nor the 200 heatmap cells.
///
/// Bounded by `capacity` entries in two generations: entries go into the current one; when it
/// holds half the capacity it becomes the previous one (the older previous one is dropped), and
/// a hit in the previous generation moves the entry back into the current one. What is used stays;
/// what is not goes within two generations, at O(1) per look-up.
final class FragmentCache<Key: Hashable & Sendable>: Sendable {
    private struct Generations {
        var current: [Key: String] = [:]
        var previous: [Key: String] = [:]
    }

    let capacity: Int
    private let generations = Mutex(Generations())

    init(capacity: Int) {
        precondition(capacity >= 2, "a fragment cache holds at least two entries")
        self.capacity = capacity
    }

    /// The node `render` makes for `key`, rendered once while it is kept.
    func node(_ key: Key, render: () -> Node) -> Node {
        if let kept = lookUp(key) { return .raw(kept) }
        let html = render().render()
        generations.withLock { state in
            if state.current.count >= capacity / 2 {
                state.previous = state.current
                state.current = [:]
            }
            state.current[key] = html
        }
        return .raw(html)
    }

    private func lookUp(_ key: Key) -> String? {
        generations.withLock { state in
            if let html = state.current[key] { return html }
            guard let html = state.previous.removeValue(forKey: key) else { return nil }
            if state.current.count >= capacity / 2 {
                state.previous = state.current
                state.current = [:]
            }
            state.current[key] = html
            return html
        }
    }

    var count: Int { generations.withLock { $0.current.count + $0.previous.count } }
}
