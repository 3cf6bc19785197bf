import Synchronization

/// A value that a `@Sendable` closure a store calls (a planner's `plan`) sets, for the test to
/// read afterwards.
public final class Recorded<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    public init(_ value: Value) {
        storage = Mutex(value)
    }

    public var value: Value { storage.withLock { $0 } }

    public func set(_ value: Value) {
        storage.withLock { $0 = value }
    }
}
