import Foundation
import TendCore
import TendStore

/// Actions the JSON API and the web forms both perform, defined once.
extension TendStore {
    /// Void.'s polymorphic tap: one command worked out inside the store's write, so two taps at
    /// once never both read the same day (`EntryCommand.tap`).
    package func tap(owner: User.ID, habit id: Habit.ID, day: Day) async throws -> Entry {
        try await perform(owner: owner, habit: id, day: day, .tap)
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

extension TendStore {
    /// `day`, when the owner can record on it: not after their today (by their zone and day
    /// start), not before ``RecordableDays/floor``. Otherwise 422, and nothing is written.
    package func recordableDay(_ day: Day, owner: User.ID, now: Date, settings: RecentSettings) async throws -> Day {
        // A day well in the past is recordable in every zone: no need to read the settings.
        if RecordableDays.certainly(day, now: now) == true { return day }
        let today = try await settings.settings(owner, store: self).today(now: now)
        if let refusal = RecordableDays.refusal(for: day, today: today) { throw Problem.invalid(refusal) }
        return day
    }
}
