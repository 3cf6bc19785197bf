import Synchronization
import TendCore
import TendStore

/// One value per user, kept with the key it was made for and given back only for exactly that
/// key: the shape of the caches that reuse a user's answer while its op log position (and what
/// else the key holds) is unchanged — the API's today answer, the web Today page's user record.
/// Beyond `capacity` users it starts again (a bound, not an eviction policy).
package final class LatestPerOwner<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    package let capacity: Int
    private let values = Mutex<[User.ID: (key: Key, value: Value)]>([:])

    package init(capacity: Int) { self.capacity = capacity }

    /// The value kept for `owner` under exactly `key`, if any.
    package func value(_ owner: User.ID, for key: Key) -> Value? {
        values.withLock { values in values[owner].flatMap { $0.key == key ? $0.value : nil } }
    }

    package func keep(_ value: Value, _ owner: User.ID, for key: Key) {
        values.withLock { values in
            if values.count >= capacity, values[owner] == nil { values.removeAll(keepingCapacity: true) }
            values[owner] = (key, value)
        }
    }
}
