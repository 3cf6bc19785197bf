import Foundation

/// A replica's operations, each held once (by id) in the one order every replica agrees on: by
/// hybrid timestamp, then id. Folding them in that order (``state(settings:)``) is the merge of
/// sync: replicas that hold the same operations hold the same state, whatever order
/// and however often each operation arrived.
///
/// What the order makes of concurrent changes, with no rule of its own:
/// - a habit's fields: each ``Change/habitUpdated(id:patch:)`` carries only the fields it
///   changed, so the later writer wins per field (a rename and a recolour made offline on two
///   devices both survive); a routine's fields (``Change/routinePatched(id:patch:)``) and the
///   settings (``Change/settingsUpdated(patch:)``) likewise;
/// - a day's value: a set, check or reset is a base, and the increments after it add to it, so
///   two devices' concurrent increments both count, and a reset made after seeing them wins;
/// - a deleted habit stays deleted: changes to it ordered after its deletion name a habit the
///   state no longer holds and are ignored (they stay in the log); a deleted routine likewise
///   ignores the fields patched after its deletion.
public struct OperationSet: Hashable, Sendable {
    public private(set) var operations: [ChangeOperation] = []
    private var ids: Set<UUID> = []

    public init(_ operations: some Sequence<ChangeOperation> = [ChangeOperation]()) {
        merge(operations)
    }

    /// Whether `a` comes before `b` in every replica's order.
    public static func precedes(_ a: ChangeOperation, _ b: ChangeOperation) -> Bool {
        a.timestamp != b.timestamp ? a.timestamp < b.timestamp : a.id.uuidString < b.id.uuidString
    }

    public func contains(_ id: UUID) -> Bool { ids.contains(id) }

    /// Adds `operation` in its place; `false` (and nothing changes) when its id is already held.
    @discardableResult
    public mutating func insert(_ operation: ChangeOperation) -> Bool {
        guard ids.insert(operation.id).inserted else { return false }
        // Most operations arrive in order: look from the end first.
        if let last = operations.last, Self.precedes(last, operation) {
            operations.append(operation)
            return true
        }
        var low = 0
        var high = operations.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(operations[middle], operation) { low = middle + 1 } else { high = middle }
        }
        operations.insert(operation, at: low)
        return true
    }

    /// Adds every operation not held yet; returns how many were new.
    @discardableResult
    public mutating func merge(_ other: some Sequence<ChangeOperation>) -> Int {
        var added = 0
        for operation in other where insert(operation) { added += 1 }
        return added
    }

    /// The state the operations make, applied in order to a state holding only `settings`.
    public func state(settings: UserSettings = UserSettings()) -> UserState {
        var state = UserState(settings: settings)
        for operation in operations { state.apply(operation.change) }
        return state
    }
}
