import Foundation
import TendCore

/// The intention-named writes everyone uses (the CLI, the JSON API, the web forms), each one
/// command of ``TendStore/perform(owner:habit:day:_:)``, and tip recording: defined once here.
extension TendStore {
    /// Performs changes on one day under new operation ids.
    public func perform(owner: User.ID, habit: Habit.ID, day: Day, _ commands: [EntryCommand]) async throws -> Entry {
        try await perform(owner: owner, habit: habit, day: day, commands, operation: nil)
    }

    /// Performs one intention-named change on one day, returning the day's entry afterwards.
    public func perform(owner: User.ID, habit: Habit.ID, day: Day, _ command: EntryCommand) async throws -> Entry {
        try await perform(owner: owner, habit: habit, day: day, [command])
    }

    public func check(owner: User.ID, habit: Habit.ID, day: Day) async throws -> Entry {
        try await perform(owner: owner, habit: habit, day: day, .check)
    }

    public func uncheck(owner: User.ID, habit: Habit.ID, day: Day) async throws -> Entry {
        try await perform(owner: owner, habit: habit, day: day, .uncheck)
    }

    public func increment(owner: User.ID, habit: Habit.ID, day: Day, by amount: Amount = 1) async throws -> Entry {
        try await perform(owner: owner, habit: habit, day: day, .increment(amount))
    }

    public func setValue(owner: User.ID, habit: Habit.ID, day: Day, _ value: Amount) async throws -> Entry {
        try await perform(owner: owner, habit: habit, day: day, .set(value))
    }

    public func skip(owner: User.ID, habit: Habit.ID, day: Day, _ skipped: Bool = true) async throws -> Entry {
        try await perform(owner: owner, habit: habit, day: day, .skip(skipped))
    }

    public func reset(owner: User.ID, habit: Habit.ID, day: Day) async throws -> Entry {
        try await perform(owner: owner, habit: habit, day: day, .reset)
    }

    public func setNote(owner: User.ID, habit: Habit.ID, day: Day, _ note: String?) async throws -> Entry {
        try await perform(owner: owner, habit: habit, day: day, .note(note))
    }

    public func setArchived(owner: User.ID, habit id: Habit.ID, _ archived: Bool) async throws -> Habit {
        var habit = try await habit(owner: owner, id: id)
        habit.isArchived = archived
        return try await updateHabit(owner: owner, habit)
    }

    /// Void.'s polymorphic tap: one command worked out inside the store's write, so two taps at
    /// once never both read the same day (``EntryCommand/tap``).
    public func tap(owner: User.ID, habit id: Habit.ID, day: Day, operation: UUID? = nil) async throws -> Entry {
        try await perform(owner: owner, habit: id, day: day, [.tap], operation: operation)
    }

    /// Records an action that retires tips, only when it retires one not yet retired (so the op
    /// log gains nothing for nothing). A failure here never fails the caller's action.
    public func recordTip(_ event: TipEvent, owner: User.ID) async {
        guard let state = try? await tipState(owner: owner), TipCatalog.retiresAny(by: event, state: state) else { return }
        try? await recordTipEvent(owner: owner, event)
    }
}

extension TendStore {
    /// Takes in operations whose sender is not a syncing device (tests, tools).
    public func receive(owner: User.ID, _ operations: [ChangeOperation]) async throws -> MergeReceipt {
        try await receive(owner: owner, operations, from: nil)
    }
}
