import Foundation
import PostgresNIO
import TendCore
import TendStore

/// The two statements of a check-in batch (PostgresStore+CheckIns.swift), prepared once per
/// connection: parsing and planning their CTEs on every call would be a large part of PostgreSQL's
/// CPU per check-in (docs/performance.md, "Server check-ins and cached Today"). Each calls a
/// function of migration 14, whose queries keep their plans (PostgreSQL would otherwise plan the
/// array-taking queries again on every call).
enum PostgresCheckInStatements {
    /// The owner's revision and latest clock, the batch's habits and days, and which of its
    /// operation ids the log holds (`id owner` pairs). No row: the owner does not exist.
    struct Read: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let name = "tend_check_in_read_v3"
        static let sql = "SELECT * FROM tend_check_in_read($1, $2, $3, $4)"

        var owner: UUID
        var habits: [UUID]
        var days: [Int]
        var operations: [UUID]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(owner)
            bindings.append(habits)
            bindings.append(days)
            bindings.append(operations)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
    }

    /// If the owner's revision is still `revision` (and then bumped): the days' entries as the
    /// batch leaves them (`kept` upserted, `cleared` removed) and an op row per change, in order.
    /// One row: how many owners matched (1 written, 0 the revision moved).
    struct Write: PostgresPreparedStatement {
        typealias Row = Int

        static let name = "tend_check_in_write_v2"
        static let sql = """
            SELECT tend_check_in_write($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
            """

        var owner: UUID
        var revision: Int64
        var kept: [(habit: UUID, day: Int, entry: Entry)]
        var cleared: [(habit: UUID, day: Int)]
        var device: String
        var ids: [UUID]
        var stamps: [String]
        var changes: [String]
        var habitIDs: [String]
        var entryDays: [String]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 16)
            bindings.append(owner)
            bindings.append(revision)
            bindings.append(kept.map(\.habit))
            bindings.append(kept.map(\.day))
            bindings.append(kept.map(\.entry.value.thousandths))
            bindings.append(kept.map(\.entry.isSkipped))
            bindings.append(kept.map { $0.entry.note ?? "" })
            bindings.append(kept.map { $0.entry.note != nil })
            bindings.append(cleared.map(\.habit))
            bindings.append(cleared.map(\.day))
            bindings.append(device)
            bindings.append(ids)
            bindings.append(stamps)
            bindings.append(changes)
            bindings.append(habitIDs)
            bindings.append(entryDays)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Int { try row.decode(Int.self) }
    }
}
