import Foundation
import TendCore

extension TendStore {
    /// A store without a cheaper way reads every active habit and keeps those asked for (the
    /// in-memory store; SQLite and PostgreSQL read only the asked habits' rows when the window has
    /// a calendar; without one, a window's entry days depend on every habit, so they read them all
    /// too).
    public func trackedHabits(owner: User.ID, ids: Set<Habit.ID>, window: HistoryWindow) async throws -> [TrackedHabit] {
        try await trackedHabitsReadingAll(owner: owner, ids: ids, window: window)
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
    func trackedHabitsReadingAll(owner: User.ID, ids: Set<Habit.ID>, window: HistoryWindow) async throws -> [TrackedHabit] {
        try await trackedHabits(owner: owner, includeArchived: false, window: window).filter { ids.contains($0.id) }
    }
}
