import Synchronization

/// A dictionary behind a lock.
package final class LockedDictionary<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage = Mutex<[Key: Value]>([:])

    package init() {}

    package subscript(key: Key) -> Value? {
        get { storage.withLock { $0[key] } }
        set { storage.withLock { $0[key] = newValue } }
    }
}
