import Foundation
import TendCore

extension TendStore {
    /// A store without a cheaper way reads every active habit and keeps those asked for (SQLite
    /// and PostgreSQL read only the asked habits' rows when the window has a calendar; without
    /// one, a window's entry days depend on every habit, so they read them all too).
    public func trackedHabits(owner: User.ID, ids: Set<Habit.ID>, window: HistoryWindow) async throws -> [TrackedHabit] {
        try await trackedHabitsReadingAll(owner: owner, ids: ids, window: window)
    }

    /// Two reads, the operations first (SQLite: reads are look-ups in this process).
    public func operationsAfter(owner: User.ID, after: Int64, limit: Int, window: HistoryWindow) async throws -> OperationsAfter {
        try await operationsThenHabits(owner: owner, after: after, limit: limit, window: window)
    }

    /// ``operationsAfter(owner:after:limit:window:)`` as two reads: the habits are read after the
    /// operations, so they are never older than the last of them.
    package func operationsThenHabits(owner: User.ID, after: Int64, limit: Int, window: HistoryWindow) async throws -> OperationsAfter {
        let operations = try await self.operations(owner: owner, after: after, limit: limit + 1)
        let touched = Set(operations.compactMap(\.operation.change.entriesHabitID))
        guard operations.count <= limit, !touched.isEmpty else { return OperationsAfter(operations: operations, habits: []) }
        return OperationsAfter(operations: operations, habits: try await trackedHabits(owner: owner, ids: touched, window: window))
    }

    /// One read per owner (the in-memory and SQLite stores: a read is a look-up in this process).
    public func latestOperationSequences(owners: [User.ID]) async throws -> [User.ID: Int64] {
        var latest: [User.ID: Int64] = [:]
        for owner in owners {
            do {
                latest[owner] = try await latestOperationSequence(owner: owner)
            } catch StoreError.notFound {
                continue
            }
        }
        return latest
    }

    /// ``trackedHabits(owner:ids:window:)`` by reading every active habit.
    package func trackedHabitsReadingAll(owner: User.ID, ids: Set<Habit.ID>, window: HistoryWindow) async throws -> [TrackedHabit] {
        try await trackedHabits(owner: owner, includeArchived: false, window: window).filter { ids.contains($0.id) }
    }
}
