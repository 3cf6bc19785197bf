import Foundation
import TendCore
import TendStore

/// Actions the JSON API and the web forms both perform, defined once.
extension TendStore {
    /// Void.'s polymorphic tap (TendCore's `TrackedHabit.tap`): a checkmark toggles, a count
    /// goes up by one, a duration by a minute. Counts and durations are recorded as increments,
    /// so taps from two devices both count.
    package func tap(owner: User.ID, habit id: Habit.ID, day: Day) async throws -> Entry {
        let habit = try await self.habit(owner: owner, id: id)
        let before = TrackedHabit(habit: habit, entries: try await self.entries(owner: owner, habit: id, from: day, through: day))
        var after = before
        after.tap(on: day)
        let value = after.completionCount(on: day)
        let command: EntryCommand = habit.type == .checkmark ? .set(value) : .increment(value - before.completionCount(on: day))
        return try await perform(owner: owner, habit: id, day: day, command)
    }

    /// Records an action that retires tips (only when it retires one not yet retired, so the op
    /// log gains nothing for nothing). A failure here never fails the request.
    package func recordTip(_ event: TipEvent, owner: User.ID) async {
        guard let state = try? await tipState(owner: owner),
            TipCatalog.all.contains(where: { $0.retiredBy == event && !state.isRetired($0.id) })
        else { return }
        try? await recordTipEvent(owner: owner, event)
    }
}
