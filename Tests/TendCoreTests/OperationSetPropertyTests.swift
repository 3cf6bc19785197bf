import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

/// Sync's merge (issue 15): replicas that receive the same operations, in any order, with
/// duplicates, drops and retries, hold the same state; no increment is lost.
@Suite("OperationSet: convergence, idempotence, increments that all count")
struct OperationSetPropertyTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)
    static let day = Fixtures.day("2026-05-28")
    static let habitIDs = [
        Habit.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-0000000000A1")!),
        Habit.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-0000000000A2")!),
    ]

    /// Operations made by `devices` devices, each with its own hybrid clock, whose wall clocks
    /// wander (up to a minute off); every history starts with the two habits' creation.
    static func history(seed: UInt64, devices: Int, count: Int) -> [ChangeOperation] {
        var random = SeededGenerator(seed: seed)
        var origin = HybridClock(device: "origin")
        var operations = habitIDs.enumerated().map { index, id in
            ChangeOperation(
                device: "origin", timestamp: origin.tick(now: start),
                change: .habitCreated(habit: Habit(id: id, name: "Habit \(index)", type: .count, target: 20, createdOn: day)))
        }
        var clocks = (0..<devices).map { HybridClock(device: "d\($0)", last: nil) }
        for _ in 0..<count {
            let d = Int.random(in: 0..<devices, using: &random)
            let habit = habitIDs[Int.random(in: 0..<habitIDs.count, using: &random)]
            let on = day.adding(days: Int.random(in: 0...2, using: &random))
            let wall = start + 1 + Double(Int.random(in: 0...120_000, using: &random)) / 1000
            let change: Change
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                change = .entryIncremented(habit: habit, day: on, by: Amount(thousandths: 100 * Int64.random(in: 1...30, using: &random)))
            case 5: change = .entrySet(habit: habit, day: on, value: Amount(thousandths: 125 * Int64.random(in: 0...72, using: &random)))
            case 6: change = .entryReset(habit: habit, day: on)
            case 7: change = .entryNoteSet(habit: habit, day: on, note: "note \(Int.random(in: 0...99, using: &random))")
            case 8:
                var patch = HabitPatch()
                patch.name = "Name \(Int.random(in: 0...99, using: &random))"
                change = .habitUpdated(id: habit, patch: patch)
            default:
                var patch = HabitPatch()
                patch.color = HabitColor.allCases.randomElement(using: &random)!
                change = .habitUpdated(id: habit, patch: patch)
            }
            operations.append(ChangeOperation(device: "d\(d)", timestamp: clocks[d].tick(now: wall), change: change))
        }
        return operations
    }

    /// What one replica receives: every operation, shuffled, some twice, some dropped and retried at the end.
    static func delivery(of operations: [ChangeOperation], seed: UInt64) -> [ChangeOperation] {
        var random = SeededGenerator(seed: seed)
        var sent = operations.shuffled(using: &random)
        let duplicates = sent.filter { _ in Int.random(in: 0..<5, using: &random) == 0 }
        let dropped = sent.filter { _ in Int.random(in: 0..<6, using: &random) == 0 }
        let droppedIDs = Set(dropped.map(\.id))
        sent = sent.filter { !droppedIDs.contains($0.id) } + duplicates
        sent.shuffle(using: &random)
        return sent + dropped.shuffled(using: &random)
    }

    @Test("Replicas receiving the same operations in any order, with duplicates and retries, hold equal states")
    func convergence() async {
        await propertyCheck(
            count: 200, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 2...5), Gen.int(in: 0...80)
        ) { seed, devices, count in
            let history = Self.history(seed: UInt64(seed), devices: devices, count: count)
            let reference = OperationSet(history).state()
            for replica in 0..<3 {
                // Given a replica that received everything in its own order
                var set = OperationSet()
                for operation in Self.delivery(of: history, seed: UInt64(seed) &* 31 &+ UInt64(replica)) { set.insert(operation) }
                // Then it holds every operation once, in the agreed order, and the same state
                #expect(set.operations.count == history.count)
                #expect(set.operations.map(\.id) == OperationSet(history).operations.map(\.id))
                #expect(set.state() == reference, "seed \(seed) replica \(replica)")
                // And receiving everything again changes nothing
                var again = set
                #expect(again.merge(history) == 0)
                #expect(again == set)
            }
        }
    }

    @Test("Whole histories (habits, routines patched field by field and deleted, settings, tips) converge in any delivery")
    func structuralConvergence() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 2...4)) { seed, devices in
            let history = SyncHistory.operations(seed: UInt64(seed), devices: devices, count: 150)
            let reference = OperationSet(history).state()
            for replica in 0..<2 {
                var set = OperationSet()
                for batch in SyncHistory.delivery(of: history, seed: UInt64(seed) &* 17 &+ UInt64(replica)) { set.merge(batch) }
                #expect(set.state() == reference, "seed \(seed) replica \(replica)")
            }
        }
    }

    @Test("Concurrent increments all count: a day's value is its last base plus every increment ordered after it")
    func incrementsCount() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 2...4), Gen.int(in: 1...60)) {
            seed, devices, count in
            let history = Self.history(seed: UInt64(seed), devices: devices, count: count)
            let set = OperationSet(Self.delivery(of: history, seed: UInt64(seed) &+ 7))
            let state = set.state()
            for habit in Self.habitIDs {
                for offset in 0...2 {
                    let day = Self.day.adding(days: offset)
                    var expected: Amount = 0
                    for operation in set.operations {
                        switch operation.change {
                        case .entrySet(habit, day, let value): expected = value
                        case .entryReset(habit, day): expected = 0
                        case .entryIncremented(habit, day, let amount): expected += amount
                        default: break
                        }
                    }
                    #expect(state.habits[habit]?.completionCount(on: day) == expected, "seed \(seed) \(habit) \(day)")
                }
            }
        }
    }

    @Test("Two offline devices: 3 increments on the phone and 2 on the laptop make 5; a rename and a recolour both survive")
    func offlineExample() {
        let habit = Self.habitIDs[0]
        var phone = HybridClock(device: "phone")
        var laptop = HybridClock(device: "laptop")
        let created = ChangeOperation(
            device: "phone", timestamp: phone.tick(now: Self.start),
            change: .habitCreated(habit: Habit(id: habit, name: "Water", type: .count, target: 8, createdOn: Self.day)))
        var rename = HabitPatch()
        rename.name = "Drink water"
        var recolour = HabitPatch()
        recolour.color = .teal
        let phoneOps =
            (1...3).map { i in
                ChangeOperation(
                    device: "phone", timestamp: phone.tick(now: Self.start + Double(i)),
                    change: .entryIncremented(habit: habit, day: Self.day, by: 1))
            } + [
                ChangeOperation(
                    device: "phone", timestamp: phone.tick(now: Self.start + 10), change: .habitUpdated(id: habit, patch: rename))
            ]
        let laptopOps =
            (1...2).map { i in
                ChangeOperation(
                    device: "laptop", timestamp: laptop.tick(now: Self.start + Double(i)),
                    change: .entryIncremented(habit: habit, day: Self.day, by: 1))
            } + [
                ChangeOperation(
                    device: "laptop", timestamp: laptop.tick(now: Self.start + 11), change: .habitUpdated(id: habit, patch: recolour))
            ]
        let one = OperationSet([created] + phoneOps + laptopOps).state()
        let other = OperationSet(laptopOps.reversed() + [created] + phoneOps.reversed()).state()
        #expect(one == other)
        #expect(one.habits[habit]?.completionCount(on: Self.day) == 5)
        #expect(one.habits[habit]?.habit.name == "Drink water" && one.habits[habit]?.habit.color == .teal)
    }

    @Test("A deleted habit stays deleted when an offline device's older changes to it arrive later")
    func deletionWins() {
        let habit = Self.habitIDs[0]
        var server = HybridClock(device: "server")
        var offline = HybridClock(device: "laptop")
        let created = ChangeOperation(
            device: "server", timestamp: server.tick(now: Self.start),
            change: .habitCreated(habit: Habit(id: habit, name: "Run", createdOn: Self.day)))
        offline.receive(created.timestamp, now: Self.start)
        let edit = ChangeOperation(
            device: "laptop", timestamp: offline.tick(now: Self.start + 5), change: .entrySet(habit: habit, day: Self.day, value: 1))
        let deleted = ChangeOperation(device: "server", timestamp: server.tick(now: Self.start + 60), change: .habitDeleted(id: habit))
        // An edit ordered after the deletion (the laptop never saw it) names a habit no longer held
        let late = ChangeOperation(
            device: "laptop", timestamp: offline.tick(now: Self.start + 90), change: .entrySet(habit: habit, day: Self.day, value: 2))
        let set = OperationSet([deleted, late, edit, created])
        #expect(set.state().habits[habit] == nil)
        #expect(set.operations.count == 4)
    }
}
