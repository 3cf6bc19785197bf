import Foundation
import TendCore
import TendSQLite
import TendTestSupport
import Testing

@testable import TendStore

@Suite("SQLite store passes the store contract")
struct SQLiteContractTests {
    @Test(arguments: StoreContract.cases)
    func inMemory(_ check: StoreContractCase) async throws {
        try await check.run(on: SQLiteStore(inMemoryDevice: "test"))
    }

    @Test(arguments: StoreContract.cases)
    func onDisk(_ check: StoreContractCase) async throws {
        let directory = try TemporaryDirectory()
        try await check.run(on: SQLiteStore(path: directory.path("tend.sqlite"), device: "test"))
    }

    @Test(arguments: AccountContract.cases)
    func accountsInMemory(_ check: AccountContractCase) async throws {
        try await check.run(on: SQLiteStore(inMemoryDevice: "test"))
    }

    @Test(arguments: AccountContract.cases)
    func accountsOnDisk(_ check: AccountContractCase) async throws {
        let directory = try TemporaryDirectory()
        try await check.run(on: SQLiteStore(path: directory.path("tend.sqlite"), device: "test"))
    }

    @Test(arguments: SyncContract.cases)
    func syncInMemory(_ check: SyncContractCase) async throws {
        try await check.run(on: SQLiteStore(inMemoryDevice: "test"))
    }

    @Test(arguments: SyncContract.cases)
    func syncOnDisk(_ check: SyncContractCase) async throws {
        let directory = try TemporaryDirectory()
        try await check.run(on: SQLiteStore(path: directory.path("tend.sqlite"), device: "test"))
    }

    @Test(arguments: ReminderContract.cases)
    func remindersInMemory(_ check: ReminderContractCase) async throws {
        try await check.run(on: SQLiteStore(inMemoryDevice: "test"))
    }

    @Test(arguments: ReminderContract.cases)
    func remindersOnDisk(_ check: ReminderContractCase) async throws {
        let directory = try TemporaryDirectory()
        try await check.run(on: SQLiteStore(path: directory.path("tend.sqlite"), device: "test"))
    }
}

@Suite("Op log JSON")
struct OpLogJSONTests {
    @Test("The day changes written directly are JSONEncoder's bytes; the rest is JSONEncoder's")
    func sameBytesAsTheEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var changes: [Change] = []
        for _ in 0..<200 {
            let habit = Habit.ID()
            let day = Day(ordinal: Int.random(in: Day.minimum.ordinal...Day.maximum.ordinal))
            // Whole and decimal amounts alike: the writer must spell them as JSONEncoder does.
            let amount = Amount(
                thousandths: Bool.random()
                    ? 1000 * Int64.random(in: -1_000_000...1_000_000) : Int64.random(in: -1_000_000_000_000...1_000_000_000_000))
            changes += [
                .entrySet(habit: habit, day: day, value: max(amount, -amount)), .entryIncremented(habit: habit, day: day, by: amount),
                .entrySkipped(habit: habit, day: day, skipped: amount.thousandths % 2 == 0), .entryReset(habit: habit, day: day),
                .entryNoteSet(habit: habit, day: day, note: "a \"quoted\" note/with slash"), .habitDeleted(id: habit),
            ]
        }
        for change in changes {
            let expected = String(decoding: try encoder.encode(change), as: UTF8.self)
            #expect(try OpLogJSON.text(change) == expected)
            #expect(try JSONDecoder().decode(Change.self, from: Data(try OpLogJSON.text(change).utf8)) == change)
        }
    }
}
