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

    /// ``trackedHabits(owner:ids:window:)`` by reading every active habit.
    func trackedHabitsReadingAll(owner: User.ID, ids: Set<Habit.ID>, window: HistoryWindow) async throws -> [TrackedHabit] {
        try await trackedHabits(owner: owner, includeArchived: false, window: window).filter { ids.contains($0.id) }
    }
}
