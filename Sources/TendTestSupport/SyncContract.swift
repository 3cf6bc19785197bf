import Foundation
import TendCore
import TendStore
import Testing

/// One check of this contract (see ``ContractCase``).
public typealias SyncContractCase = ContractCase<any TendStore>

/// What every store does with other devices' operations: its state is always the
/// fold of every operation it holds, in ``OperationSet``'s order, however they arrived.
public enum SyncContract {
    static let settings = UserSettings(timeZone: "Europe/Berlin")

    static func newUser(_ store: any TendStore, _ name: String = "alice") async throws -> User {
        try await store.createUser(username: name, settings: settings)
    }

    /// The fold the store's state must equal.
    static func expected(_ operations: [ChangeOperation]) -> UserState {
        OperationSet(operations).state(settings: settings)
    }

    static func expectSame(_ stored: UserState, _ expected: UserState, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(stored.habits == expected.habits, "\(what): habits differ", sourceLocation: sourceLocation)
        #expect(stored.routines == expected.routines, "\(what): routines differ", sourceLocation: sourceLocation)
        #expect(stored.settings == expected.settings, "\(what): settings differ", sourceLocation: sourceLocation)
        #expect(stored.tips == expected.tips, "\(what): tips differ", sourceLocation: sourceLocation)
        #expect(stored.groups == expected.groups, "\(what): groups differ", sourceLocation: sourceLocation)
    }

    static func operation(_ device: String, _ milliseconds: Int64, _ change: Change) -> ChangeOperation {
        ChangeOperation(device: device, timestamp: HybridTimestamp(milliseconds: milliseconds, counter: 0, device: device), change: change)
    }

    static let habitID = Habit.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-00000000C0DE")!)
    static let routineID = Routine.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-00000000B0DE")!)
    static let day = Fixtures.day("2026-05-28")
    static let base: Int64 = 1_780_000_000_000

    static func created(_ name: String = "Read", id: Habit.ID = habitID) -> Change {
        .habitCreated(habit: Habit(id: id, name: name, type: .count, target: 10, createdOn: day))
    }

    public static let cases: [SyncContractCase] =
        [
            SyncContractCase("Operations delivered in any order, in batches, twice or late, fold to the same state") { store in
                for seed in UInt64(1)...4 {
                    let user = try await newUser(store, "user\(seed)")
                    let operations = SyncHistory.operations(seed: seed)
                    var accepted = 0
                    for batch in SyncHistory.delivery(of: operations, seed: seed &* 31) {
                        accepted += try await store.receive(owner: user.id, batch).accepted
                    }
                    #expect(accepted == operations.count, "seed \(seed): each operation stored once")
                    expectSame(try await store.exportState(owner: user.id), expected(operations), "seed \(seed)")
                }
            },
            SyncContractCase("A retried push stores nothing twice") { store in
                let user = try await newUser(store)
                let batch = [
                    operation("phone", base, created()), operation("phone", base + 1, .entryIncremented(habit: habitID, day: day, by: 2)),
                ]
                let first = try await store.receive(owner: user.id, batch)
                let again = try await store.receive(owner: user.id, batch + batch)
                #expect(first.accepted == 2 && first.duplicates == 0)
                #expect(again.accepted == 0 && again.duplicates == 4)
                #expect(again.latestSequence == first.latestSequence)
                #expect(try await store.entries(owner: user.id, habit: habitID, from: day, through: day).map(\.value) == [2])
            },
            SyncContractCase("Concurrent increments from two offline devices both count; a reset that saw them wins") { store in
                let user = try await newUser(store)
                _ = try await store.receive(owner: user.id, [operation("laptop", base, created())])
                // The laptop's +2 arrives after the phone's +3, though it was made before it.
                _ = try await store.receive(
                    owner: user.id, [operation("phone", base + 2000, .entryIncremented(habit: habitID, day: day, by: 3))])
                _ = try await store.receive(
                    owner: user.id, [operation("laptop", base + 1000, .entryIncremented(habit: habitID, day: day, by: 2))])
                #expect(try await store.entries(owner: user.id, habit: habitID, from: day, through: day).map(\.value) == [5])
                _ = try await store.receive(owner: user.id, [operation("laptop", base + 3000, .entryReset(habit: habitID, day: day))])
                #expect(try await store.entries(owner: user.id, habit: habitID, from: day, through: day).isEmpty)
                // An increment made before the reset, arriving after it, does not undo it.
                _ = try await store.receive(
                    owner: user.id, [operation("watch", base + 2500, .entryIncremented(habit: habitID, day: day, by: 1))])
                #expect(try await store.entries(owner: user.id, habit: habitID, from: day, through: day).isEmpty)
            },
            SyncContractCase("A rename on one device and a recolour on another both survive, in either order") { store in
                let user = try await newUser(store)
                var rename = HabitPatch()
                rename.name = "Read a book"
                var recolour = HabitPatch()
                recolour.color = .orange
                _ = try await store.receive(owner: user.id, [operation("origin", base, created())])
                _ = try await store.receive(owner: user.id, [operation("phone", base + 2000, .habitUpdated(id: habitID, patch: recolour))])
                _ = try await store.receive(owner: user.id, [operation("laptop", base + 1000, .habitUpdated(id: habitID, patch: rename))])
                let habit = try await store.habit(owner: user.id, id: habitID)
                #expect(habit.name == "Read a book" && habit.color == .orange)
            },
            SyncContractCase("An end date set offline on one device and a start cleared on another both survive; the later end wins") {
                store in
                let user = try await newUser(store)
                let start = day.adding(days: 3)
                var dated = Habit(id: habitID, name: "Read", createdOn: day, startsOn: start)
                dated.endsOn = start.adding(days: 29)
                var ends = HabitPatch()
                ends.endsOn = .day(start.adding(days: 13))
                var laterEnds = HabitPatch()
                laterEnds.endsOn = .day(start.adding(days: 20))
                var clearsStart = HabitPatch()
                clearsStart.startsOn = .cleared
                let operations = [
                    operation("origin", base, .habitCreated(habit: dated)),
                    operation("phone", base + 3000, .habitUpdated(id: habitID, patch: laterEnds)),
                    operation("laptop", base + 1000, .habitUpdated(id: habitID, patch: clearsStart)),
                    operation("tablet", base + 2000, .habitUpdated(id: habitID, patch: ends)),
                ]
                for operation in operations { _ = try await store.receive(owner: user.id, [operation]) }
                let habit = try await store.habit(owner: user.id, id: habitID)
                #expect(habit.startsOn == nil && habit.endsOn == start.adding(days: 20))
                expectSame(try await store.exportState(owner: user.id), expected(operations), "dates")
            },
            SyncContractCase("A rule changed from a day on one device and a rename on another both survive; the versions travel") {
                store in
                let user = try await newUser(store)
                let habit = Habit(id: habitID, name: "Read", type: .count, target: 10, createdOn: day)
                let changed = habit.changingRule(
                    to: HabitRule(kind: .good, type: .count, target: 20, schedule: .timesPerWeek(3)), from: .day(day.adding(days: 30)))
                var rename = HabitPatch()
                rename.name = "Read books"
                let operations = [
                    operation("origin", base, .habitCreated(habit: habit)),
                    operation("phone", base + 2000, .habitUpdated(id: habitID, patch: HabitPatch(from: habit, to: changed))),
                    operation("laptop", base + 1000, .habitUpdated(id: habitID, patch: rename)),
                ]
                for operation in operations.reversed() { _ = try await store.receive(owner: user.id, [operation]) }
                let stored = try await store.habit(owner: user.id, id: habitID)
                #expect(stored.name == "Read books" && stored.target == 20 && stored.versions == changed.versions)
                expectSame(try await store.exportState(owner: user.id), expected(operations), "versions")
            },
            SyncContractCase("A zone changed on one device and a snooze length on another both survive, in either order") { store in
                let user = try await newUser(store)
                _ = try await store.receive(
                    owner: user.id, [operation("phone", base + 2000, .settingsUpdated(patch: SettingsPatch(snoozeMinutes: 25)))])
                _ = try await store.receive(
                    owner: user.id, [operation("laptop", base + 1000, .settingsUpdated(patch: SettingsPatch(timeZone: "Asia/Kolkata")))])
                let settings = try await store.user(id: user.id).settings
                #expect(settings.timeZone == "Asia/Kolkata" && settings.snoozeMinutes == 25)
                // A local change logs only what it changes.
                var changed = settings
                changed.dayStartHour = 4
                _ = try await store.updateSettings(owner: user.id, changed)
                let last = try await store.operations(owner: user.id, after: 0, limit: 10).last?.operation.change
                #expect(last == .settingsUpdated(patch: SettingsPatch(dayStartHour: 4)))
            },
            SyncContractCase("A routine renamed on one device and recoloured on another keeps both, in either order") { store in
                let user = try await newUser(store)
                let morning = Routine(id: routineID, name: "Morning", start: try TimeOfDay(hour: 7), habitIDs: [habitID])
                let history = [
                    operation("origin", base, created()), operation("origin", base + 1, .routineCreated(routine: morning)),
                    operation("phone", base + 2000, .routinePatched(id: routineID, patch: RoutinePatch(color: .orange))),
                    // Made before the recolour, arriving after it: the store refolds.
                    operation("laptop", base + 1000, .routinePatched(id: routineID, patch: RoutinePatch(name: "Early"))),
                ]
                for operation in history { _ = try await store.receive(owner: user.id, [operation]) }
                let routine = try #require(try await store.routines(owner: user.id).first)
                #expect(routine.name == "Early" && routine.color == .orange && routine.habitIDs == [habitID])
                expectSame(try await store.exportState(owner: user.id), expected(history), "routine fields")
            },
            SyncContractCase("Editing a routine logs only the fields that changed, and nothing when none did") { store in
                let user = try await newUser(store)
                _ = try await store.receive(owner: user.id, [operation("origin", base, created())])
                let morning = try await store.createRoutine(
                    owner: user.id, Routine(id: routineID, name: "Morning", start: try TimeOfDay(hour: 7), habitIDs: [habitID]))
                var edited = morning
                edited.start = try TimeOfDay(hour: 6, minute: 30)
                edited.weekdays = [.monday, .tuesday]
                #expect(try await store.updateRoutine(owner: user.id, edited) == edited)
                let log = try await store.operations(owner: user.id, after: 0, limit: 10)
                #expect(
                    log.last?.operation.change
                        == .routinePatched(
                            id: routineID, patch: RoutinePatch(start: try TimeOfDay(hour: 6, minute: 30), weekdays: [.monday, .tuesday])))
                #expect(try await store.updateRoutine(owner: user.id, edited) == edited)
                #expect(
                    try await store.operations(owner: user.id, after: 0, limit: 10).count == log.count, "nothing changed, nothing logged")
            },
            SyncContractCase("A deleted routine stays deleted when another device's patches to it arrive, before or after the deletion") {
                store in
                let user = try await newUser(store)
                let morning = Routine(id: routineID, name: "Morning", start: try TimeOfDay(hour: 7))
                _ = try await store.receive(
                    owner: user.id,
                    [
                        operation("origin", base, .routineCreated(routine: morning)),
                        operation("phone", base + 5000, .routineDeleted(id: routineID)),
                    ])
                let late = [
                    operation("laptop", base + 1000, .routinePatched(id: routineID, patch: RoutinePatch(name: "Early"))),
                    operation("laptop", base + 6000, .routinePatched(id: routineID, patch: RoutinePatch(color: .pink))),
                ]
                #expect(try await store.receive(owner: user.id, late).accepted == 2)
                #expect(try await store.routines(owner: user.id).isEmpty)
            },
            SyncContractCase("A deleted habit stays deleted when an offline device's older changes arrive") { store in
                let user = try await newUser(store)
                _ = try await store.receive(owner: user.id, [operation("origin", base, created())])
                _ = try await store.receive(owner: user.id, [operation("phone", base + 5000, .habitDeleted(id: habitID))])
                var rename = HabitPatch()
                rename.name = "Still here?"
                let old = [
                    operation("laptop", base + 1000, .entrySet(habit: habitID, day: day, value: 4)),
                    operation("laptop", base + 6000, .entryIncremented(habit: habitID, day: day, by: 1)),
                    operation("laptop", base + 7000, .habitUpdated(id: habitID, patch: rename)),
                ]
                #expect(try await store.receive(owner: user.id, old).accepted == 3)
                #expect(try await store.habits(owner: user.id, includeArchived: true).isEmpty)
                #expect(try await store.operations(owner: user.id, after: 0, limit: 100).count == 5, "the changes are kept in the log")
            },
            SyncContractCase("A habit's creation arriving after its check-ins brings them in") { store in
                let user = try await newUser(store)
                _ = try await store.receive(
                    owner: user.id, [operation("phone", base + 1000, .entryIncremented(habit: habitID, day: day, by: 3))])
                #expect(try await store.habits(owner: user.id, includeArchived: true).isEmpty)
                _ = try await store.receive(owner: user.id, [operation("phone", base, created())])
                #expect(try await store.entries(owner: user.id, habit: habitID, from: day, through: day).map(\.value) == [3])
            },
            SyncContractCase("Two devices' habits of one name are both kept; the later one is renamed, the same on every replica") {
                store in
                let user = try await newUser(store)
                let other = Habit.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-00000000C0DF")!)
                let phone = operation("phone", base + 1000, created("Read", id: other))
                let laptop = operation("laptop", base, created("read"))
                _ = try await store.receive(owner: user.id, [phone])
                _ = try await store.receive(owner: user.id, [laptop])
                let names = Set(try await store.habits(owner: user.id, includeArchived: true).map(\.name))
                #expect(names == ["read", "Read (2)"])
                expectSame(try await store.exportState(owner: user.id), expected([phone, laptop]), "names")
            },
            SyncContractCase("Another user's operation id is refused and nothing of the batch is stored") { store in
                let alice = try await newUser(store)
                let bob = try await newUser(store, "bob")
                let mine = operation("phone", base, created())
                _ = try await store.receive(owner: alice.id, [mine])
                let other = Habit.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-00000000C0DF")!)
                await StoreContract.expectStoreError("another's id", StoreContract.isConflict) {
                    _ = try await store.receive(owner: bob.id, [operation("laptop", base, created("Walk", id: other)), mine])
                }
                #expect(try await store.habits(owner: bob.id, includeArchived: true).isEmpty)
                #expect(try await store.operations(owner: bob.id, after: 0, limit: 10).isEmpty)
            },
            SyncContractCase("A local change made after receiving a clock ahead of this one orders after it") { store in
                let user = try await newUser(store)
                let ahead = Int64((Date().timeIntervalSince1970 + 240) * 1000)
                _ = try await store.receive(owner: user.id, [operation("phone", ahead, created())])
                _ = try await store.increment(owner: user.id, habit: habitID, day: day, by: 1)
                let log = try await store.operations(owner: user.id, after: 0, limit: 10)
                #expect(log.count == 2)
                #expect(log[1].operation.timestamp > log[0].operation.timestamp)
                // Stamped between the creation and the local increment: it orders before the increment.
                let between = ChangeOperation(
                    device: "phone2", timestamp: HybridTimestamp(milliseconds: ahead, counter: 0, device: "phone2"),
                    change: .entrySet(habit: habitID, day: day, value: 7))
                _ = try await store.receive(owner: user.id, [between])
                #expect(try await store.entries(owner: user.id, habit: habitID, from: day, through: day).map(\.value) == [8])
            },
            SyncContractCase("A check-in sent twice under one operation id counts once, and so does the same change pushed by sync") {
                store in
                let user = try await newUser(store)
                _ = try await store.receive(owner: user.id, [operation("laptop", base, created())])
                let id = UUID()
                #expect(try await store.perform(owner: user.id, habit: habitID, day: day, [.increment(2)], operation: id).value == 2)
                #expect(try await store.perform(owner: user.id, habit: habitID, day: day, [.increment(2)], operation: id).value == 2)
                // The page queued it offline too, under the same id, after the post's answer was lost.
                let queued = ChangeOperation(
                    id: id, device: "web-1", timestamp: HybridTimestamp(milliseconds: base + 10, counter: 0, device: "web-1"),
                    change: .entryIncremented(habit: habitID, day: day, by: 2))
                #expect(try await store.receive(owner: user.id, [queued], from: "web-1").duplicates == 1)
                #expect(try await store.entries(owner: user.id, habit: habitID, from: day, through: day).map(\.value) == [2])
                let bob = try await newUser(store, "bob")
                _ = try await store.receive(owner: bob.id, [operation("phone", base, created())])
                await StoreContract.expectStoreError("another's id", StoreContract.isConflict) {
                    _ = try await store.perform(owner: bob.id, habit: habitID, day: day, [.increment(1)], operation: id)
                }
            },
            SyncContractCase("Operations a device sent are not sent back to it, whatever device made them") { store in
                let user = try await newUser(store)
                // A CLI database from before sync logged its changes as device "cli"; it now syncs as "cli-1a2b3c4d".
                let old = [
                    operation("cli", base, created()), operation("cli", base + 1, .entryIncremented(habit: habitID, day: day, by: 1)),
                ]
                _ = try await store.receive(owner: user.id, old, from: "cli-1a2b3c4d")
                _ = try await store.receive(
                    owner: user.id, [operation("phone", base + 2, .entryIncremented(habit: habitID, day: day, by: 1))], from: "phone")
                let back = try await store.operations(owner: user.id, after: 0, notFrom: "cli-1a2b3c4d", limit: 10)
                #expect(back.operations.map(\.operation.device) == ["phone"])
                #expect(try await store.operations(owner: user.id, after: 0, notFrom: "laptop", limit: 10).operations.count == 3)
            },
            SyncContractCase("Pages leave out the asking device's operations and say where the next starts") { store in
                let user = try await newUser(store)
                _ = try await store.receive(owner: user.id, [operation("phone", base, created())])
                for index in 1...5 {
                    _ = try await store.receive(
                        owner: user.id,
                        [
                            operation(
                                index % 2 == 0 ? "phone" : "laptop", base + Int64(index), .entryIncremented(habit: habitID, day: day, by: 1)
                            )
                        ])
                }
                let first = try await store.operations(owner: user.id, after: 0, notFrom: "laptop", limit: 2)
                #expect(first.operations.map(\.operation.device) == ["phone", "phone"] && first.more)
                let second = try await store.operations(owner: user.id, after: first.last, notFrom: "laptop", limit: 2)
                #expect(second.operations.map(\.operation.device) == ["phone"] && !second.more)
                #expect(second.last == (try await store.latestOperationSequence(owner: user.id)))
                let empty = try await store.operations(owner: user.id, after: second.last, notFrom: nil, limit: 2)
                #expect(empty.operations.isEmpty && !empty.more && empty.last == second.last)
                #expect(try await store.operationLogID() == (try await store.operationLogID()))
            },
            SyncContractCase("Pages are bounded by bytes too: large imports come one page each, small operations fill a page") { store in
                // Given a habit, three imports of 300 entries each (~40 KB of JSON; random notes, so
                // that PostgreSQL's compression of the stored value keeps it above 10 KB too), then
                // ten check-ins
                let user = try await newUser(store)
                _ = try await store.receive(owner: user.id, [operation("phone", base, created())])
                for index in 0..<3 {
                    let entries = (0..<300).map {
                        Entry(day: day.adding(days: -$0 - 1), value: Amount(index + 1), note: UUID().uuidString + UUID().uuidString)
                    }
                    _ = try await store.receive(
                        owner: user.id, [operation("phone", base + 1 + Int64(index), .entriesImported(habit: habitID, entries: entries))])
                }
                for index in 0..<10 {
                    _ = try await store.receive(
                        owner: user.id, [operation("phone", base + 10 + Int64(index), .entryIncremented(habit: habitID, day: day, by: 1))])
                }
                // When a laptop pulls with a 10 KB bound, Then the creation comes with nothing after it
                // (the next import would pass the bound), each import alone (larger than the bound),
                // then the ten check-ins together
                var pages: [[Int]] = []
                var after: Int64 = 0
                var more = true
                while more {
                    let page = try await store.operations(owner: user.id, after: after, notFrom: "laptop", limit: 100, maximumBytes: 10_000)
                    pages.append(page.operations.map { $0.operation.change.isEntriesImport ? 1 : 0 })
                    after = page.last
                    more = page.more
                }
                #expect(pages == [[0], [1], [1], [1], Array(repeating: 0, count: 10)])
                #expect(after == (try await store.latestOperationSequence(owner: user.id)))
            },
        ] + groupCases
}
