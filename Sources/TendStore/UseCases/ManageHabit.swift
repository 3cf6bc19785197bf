import Foundation
import TendCore

/// Changing, archiving and deleting a habit, and recording on a day, for every caller (the CLI,
/// the JSON API, the web): the write and the tips it answers, decided here once.
extension TendStore {
    /// Saves a habit as the person left it (`new`) over the version they started from (`old`):
    /// one write when anything changed, none otherwise. Records that a habit was managed, and
    /// that a reminder was added when `new` has one `old` did not.
    ///
    /// A changed rule (kind, type, target, schedule) applies from `rulesFrom`: the days before keep
    /// the rule they had, kept as the habit's versions (``Habit/changingRule(to:from:)``); from
    /// the beginning, every day is judged by the new rule (and the versions go). `nil` leaves the
    /// versions as `new` has them (a caller that set them itself, or a change that is not a rule's).
    public func editHabit(owner: User.ID, from old: Habit, to new: Habit, rulesFrom: RuleChangeStart? = nil) async throws -> Habit {
        var new = new
        var rulesFrom = rulesFrom
        // A change from a day nothing before it judges (the habit was created then, with no day
        // recorded before; or it starts then) is a change from the beginning: no version to keep.
        if case .day(let day) = rulesFrom, new.rule != old.rule {
            if old.startsOn.map({ day <= $0 }) == true {
                rulesFrom = .beginning
            } else if day <= old.createdOn {
                let earlier = try await entries(owner: owner, habit: old.id, from: RecordableDays.floor, through: day.previous)
                if earlier.isEmpty { rulesFrom = .beginning }
            }
        }
        if let rulesFrom, new.rule != old.rule || (rulesFrom == .beginning && !old.versions.isEmpty) {
            var base = new
            base.rule = old.rule
            base.versions = old.versions
            new = base.changingRule(to: new.rule, from: rulesFrom)
        }
        let saved = new == old ? old : try await updateHabit(owner: owner, new)
        await recordTip(.habitManaged, owner: owner)
        let before = Set(old.reminders.map(\.id))
        if saved.reminders.contains(where: { !before.contains($0.id) }) { await recordTip(.reminderAdded, owner: owner) }
        return saved
    }

    /// Archives or brings back a habit (nothing is written when it already is so); its history
    /// stays either way.
    public func archiveHabit(owner: User.ID, id: Habit.ID, _ archived: Bool) async throws -> Habit {
        let habit = try await setArchived(owner: owner, habit: id, archived)
        await recordTip(.habitManaged, owner: owner)
        return habit
    }

    /// Deletes a habit and its history.
    public func removeHabit(owner: User.ID, id: Habit.ID) async throws {
        try await deleteHabit(owner: owner, id: id)
        await recordTip(.habitManaged, owner: owner)
    }

    /// Performs `commands` on one day (in one write; `operation` is the id a retried request
    /// repeats) and records the tips they answer: a planned rest day (a skip), managing a habit
    /// (resetting a day is one of the things its menu does).
    public func recordDay(
        owner: User.ID, habit: Habit.ID, day: Day, _ commands: [EntryCommand], operation: UUID? = nil
    ) async throws -> Entry {
        let entry = try await perform(owner: owner, habit: habit, day: day, commands, operation: operation)
        if commands.contains(.skip(true)) { await recordTip(.daySkipped, owner: owner) }
        if commands.contains(.reset) { await recordTip(.habitManaged, owner: owner) }
        return entry
    }
}
