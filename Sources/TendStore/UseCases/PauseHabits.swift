import Foundation
import TendCore
import TendWords

/// The habits a pause or a resume applies to: one habit, a group's, or every habit the person
/// has (archived ones left alone: they are not due anyway).
public enum PauseScope: Hashable, Sendable {
    case habit(Habit.ID)
    /// A group by name, compared as group names are (case-insensitively).
    case group(String)
    case all
}

/// Pausing and resuming habits, for the CLI, the JSON API and the web: which habits, how a new
/// pause meets the ones a habit has, and how a resume ends them, decided here once. The change is
/// one write of every habit it touches (a habit's pauses as a whole field, last writer wins).
extension TendStore {
    /// Pauses the habits of `scope` from `start` through `end` (`nil`: until resumed). A pause
    /// overlapping or touching one a habit has is merged into it (pausing again over a running
    /// pause extends it). Refuses a day outside ``RecordableDays/viewable(today:)``, an end before
    /// the start, and a scope with no habit in it. Returns the habits as they are afterwards.
    public func pauseHabits(
        owner: User.ID, _ scope: PauseScope, from start: Day, through end: Day?, today: Day
    ) async throws -> [Habit] {
        for day in [start, end].compactMap({ $0 }) {
            if let refusal = RecordableDays.viewingRefusal(for: day, today: today, what: "a pause's day") {
                throw StoreError.invalid(refusal)
            }
        }
        if let end, end < start {
            throw StoreError.invalid(t("a pause ends ({end}) before it starts ({start})", ["end": end.iso, "start": start.iso]))
        }
        let pause = HabitPause(start: start, end: end)
        return try await rewritePauses(owner: owner, scope) { $0.pauses(adding: pause) }
    }

    /// Ends the pauses of `scope`'s habits that hold `today` (they end yesterday) and takes away
    /// those that have not begun. Habits with nothing to resume are left as they are; returns the
    /// habits that changed (none when nothing was paused).
    public func resumeHabits(owner: User.ID, _ scope: PauseScope, today: Day) async throws -> [Habit] {
        try await rewritePauses(owner: owner, scope) { $0.pausesResumed(today: today) }
    }

    /// Writes the pauses `rewrite` gives each habit of `scope` (`nil` or the same list: that
    /// habit is left alone), all in one write (``applyChanges(owner:_:)`` checks each list).
    private func rewritePauses(
        owner: User.ID, _ scope: PauseScope, _ rewrite: (Habit) -> [HabitPause]?
    ) async throws -> [Habit] {
        let habits = try await habits(owner: owner, in: scope)
        var changes: [Change] = []
        var changed: [Habit] = []
        for habit in habits {
            guard let pauses = rewrite(habit), pauses != habit.pauses else { continue }
            var updated = habit
            updated.pauses = pauses.sorted()
            changes.append(.habitUpdated(id: habit.id, patch: HabitPatch(pauses: updated.pauses)))
            changed.append(updated)
        }
        if !changes.isEmpty { try await applyChanges(owner: owner, changes) }
        return changed
    }

    /// The habits `scope` names, in the person's order; a group or a person without any is refused.
    public func habits(owner: User.ID, in scope: PauseScope) async throws -> [Habit] {
        switch scope {
        case .habit(let id):
            return [try await habit(owner: owner, id: id)]
        case .group(let name):
            let group = try await group(owner: owner, named: name)
            let members = try await habits(owner: owner, includeArchived: false).filter { HabitGroup.key($0.group) == group.key }
            guard !members.isEmpty else { throw StoreError.invalid(t("the group “{group}” has no habit to pause", ["group": group.name])) }
            return members
        case .all:
            let all = try await habits(owner: owner, includeArchived: false)
            guard !all.isEmpty else { throw StoreError.invalid(t("there is no habit to pause")) }
            return all
        }
    }
}
