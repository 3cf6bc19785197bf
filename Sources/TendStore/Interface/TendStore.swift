import Foundation
import TendCore

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
    /// The active habits among `ids`, each exactly as ``trackedHabits(owner:includeArchived:window:)``
    /// (active only) gives it, in any order; ids of no active habit are left out. What
    /// ``HeldHabits`` reads again for the habits an operation touched, instead of all of them.
    /// Summaries it brings up to date are handed on, not stored (the next read of all does).
    func trackedHabits(owner: User.ID, ids: Set<Habit.ID>, window: HistoryWindow) async throws -> [TrackedHabit]
    /// Entries of one habit from `from` through `through`, by day.
    func entries(owner: User.ID, habit: Habit.ID, from: Day, through: Day) async throws -> [Entry]
    func routines(owner: User.ID) async throws -> [Routine]
    /// The groups the owner described (order, emoji); ``TendStore/groups(owner:)`` adds those
    /// only habits name.
    func describedGroups(owner: User.ID) async throws -> GroupList
    func tipState(owner: User.ID) async throws -> TipState
    /// Everything the user owns.
    func exportState(owner: User.ID) async throws -> UserState
    /// The user's operations after log position `after` (0 for the start), oldest first.
    func operations(owner: User.ID, after: Int64, limit: Int) async throws -> [LoggedOperation]
    /// The operations after `after` (at most `limit`, or `limit + 1` when more follow) and the
    /// active habits their entry changes touched, read for `window` (none when more follow): what
    /// a page after a change needs of the log, in one read where the store can (PostgreSQL: one
    /// statement instead of two round trips).
    func operationsAfter(owner: User.ID, after: Int64, limit: Int, window: HistoryWindow) async throws -> OperationsAfter
    /// The position of the user's latest operation in the op log (0 when there is none): what a
    /// live-update watcher compares to notice a change, from any device or server instance.
    func latestOperationSequence(owner: User.ID) async throws -> Int64
    /// ``latestOperationSequence(owner:)`` of each of `owners`, in one read where the store can:
    /// an instance's live updates poll every watched user's position at once. An owner that does
    /// not exist is left out or given 0.
    func latestOperationSequences(owners: [User.ID]) async throws -> [User.ID: Int64]

    // MARK: Sync

    /// This op log's identity: made at random with the database, so a cursor that names another
    /// log (another server, a database restored from before it) is recognised as unknown.
    func operationLogID() async throws -> String
    /// Takes in operations made on other devices, in one transaction: an operation
    /// whose id the user's log already holds is skipped (so a retried push stores nothing twice);
    /// an id held by another user is refused and nothing is stored. The user's state is then what
    /// folding every logged operation in ``OperationSet``'s order gives, whatever order they
    /// arrived in; the store's clock takes in their timestamps, so later local changes order
    /// after them. Each operation must already be valid (``SyncRules/validate(_:now:)``).
    /// `device` is the device that sent them: they are not sent back to it (``operations(owner:after:notFrom:limit:maximumBytes:)``).
    func receive(owner: User.ID, _ operations: [ChangeOperation], from device: String?) async throws -> MergeReceipt
    /// A page of the user's operations after log position `after`, neither made nor sent by
    /// `device` (which has them), oldest first: at most `limit`, and no more than `maximumBytes`
    /// of stored change JSON unless its one operation is larger alone; the page's
    /// ``OperationPage/last`` is where the next one starts.
    func operations(
        owner: User.ID, after: Int64, notFrom device: String?, limit: Int, maximumBytes: Int
    ) async throws
        -> OperationPage

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
    /// returning the day's entry afterwards. `operation`, when given, is the id the change is
    /// logged under (the first, if the commands make several): a device's own, so that the same
    /// request sent again, or the same change queued offline and pushed by sync, is stored once —
    /// a perform whose id the owner's log already holds changes nothing and answers the day as it
    /// is (another user's id is refused).
    func perform(owner: User.ID, habit: Habit.ID, day: Day, _ commands: [EntryCommand], operation: UUID?) async throws -> Entry

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
