import Foundation
import TendCore

/// A person with data in Tend.
public struct User: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = TypedID<User>

    public var id: ID
    /// Unique, case-insensitively.
    public var username: String
    public var settings: UserSettings

    public init(id: ID = ID(), username: String, settings: UserSettings = UserSettings()) {
        self.id = id
        self.username = username
        self.settings = settings
    }

    public static let maximumUsernameLength = 64

    /// The name of the CLI's local user, which works without an account: the first account made
    /// on its database takes it over (and its data), under the name it signs up with.
    public static let localUsername = "me"

    /// 1–64 characters: letters, digits, `.`, `_`, `-`.
    public static func validate(username: String) throws(StoreError) {
        guard !username.isEmpty, username.count <= maximumUsernameLength,
            username.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") })
        else {
            throw .invalid("a username is 1 to \(maximumUsernameLength) letters, digits, '.', '_' or '-'")
        }
    }
}

/// An operation as the op log holds it: its position in the log (increasing, per store) and the
/// operation itself.
public struct LoggedOperation: Hashable, Sendable, Codable {
    public var sequence: Int64
    public var operation: ChangeOperation

    public init(sequence: Int64, operation: ChangeOperation) {
        self.sequence = sequence
        self.operation = operation
    }
}

/// What can go wrong in a store, in words a person can act on.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No such thing for this owner (also what another user's ids give).
    case notFound(String)
    /// The change collides with existing data (a habit name or username already taken).
    case conflict(String)
    /// The input breaks a rule.
    case invalid(String)
    /// The database was written by a newer Tend; it is left untouched.
    case newerSchema(String)
    /// The file is not a Tend database or is damaged.
    case unreadable(String)
    /// Not allowed (registration closed, an invite used up, a member asking for an owner's power).
    case forbidden(String)

    public var description: String {
        switch self {
        case .notFound(let what): "\(what) not found"
        case .conflict(let reason): reason
        case .invalid(let reason): reason
        case .newerSchema(let reason): reason
        case .unreadable(let reason): reason
        case .forbidden(let reason): reason
        }
    }
}

/// A change to one day of one habit, as the intention-named writes express it.
public enum EntryCommand: Hashable, Sendable {
    /// Done: a good habit reaches its target; a bad habit records one more slip.
    case check
    /// Value back to 0 (skip and note stay).
    case uncheck
    /// Adds (or, negative, removes) an amount the person gave, as given: never below 0, and a good
    /// checkmark habit's value stays 0 or 1. Only the one-step ``tap`` stops at the target.
    case increment(Int)
    /// Sets an exact value (≥ 0; a good checkmark habit's is 0 or 1).
    case set(Int)
    /// Marks or unmarks a planned rest day.
    case skip(Bool)
    /// Nothing recorded: value 0, no skip (the note stays).
    case reset
    /// Sets or clears the day's note.
    case note(String?)
    /// Void.'s polymorphic tap (TendCore's `TrackedHabit.tap`), worked out on the day as it is
    /// when the write runs: a checkmark toggles; a count goes up by one, a duration by a minute,
    /// recorded as increments, so taps from two devices both count.
    case tap

    /// The change this command makes to `tracked` on `day` (validated), or `nil` when it would
    /// change nothing.
    public func change(for tracked: TrackedHabit, on day: Day) throws(StoreError) -> Change? {
        let id = tracked.id
        let current = tracked.completionCount(on: day)
        switch self {
        case .check:
            var after = tracked
            after.check(on: day)
            let value = after.completionCount(on: day)
            return .entrySet(habit: id, day: day, value: value)
        case .uncheck:
            return .entrySet(habit: id, day: day, value: 0)
        case .increment(let amount):
            guard amount.magnitude <= EntryCommand.maximumValue.magnitude else {  // abs(Int.min) would trap
                throw .invalid("an amount is at most \(EntryCommand.maximumValue)")
            }
            var value = max(0, current + amount)
            if tracked.habit.type == .checkmark, tracked.habit.kind == .good { value = min(value, 1) }
            guard value <= EntryCommand.maximumValue else {
                throw .invalid("a value is at most \(EntryCommand.maximumValue)")
            }
            return .entryIncremented(habit: id, day: day, by: value - current)
        case .set(let value):
            guard value >= 0 else { throw .invalid("a value cannot be negative (\(value))") }
            guard value <= EntryCommand.maximumValue else {
                throw .invalid("a value is at most \(EntryCommand.maximumValue)")
            }
            if tracked.habit.type == .checkmark, tracked.habit.kind == .good, value > 1 {
                throw .invalid("a checkmark habit's value is 0 or 1")
            }
            return .entrySet(habit: id, day: day, value: value)
        case .skip(let skipped):
            return .entrySkipped(habit: id, day: day, skipped: skipped)
        case .reset:
            return .entryReset(habit: id, day: day)
        case .note(let note):
            if let note, note.count > Entry.maximumNoteLength {
                throw .invalid("a note is at most \(Entry.maximumNoteLength) characters")
            }
            return .entryNoteSet(habit: id, day: day, note: note)
        case .tap:
            var after = tracked
            after.tap(on: day)
            let value = after.completionCount(on: day)
            return tracked.habit.type == .checkmark
                ? .entrySet(habit: id, day: day, value: value)
                : .entryIncremented(habit: id, day: day, by: value - current)
        }
    }

    /// The largest value a day can hold (a count, or seconds: 10 years of them would not fit a day anyway).
    public static let maximumValue = 1_000_000_000
}

/// Tend's storage: every method is scoped by its owner, so one user never reads or changes
/// another's data (another user's ids are simply not found). Every write is one transaction that
/// also appends its operations to the op log.
public protocol TendStore: Sendable {
    // MARK: Users

    /// Creates a user; the username must be free (case-insensitively).
    func createUser(username: String, settings: UserSettings) async throws -> User
    func user(id: User.ID) async throws -> User
    /// The user with this username (case-insensitive), if any.
    func user(named username: String) async throws -> User?
    func updateSettings(owner: User.ID, _ settings: UserSettings) async throws -> User
    /// Deletes the user and everything they own.
    func deleteUser(owner: User.ID) async throws

    // MARK: Reading

    /// Habits in manual order; archived ones only when asked.
    func habits(owner: User.ID, includeArchived: Bool) async throws -> [Habit]
    func habit(owner: User.ID, id: Habit.ID) async throws -> Habit
    /// Habits with all their entries, in two queries whatever the number of habits.
    func trackedHabits(owner: User.ID, includeArchived: Bool) async throws -> [TrackedHabit]
    /// Habits with only the entries the statuses of `window`'s days depend on (its
    /// ``HistoryWindow/entryDays(for:)``, plus the earlier entries of habits created after that
    /// span starts), in two queries: what views of recent days read instead of years.
    func trackedHabits(owner: User.ID, includeArchived: Bool, window: HistoryWindow) async throws -> [TrackedHabit]
    /// Entries of one habit from `from` through `through`, by day.
    func entries(owner: User.ID, habit: Habit.ID, from: Day, through: Day) async throws -> [Entry]
    func routines(owner: User.ID) async throws -> [Routine]
    func tipState(owner: User.ID) async throws -> TipState
    /// Everything the user owns.
    func exportState(owner: User.ID) async throws -> UserState
    /// The user's operations after log position `after` (0 for the start), oldest first.
    func operations(owner: User.ID, after: Int64, limit: Int) async throws -> [LoggedOperation]
    /// The position of the user's latest operation in the op log (0 when there is none): what a
    /// live-update watcher compares to notice a change, from any device or server instance.
    func latestOperationSequence(owner: User.ID) async throws -> Int64

    // MARK: Writing

    /// Adds a habit (validated; its name must be free for this user, case-insensitively).
    func createHabit(owner: User.ID, _ habit: Habit) async throws -> Habit
    /// Replaces a habit's attributes (not its id or creation day).
    func updateHabit(owner: User.ID, _ habit: Habit) async throws -> Habit
    /// Deletes a habit with its entries and routine membership.
    func deleteHabit(owner: User.ID, id: Habit.ID) async throws
    /// Sets the manual order: the habits listed come first, in that order.
    func reorderHabits(owner: User.ID, _ ids: [Habit.ID]) async throws
    /// Performs intention-named changes on one day, in order and all or none (each is checked
    /// against the day as the ones before it leave it; if one is refused, nothing is written),
    /// returning the day's entry afterwards.
    func perform(owner: User.ID, habit: Habit.ID, day: Day, _ commands: [EntryCommand]) async throws -> Entry

    func createRoutine(owner: User.ID, _ routine: Routine) async throws -> Routine
    func updateRoutine(owner: User.ID, _ routine: Routine) async throws -> Routine
    /// Deletes a routine; its habits are kept.
    func deleteRoutine(owner: User.ID, id: Routine.ID) async throws
    func reorderRoutines(owner: User.ID, _ ids: [Routine.ID]) async throws
    /// Moves a habit into a routine at a position (`nil` routine: out of every routine).
    func moveHabit(owner: User.ID, habit: Habit.ID, toRoutine routine: Routine.ID?, at index: Int?) async throws

    func dismissTip(owner: User.ID, _ tip: Tip.ID) async throws
    func recordTipEvent(owner: User.ID, _ event: TipEvent) async throws

    /// Applies prepared changes (an import) in one transaction, logging each.
    func applyChanges(owner: User.ID, _ changes: [Change]) async throws
}

extension TendStore {
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

    public func increment(owner: User.ID, habit: Habit.ID, day: Day, by amount: Int = 1) async throws -> Entry {
        try await perform(owner: owner, habit: habit, day: day, .increment(amount))
    }

    public func setValue(owner: User.ID, habit: Habit.ID, day: Day, _ value: Int) async throws -> Entry {
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
}

/// Checks shared by every store before it writes a habit.
public enum HabitRules {
    /// The case-insensitive key under which a habit's name must be unique for its owner.
    public static func nameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    public static func validate(_ habit: Habit) throws(StoreError) {
        do {
            try habit.validate()
        } catch {
            throw .invalid(error.description)
        }
    }

    public static func validate(_ routine: Routine) throws(StoreError) {
        do {
            try routine.validate()
        } catch {
            throw .invalid(error.description)
        }
    }

    public static func validate(_ settings: UserSettings) throws(StoreError) {
        do {
            try settings.validate()
        } catch {
            throw .invalid(error.description)
        }
    }

    /// Checks prepared changes (an import) before any is applied: habits valid, entries within
    /// range. Every store runs this first in `applyChanges`, so a bad batch changes nothing.
    public static func validate(_ changes: [Change]) throws(StoreError) {
        for change in changes {
            switch change {
            case .habitCreated(let habit):
                try validate(habit)
            case .habitUpdated(_, let patch):
                if let name = patch.name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    throw .invalid("a habit needs a name")
                }
            case .entriesImported(_, let entries):
                for entry in entries { try validate(entry) }
            case .entrySet(_, let day, let value):
                try validate(Entry(day: day, value: value))
            case .entryNoteSet(_, let day, let note):
                try validate(Entry(day: day, note: note))
            case .settingsChanged(let settings):
                try validate(settings)
            default:
                break
            }
        }
    }

    public static func validate(_ entry: Entry) throws(StoreError) {
        guard entry.value >= 0 else { throw .invalid("a value cannot be negative (\(entry.value) on \(entry.day))") }
        guard entry.value <= EntryCommand.maximumValue else {
            throw .invalid("a value is at most \(EntryCommand.maximumValue) (\(entry.day))")
        }
        if let note = entry.note, note.count > Entry.maximumNoteLength {
            throw .invalid("a note is at most \(Entry.maximumNoteLength) characters (\(entry.day))")
        }
    }

    public static func nameTaken(_ name: String) -> StoreError {
        .conflict("a habit named “\(name)” already exists")
    }
}

/// The manual order of habits.
public enum HabitOrder {
    /// `requested` first, then every other habit of `current` in its present order.
    public static func complete(_ requested: [Habit.ID], _ current: [Habit.ID]) -> [Habit.ID] {
        let listed = Set(requested)
        return requested + current.filter { !listed.contains($0) }
    }
}
