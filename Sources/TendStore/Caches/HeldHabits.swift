import Foundation
import Synchronization
import TendCore

/// Each owner's active habits as one window's read gave them, with their routines and tip state,
/// held between reads and brought forward by the op log instead of read again whole.
///
/// Every change of a user's data appends to their op log, in commit order per owner (a writer
/// holds the owner's lock; docs/storage.md). So what was read at log position P, plus the
/// operations after P, says what can have changed: an entry change touches one habit, which is
/// read again on its own, with the operations (``TendStore/operationsAfter(owner:after:limit:window:)``:
/// a few rows instead of 50 habits' summaries and entries); a routine change reads the routines
/// again, a tip change the tip state. Anything else (a habit created, edited, archived, deleted or reordered; settings;
/// groups), more than ``replayLimit`` operations, or another window reads everything again.
/// Habits are read again from the store, never changed here: an operation merged from another
/// device may lose to a newer one (sync's last-writer-wins), and only the store folds that.
///
/// Held data is never newer than the store's and never misses an operation: the position is
/// read before the data or with it (by the caller, as ``TendStore/latestOperationSequence(owner:)``
/// or ``position(_:owner:)``), and the operations after a held position with or before the habits
/// they touched. The held owners are bounded by an estimate of their bytes (``budget``): the least
/// recently read go first.
public final class HeldHabits: Sendable {
    /// What the Today page reads of an owner.
    public struct Snapshot: Sendable {
        public var habits: [TrackedHabit]
        public var routines: [Routine]
        public var tipState: TipState
        /// The window `habits` were read for.
        public var window: HistoryWindow
        /// Every operation up to this log position is in the snapshot.
        public var sequence: Int64
        /// A number per habit, new each time the habit is read (unique among this instance's
        /// snapshots): equal numbers mean the very same habit value, so what is worked out from
        /// a habit can be kept under it (the Today page's statuses).
        public var versions: [Habit.ID: UInt64]
    }

    /// How a read was served, for tests and benchmarks.
    public enum Outcome: Sendable, Equatable {
        case held
        /// `habits` read again, routines and tip state as flagged.
        case replayed(habits: Int, routines: Bool, tips: Bool)
        case full
    }

    private struct Slot {
        var snapshot: Snapshot
        var bytes: Int
        var stamp: UInt64
    }

    private struct State {
        var slots: [User.ID: Slot] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most operations after a held position that are replayed; more read everything again.
    public static let replayLimit = 32

    /// The estimated bytes of held snapshots that are kept at most.
    public let budget: Int
    private let state = Mutex(State())
    private let lastVersion = Atomic<UInt64>(0)

    public init(budget: Int = 16 << 20) {
        self.budget = budget
    }

    /// How many reads found the owner's snapshot current, brought it forward, or read it all
    /// (for `/metrics`: whether the budget holds the owners being served).
    public var outcomes: (held: Int, replayed: Int, full: Int) {
        (heldCount.load(ordering: .relaxed), replayedCount.load(ordering: .relaxed), fullCount.load(ordering: .relaxed))
    }

    private let heldCount = Atomic<Int>(0)
    private let replayedCount = Atomic<Int>(0)
    private let fullCount = Atomic<Int>(0)

    /// An owner's op log position as a page reads it first (its cache's key), with what was read
    /// alongside it.
    public struct Position: Sendable {
        public var sequence: Int64
        /// The operations after the held snapshot's position, and the habits they touched, for
        /// the snapshot's window.
        var after: (from: Int64, window: HistoryWindow, read: OperationsAfter)?

        public init(sequence: Int64) {
            self.sequence = sequence
        }
    }

    /// `owner`'s op log position. When a snapshot of the owner is held, it is read with the
    /// operations after the snapshot's position and the habits they touched (one read where the
    /// store can: PostgreSQL's one statement), so that bringing the snapshot forward reads
    /// nothing more; the position is then the last of them (none: the snapshot's).
    public func position(_ store: any TendStore, owner: User.ID) async throws -> Position {
        guard let kept = held(owner) else { return Position(sequence: try await store.latestOperationSequence(owner: owner)) }
        let read = try await store.operationsAfter(owner: owner, after: kept.sequence, limit: Self.replayLimit, window: kept.window)
        guard read.operations.count <= Self.replayLimit else {
            return Position(sequence: try await store.latestOperationSequence(owner: owner))
        }
        var position = Position(sequence: read.operations.last?.sequence ?? kept.sequence)
        position.after = (kept.sequence, kept.window, read)
        return position
    }

    /// `owner`'s snapshot as of log position `sequence` or later (read by the caller before
    /// calling), for the window `window` gives with the owner's tip state.
    public func read(
        _ store: any TendStore, owner: User.ID, sequence: Int64, window: (TipState) -> HistoryWindow
    ) async throws -> (snapshot: Snapshot, outcome: Outcome) {
        try await read(store, owner: owner, position: Position(sequence: sequence), window: window)
    }

    /// `owner`'s snapshot as of `position` or later (``position(_:owner:)``, read by the caller
    /// before calling), for the window `window` gives with the owner's tip state.
    public func read(
        _ store: any TendStore, owner: User.ID, position: Position, window: (TipState) -> HistoryWindow
    ) async throws -> (snapshot: Snapshot, outcome: Outcome) {
        let sequence = position.sequence
        if let kept = held(owner), window(kept.tipState) == kept.window {
            if kept.sequence >= sequence {
                heldCount.add(1, ordering: .relaxed)
                return (kept, .held)
            }
            // What the position read brought, if it was read for this very snapshot.
            let prefetched = position.after.flatMap { $0.from == kept.sequence && $0.window == kept.window ? $0.read : nil }
            if let replayed = try await replay(store, owner: owner, onto: kept, window: window, prefetched: prefetched) {
                keep(replayed.snapshot, for: owner)
                replayedCount.add(1, ordering: .relaxed)
                return replayed
            }
        }
        let tipState = try await store.tipState(owner: owner)
        let wanted = window(tipState)
        // The routines on their own connection meanwhile: a round trip less of the page's wait.
        async let routines = store.routines(owner: owner)
        let habits = try await store.trackedHabits(owner: owner, includeArchived: false, window: wanted)
        let snapshot = Snapshot(
            habits: habits, routines: try await routines, tipState: tipState, window: wanted,
            sequence: sequence, versions: versions(for: habits.map(\.id)))
        keep(snapshot, for: owner)
        fullCount.add(1, ordering: .relaxed)
        return (snapshot, .full)
    }

    /// `kept` brought forward by the operations after its position, or `nil` when they call for
    /// a full read.
    private func replay(
        _ store: any TendStore, owner: User.ID, onto kept: Snapshot, window: (TipState) -> HistoryWindow,
        prefetched: OperationsAfter?
    ) async throws -> (snapshot: Snapshot, outcome: Outcome)? {
        let read =
            if let prefetched { prefetched } else {
                try await store.operationsAfter(owner: owner, after: kept.sequence, limit: Self.replayLimit, window: kept.window)
            }
        let operations = read.operations
        guard operations.count <= Self.replayLimit, let last = operations.last else { return nil }
        let heldIDs = Set(kept.habits.map(\.id))
        var touched = Set<Habit.ID>()
        var routines = false
        var tips = false
        for logged in operations {
            let change = logged.operation.change
            switch change {
            case .entrySet, .entryIncremented, .entrySkipped, .entryReset, .entryNoteSet, .entriesImported:
                // An entry of a habit not held (archived) is not on the page.
                if let habit = change.habitID, heldIDs.contains(habit) { touched.insert(habit) }
            case .routineCreated, .routineUpdated, .routinePatched, .routineDeleted, .routinesReordered, .routineHabitMoved:
                routines = true
            case .tipDismissed, .tipEventRecorded:
                tips = true
            default:
                return nil
            }
        }
        var snapshot = kept
        snapshot.sequence = last.sequence
        if tips { snapshot.tipState = try await store.tipState(owner: owner) }
        guard window(snapshot.tipState) == kept.window else { return nil }
        if routines { snapshot.routines = try await store.routines(owner: owner) }
        if !touched.isEmpty {
            let byID = Dictionary(read.habits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            // A touched habit the read did not find was archived or deleted since: that operation
            // follows and reads everything again; until then it is left out.
            snapshot.habits = kept.habits.compactMap { touched.contains($0.id) ? byID[$0.id] : $0 }
            snapshot.versions.merge(versions(for: Array(touched))) { $1 }
        }
        return (snapshot, .replayed(habits: touched.count, routines: routines, tips: tips))
    }

    private func versions(for habits: [Habit.ID]) -> [Habit.ID: UInt64] {
        guard !habits.isEmpty else { return [:] }
        let last = lastVersion.add(UInt64(habits.count), ordering: .relaxed).newValue
        return Dictionary(uniqueKeysWithValues: zip(habits, (last - UInt64(habits.count) + 1)...last))
    }

    private func held(_ owner: User.ID) -> Snapshot? {
        state.withLock { state in
            guard var slot = state.slots[owner] else { return nil }
            state.clock += 1
            slot.stamp = state.clock
            state.slots[owner] = slot
            return slot.snapshot
        }
    }

    private func keep(_ snapshot: Snapshot, for owner: User.ID) {
        let bytes = Self.estimatedBytes(snapshot)
        state.withLock { state in
            // Two reads of one owner at once: the one that saw more of the log stays.
            if let current = state.slots[owner], current.snapshot.sequence > snapshot.sequence { return }
            state.bytes -= state.slots[owner]?.bytes ?? 0
            state.clock += 1
            state.slots[owner] = Slot(snapshot: snapshot, bytes: bytes, stamp: state.clock)
            state.bytes += bytes
            while state.bytes > budget, state.slots.count > 1,
                let oldest = state.slots.min(by: { $0.value.stamp < $1.value.stamp })
            {
                state.bytes -= oldest.value.bytes
                state.slots[oldest.key] = nil
            }
        }
    }

    /// Roughly what a snapshot holds in memory: each habit's record, its summary's day codes and
    /// its entries (a dictionary slot with a day, a value and a short note).
    static func estimatedBytes(_ snapshot: Snapshot) -> Int {
        snapshot.habits.reduce(1_024 * (1 + snapshot.routines.count)) { total, tracked in
            total + 1_024 + (tracked.summary?.codes.count ?? 0) + 128 * tracked.entries.count
        }
    }

    /// The owners held and their estimated bytes.
    public var usage: (owners: Int, bytes: Int) { state.withLock { ($0.slots.count, $0.bytes) } }
}
