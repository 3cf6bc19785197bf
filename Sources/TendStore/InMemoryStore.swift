import Foundation
import TendCore

/// A store that keeps everything in memory: the reference implementation of ``TendStore``'s
/// contract, and a fast store for tests of the layers above. Nothing survives the process.
public actor InMemoryStore: TendStore {
    private var users: [User.ID: User] = [:]
    private var states: [User.ID: UserState] = [:]
    private var logs: [User.ID: [LoggedOperation]] = [:]
    private var sequence: Int64 = 0
    /// Each logged operation's owner, by id (an id is unique across users).
    private var operationOwners: [UUID: User.ID] = [:]
    /// The device each received operation came from (not sent back to it).
    private var origins: [UUID: String] = [:]
    /// The settings each user was created with: where a refold starts (``receive(owner:_:)``).
    private var baseSettings: [User.ID: UserSettings] = [:]
    private let logID = UUID().text()
    /// Passwords, tokens and invites (``AccountStore``, in InMemoryStore+Accounts.swift).
    var accounts = AccountTables()
    /// Targets, the firing queue, deliveries and server secrets (``ReminderStore``, in InMemoryStore+Reminders.swift).
    var reminders = ReminderTables()
    private var clock: HybridClock
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - device: the device id stamped on this store's operations.
    ///   - now: the wall clock for operation timestamps.
    public init(device: String = "memory", now: @escaping @Sendable () -> Date = { Date() }) {
        clock = HybridClock(device: device)
        self.now = now
    }

    // MARK: Users

    public func createUser(username: String, settings: UserSettings) throws -> User {
        try User.validate(username: username)
        try StoreError.enforcing { try HabitRules.validate(settings) }
        guard user(named: username) == nil else { throw AccountRules.usernameTaken(username) }
        let user = User(username: username, settings: settings)
        users[user.id] = user
        states[user.id] = UserState(settings: settings)
        baseSettings[user.id] = settings
        logs[user.id] = []
        return user
    }

    public func user(id: User.ID) throws -> User {
        guard let user = users[id] else { throw StoreError.notFound("user") }
        return user
    }

    /// Gives a user another username (unique, case-insensitively).
    func rename(_ id: User.ID, to username: String) throws(StoreError) -> User {
        do {
            try User.validate(username: username)
        } catch {
            throw .invalid(error.description)
        }
        guard var user = users[id] else { throw .notFound("user") }
        if let other = self.user(named: username), other.id != id { throw .conflict("the username '\(username)' is taken") }
        user.username = username
        users[id] = user
        return user
    }

    public func user(named username: String) -> User? {
        users.values.first { $0.username.lowercased() == username.lowercased() }
    }

    public func updateSettings(owner: User.ID, _ settings: UserSettings) throws -> User {
        try StoreError.enforcing { try HabitRules.validate(settings) }
        _ = try state(owner)
        let patch = SettingsPatch(from: try state(owner).settings, to: settings)
        if !patch.isEmpty { commit(owner, [.settingsUpdated(patch: patch)]) }
        users[owner]?.settings = settings
        return try user(id: owner)
    }

    public func deleteUser(owner: User.ID) throws {
        guard users.removeValue(forKey: owner) != nil else { throw StoreError.notFound("user") }
        states[owner] = nil
        for operation in logs[owner] ?? [] { operationOwners[operation.operation.id] = nil }
        logs[owner] = nil
        accounts.removeAll(of: owner)
        reminders.removeAll(of: owner)
    }

    // MARK: Reading

    public func habits(owner: User.ID, includeArchived: Bool) throws -> [Habit] {
        try trackedHabits(owner: owner, includeArchived: includeArchived).map(\.habit)
    }

    public func habit(owner: User.ID, id: Habit.ID) throws -> Habit {
        try tracked(owner, id).habit
    }

    public func trackedHabits(owner: User.ID, includeArchived: Bool) throws -> [TrackedHabit] {
        try state(owner).orderedHabits.filter { includeArchived || !$0.habit.isArchived }
    }

    public func trackedHabits(owner: User.ID, includeArchived: Bool, window: HistoryWindow) throws -> [TrackedHabit] {
        let all = try trackedHabits(owner: owner, includeArchived: includeArchived)
        let (from, through) = window.entryDays(for: all.map(\.habit))
        return all.map { tracked in
            let entries = tracked.sortedEntries.filter {
                $0.day <= through && ($0.day >= from || tracked.habit.createdOn > from)
            }
            return TrackedHabit(habit: tracked.habit, entries: entries)
        }
    }

    public func entries(owner: User.ID, habit: Habit.ID, from: Day, through: Day) throws -> [Entry] {
        try tracked(owner, habit).sortedEntries.filter { $0.day >= from && $0.day <= through }
    }

    public func describedGroups(owner: User.ID) throws -> GroupList {
        try state(owner).groups
    }

    public func routines(owner: User.ID) throws -> [Routine] {
        try state(owner).routines.routines
    }

    public func tipState(owner: User.ID) throws -> TipState {
        try state(owner).tips
    }

    public func exportState(owner: User.ID) throws -> UserState {
        try state(owner)
    }

    public func operations(owner: User.ID, after: Int64, limit: Int) throws -> [LoggedOperation] {
        _ = try state(owner)
        return Array((logs[owner] ?? []).filter { $0.sequence > after }.prefix(max(0, limit)))
    }

    public func latestOperationSequence(owner: User.ID) throws -> Int64 {
        _ = try state(owner)
        return logs[owner]?.last?.sequence ?? 0
    }

    // MARK: Writing

    public func createHabit(owner: User.ID, _ habit: Habit) throws -> Habit {
        let state = try state(owner)
        try StoreError.enforcing { try HabitRules.validate(habit) }
        guard state.habits[habit.id] == nil else { throw StoreError.conflict("a habit with this id already exists") }
        try checkNameFree(habit, in: state)
        commit(owner, [.habitCreated(habit: habit)])
        return habit
    }

    public func updateHabit(owner: User.ID, _ habit: Habit) throws -> Habit {
        let state = try state(owner)
        let old = try tracked(owner, habit.id).habit
        var new = habit
        new.createdOn = old.createdOn
        try StoreError.enforcing { try HabitRules.validate(new) }
        try checkNameFree(new, in: state)
        let patch = HabitPatch(from: old, to: new)
        if !patch.isEmpty { commit(owner, [.habitUpdated(id: habit.id, patch: patch)]) }
        return new
    }

    public func deleteHabit(owner: User.ID, id: Habit.ID) throws {
        _ = try tracked(owner, id)
        commit(owner, [.habitDeleted(id: id)])
    }

    public func reorderHabits(owner: User.ID, _ ids: [Habit.ID]) throws {
        let state = try state(owner)
        guard ids.allSatisfy({ state.habits[$0] != nil }) else { throw StoreError.notFound("habit") }
        guard Set(ids).count == ids.count else { throw StoreError.invalid("a habit appears twice in the order") }
        commit(owner, [.habitsReordered(ids: HabitOrder.complete(ids, state.orderedHabits.map(\.id)))])
    }

    public func perform(owner: User.ID, habit: Habit.ID, day: Day, _ commands: [EntryCommand], operation: UUID?) throws -> Entry {
        var state = try state(owner)
        _ = try tracked(owner, habit)
        if let operation, let holder = operationOwners[operation] {
            guard holder == owner else { throw StoreError.conflict("operation \(operation.text()) belongs to another account") }
            return try tracked(owner, habit).log(for: day)
        }
        var changes: [Change] = []
        for command in commands {
            guard let change = try StoreError.enforcing({ try command.change(for: state.habits[habit]!, on: day) }) else { continue }
            state.apply(change)
            changes.append(change)
        }
        commit(owner, changes, firstID: operation)
        return try self.tracked(owner, habit).log(for: day)
    }

    public func createRoutine(owner: User.ID, _ routine: Routine) throws -> Routine {
        let state = try state(owner)
        try StoreError.enforcing { try HabitRules.validate(routine) }
        guard state.routines[routine.id] == nil else { throw StoreError.conflict("a routine with this id already exists") }
        guard routine.habitIDs.allSatisfy({ state.habits[$0] != nil }) else { throw StoreError.notFound("habit") }
        commit(owner, [.routineCreated(routine: routine)])
        return try self.state(owner).routines[routine.id]!
    }

    public func updateRoutine(owner: User.ID, _ routine: Routine) throws -> Routine {
        let state = try state(owner)
        try StoreError.enforcing { try HabitRules.validate(routine) }
        guard let old = state.routines[routine.id] else { throw StoreError.notFound("routine") }
        guard routine.habitIDs.allSatisfy({ state.habits[$0] != nil }) else { throw StoreError.notFound("habit") }
        let patch = RoutinePatch(from: old, to: routine)
        guard !patch.isEmpty else { return old }
        commit(owner, [.routinePatched(id: routine.id, patch: patch)])
        return try self.state(owner).routines[routine.id]!
    }

    public func deleteRoutine(owner: User.ID, id: Routine.ID) throws {
        guard try state(owner).routines[id] != nil else { throw StoreError.notFound("routine") }
        commit(owner, [.routineDeleted(id: id)])
    }

    public func reorderRoutines(owner: User.ID, _ ids: [Routine.ID]) throws {
        let state = try state(owner)
        guard ids.allSatisfy({ state.routines[$0] != nil }) else { throw StoreError.notFound("routine") }
        guard Set(ids).count == ids.count else { throw StoreError.invalid("a routine appears twice in the order") }
        commit(owner, [.routinesReordered(ids: ids)])
    }

    public func moveHabit(owner: User.ID, habit: Habit.ID, toRoutine routine: Routine.ID?, at index: Int?) throws {
        let state = try state(owner)
        guard state.habits[habit] != nil else { throw StoreError.notFound("habit") }
        if let routine {
            var list = state.routines
            do {
                try list.move(habit: habit, to: routine, at: index)
            } catch .unknownRoutine {
                throw StoreError.notFound("routine")
            } catch {
                throw StoreError.invalid(error.description)
            }
        }
        commit(owner, [.routineHabitMoved(habit: habit, routine: routine, index: index)])
    }

    public func dismissTip(owner: User.ID, _ tip: Tip.ID) throws {
        _ = try state(owner)
        commit(owner, [.tipDismissed(tip: tip)])
    }

    public func recordTipEvent(owner: User.ID, _ event: TipEvent) throws {
        _ = try state(owner)
        commit(owner, [.tipEventRecorded(event: event)])
    }

    public func applyChanges(owner: User.ID, _ changes: [Change]) throws {
        try StoreError.enforcing { try HabitRules.validate(changes) }
        // Apply to a copy first: a batch that breaks a rule midway (a name taken) changes nothing.
        var trial = try state(owner)
        for change in changes {
            if case .habitCreated(let habit) = change, trial.habits[habit.id] == nil {
                try checkNameFree(habit, in: trial)
            }
            if case .habitUpdated(let id, let patch) = change, let habit = trial.habits[id]?.habit {
                try checkNameFree(patch.applied(to: habit), in: trial)
            }
            trial.apply(change)
        }
        commit(owner, changes)
    }

    // MARK: Internals

    private func state(_ owner: User.ID) throws -> UserState {
        guard let state = states[owner] else { throw StoreError.notFound("user") }
        return state
    }

    private func tracked(_ owner: User.ID, _ id: Habit.ID) throws -> TrackedHabit {
        guard let tracked = try state(owner).habits[id] else { throw StoreError.notFound("habit") }
        return tracked
    }

    private func checkNameFree(_ habit: Habit, in state: UserState) throws {
        let key = HabitRules.nameKey(habit.name)
        if state.habits.values.contains(where: { $0.id != habit.id && HabitRules.nameKey($0.habit.name) == key }) {
            throw StoreError.habitNameTaken(habit.name)
        }
    }

    private func commit(_ owner: User.ID, _ changes: [Change], firstID: UUID? = nil) {
        for (index, change) in changes.enumerated() {
            states[owner]?.apply(change)
            // As the SQL stores' foreign keys cascade: a deleted habit's firings and deliveries go with it.
            if case .habitDeleted(let id) = change { reminders.removeHabit(id, of: owner) }
            if ReminderRules.needsPlanning(change) { reminders.planRequests.insert(owner) }
            sequence += 1
            let operation = ChangeOperation(
                id: index == 0 ? firstID ?? UUID() : UUID(), device: clock.device, timestamp: clock.tick(now: now()), change: change)
            logs[owner, default: []].append(LoggedOperation(sequence: sequence, operation: operation))
            operationOwners[operation.id] = owner
        }
        if let settings = states[owner]?.settings { users[owner]?.settings = settings }
    }

    // MARK: Sync

    public func operationLogID() -> String { logID }

    /// Operations in order are applied one by one; one that orders before the latest applied
    /// refolds the user's whole log from the settings they were created with (the reference
    /// semantics the SQL stores' partial refolds must equal).
    public func receive(owner: User.ID, _ operations: [ChangeOperation], from device: String?) throws -> MergeReceipt {
        let before = try state(owner)
        var seen: Set<UUID> = []
        var new: [ChangeOperation] = []
        for operation in operations where seen.insert(operation.id).inserted {
            if let holder = operationOwners[operation.id] {
                guard holder == owner else {
                    throw StoreError.conflict("operation \(operation.id.text()) belongs to another account; nothing was stored")
                }
                continue
            }
            new.append(operation)
        }
        new = MergeFold.sorted(new)
        let log = logs[owner] ?? []
        let frontier = log.map(\.operation).max(by: OperationSet.precedes)
        for operation in new {
            sequence += 1
            logs[owner, default: []].append(LoggedOperation(sequence: sequence, operation: operation))
            operationOwners[operation.id] = owner
            origins[operation.id] = device ?? ""
            if ReminderRules.needsPlanning(operation.change) { reminders.planRequests.insert(owner) }
        }
        if !new.isEmpty {
            if MergePlan.inOrder(new, after: frontier.map { ($0.timestamp, $0.id.text()) }) {
                for operation in new { states[owner]?.apply(operation.change) }
            } else {
                var state = UserState(settings: baseSettings[owner] ?? before.settings)
                for operation in MergeFold.sorted((logs[owner] ?? []).map(\.operation)) { state.apply(operation.change) }
                states[owner] = state
            }
            for id in before.habits.keys where states[owner]?.habits[id] == nil { reminders.removeHabit(id, of: owner) }
            if let settings = states[owner]?.settings { users[owner]?.settings = settings }
            clock.receive(new.last!.timestamp, now: now())
        }
        return MergeReceipt(
            accepted: new.count, duplicates: operations.count - new.count, latestSequence: logs[owner]?.last?.sequence ?? 0)
    }

    public func operations(
        owner: User.ID, after: Int64, notFrom device: String?, limit: Int, maximumBytes: Int
    ) throws -> OperationPage {
        _ = try state(owner)
        let log = logs[owner] ?? []
        let candidates = log.lazy.filter {
            $0.sequence > after && $0.operation.device != device && (device == nil || self.origins[$0.operation.id] != device)
        }
        var page = OperationPageBuilder(limit: limit, maximumBytes: maximumBytes)
        // Sized as the SQL stores size them: the change's stored JSON.
        for logged in candidates {
            guard page.take(size: (try? JSONEncoder().encode(logged.operation.change).count) ?? 0, { logged }) else { break }
        }
        if page.more { return OperationPage(operations: page.operations, last: page.operations.last!.sequence, more: true) }
        return OperationPage(operations: page.operations, last: max(after, log.last?.sequence ?? 0), more: false)
    }
}
