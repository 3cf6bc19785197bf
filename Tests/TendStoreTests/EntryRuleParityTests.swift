import Foundation
import PropertyBased
import TendCore
import TendPostgres
import TendSQLite
import TendStore
import TendTestSupport
import Testing

/// What a change does to a day's entry is TendCore's rule (`Entry.applying`). PostgreSQL applies
/// it in SQL (each change is one upsert, `PostgresStore+Apply.swift`) and SQLite in its own
/// statements (`SQLiteApply.swift`), for speed: random runs of changes go through both stores
/// and, after every change, each day's stored entry must be what the Swift rule makes of the same
/// changes.
@Suite("Entry changes: SQL equals TendCore's rule")
struct EntryRuleParityTests {
    static let habit = Habit(name: "Read", type: .count, target: 5, createdOn: Fixtures.day("2026-01-01"))
    static let days = [Fixtures.day("2026-03-28"), Fixtures.day("2026-03-29")]

    /// A change of one of two days: set (a value, never negative: the stores refuse that before any
    /// SQL), increment (negative too), skip, unskip, reset, note.
    static let change = zip(Gen.int(in: 0...5), Gen.int(in: 0...1), Gen.int(in: -16...24), Gen.int(in: 0...2)).map {
        kind, dayIndex, quarters, note in
        // Quarters (−4 … 6): decimal amounts go through the SQL as exactly as whole ones.
        let amount = Amount(thousandths: Int64(quarters) * 250)
        let id = Self.habit.id
        let day = Self.days[dayIndex]
        switch kind {
        case 0: return Change.entrySet(habit: id, day: day, value: max(amount, -amount))
        case 1: return Change.entryIncremented(habit: id, day: day, by: amount)
        case 2: return Change.entrySkipped(habit: id, day: day, skipped: true)
        case 3: return Change.entrySkipped(habit: id, day: day, skipped: false)
        case 4: return Change.entryReset(habit: id, day: day)
        default: return Change.entryNoteSet(habit: id, day: day, note: (["", "tired", nil] as [String?])[note])
        }
    }

    /// A day's entry as a store holds it; no row reads as the empty entry.
    struct Stored: Equatable, CustomStringConvertible {
        var value: Amount
        var skipped: Bool
        var note: String?
        init(_ entry: Entry?) {
            value = entry?.value ?? 0
            skipped = entry?.isSkipped ?? false
            note = entry?.note
        }
        var description: String { "value \(value) skipped \(skipped) note \(note ?? "nil")" }
    }

    static func check(_ store: any TendStore, runs: Int) async throws {
        let owner = try await store.createUser(username: "parity", settings: UserSettings(timeZone: "Pacific/Chatham")).id
        await propertyCheck(count: runs, input: change.array(of: 1...12)) { changes in
            do {
                _ = try? await store.deleteHabit(owner: owner, id: habit.id)
                try await store.applyChanges(owner: owner, [.habitCreated(habit: habit)])
                var expected = Dictionary(uniqueKeysWithValues: days.map { ($0, Entry(day: $0)) })
                for change in changes {
                    try await store.applyChanges(owner: owner, [change])
                    for day in days { expected[day] = expected[day]!.applying(change) }
                    let stored = try await store.entries(owner: owner, habit: habit.id, from: days[0], through: days[1])
                    for day in days {
                        #expect(
                            Stored(stored.first { $0.day == day }) == Stored(expected[day]),
                            "after \(changes.map(String.init(describing:)).joined(separator: ", ")) on \(day.iso)")
                    }
                }
            } catch {
                Issue.record(error)
            }
        }
    }

    @Test("SQLite's statements")
    func sqlite() async throws {
        try await Self.check(try SQLiteStore(inMemoryDevice: "parity"), runs: 200)
    }

    @Test("PostgreSQL's upserts")
    func postgres() async throws {
        try await PostgresTestDatabase.withStore { store in try await Self.check(store, runs: 60) }
    }
}
