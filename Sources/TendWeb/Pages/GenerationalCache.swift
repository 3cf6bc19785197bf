import Foundation
import Synchronization

/// Values kept for reuse, bounded by `capacity` entries in two generations: entries go into the
/// current one; when it holds half the capacity it becomes the previous one (the older previous
/// one is dropped), and a hit in the previous generation moves the entry back into the current
/// one. What is used stays; what is not goes within two generations, at O(1) per look-up.
final class GenerationalCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Generations {
        var current: [Key: Value] = [:]
        var previous: [Key: Value] = [:]

        mutating func insert(_ value: Value, for key: Key, capacity: Int) {
            if current.count >= capacity / 2 {
                previous = current
                current = [:]
            }
            current[key] = value
        }
    }

    let capacity: Int
    private let generations = Mutex(Generations())

    init(capacity: Int) {
        precondition(capacity >= 2, "a generational cache holds at least two entries")
        self.capacity = capacity
    }

    func value(for key: Key) -> Value? {
        generations.withLock { state in
            if let value = state.current[key] { return value }
            guard let value = state.previous.removeValue(forKey: key) else { return nil }
            state.insert(value, for: key, capacity: capacity)
            return value
        }
    }

    /// The value kept for `key`, or `make()`'s, then kept.
    func value(for key: Key, orMake make: () -> Value) -> Value {
        if let value = value(for: key) { return value }
        let value = make()
        store(value, for: key)
        return value
    }

    func store(_ value: Value, for key: Key) {
        generations.withLock { $0.insert(value, for: key, capacity: capacity) }
    }

    var count: Int { generations.withLock { $0.current.count + $0.previous.count } }
}
