import Foundation
import PostgresNIO
import TendCore

/// The two statements of a check-in batch (PostgresStore+CheckIns.swift), prepared once per
/// connection: parsing and planning their CTEs was half of PostgreSQL's CPU per check-in
/// (docs/performance.md, "`tend serve`", session 12).
enum PostgresCheckInStatements {
    /// The owner's revision and latest clock, the batch's habits and days, and which of its
    /// operation ids the log holds (`id owner` pairs). No row: the owner does not exist.
    struct Read: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let name = "tend_check_in_read_v1"
        static let sql = """
            SELECT u.revision, (SELECT hlc FROM ops WHERE user_id = $1 ORDER BY hlc DESC LIMIT 1) AS last_hlc,
                   (SELECT array_agg(o.id::text || ' ' || o.user_id::text) FROM ops o WHERE o.id = ANY($4::uuid[])) AS held,
                   p.habit AS wanted_habit, p.day AS wanted_day, \(PostgresStore.habitColumns),
                   e.value AS entry_value, e.is_skipped AS entry_skipped, e.note AS entry_note
            FROM users u
            CROSS JOIN unnest($2::uuid[], $3::bigint[]) AS p(habit, day)
            LEFT JOIN habits h ON h.user_id = u.id AND h.id = p.habit
            LEFT JOIN entries e ON e.user_id = u.id AND e.habit_id = p.habit AND e.day = p.day
            WHERE u.id = $1
            """

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

        static let name = "tend_check_in_write_v1"
        static let sql = """
            WITH owner AS (
                UPDATE users SET revision = revision + 1 WHERE id = $1 AND revision = $2 RETURNING id
            ), put AS (
                INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
                SELECT owner.id, u.habit, u.day, u.value, u.skipped, CASE WHEN u.has_note THEN u.note END
                FROM owner, unnest($3::uuid[], $4::bigint[], $5::bigint[], $6::boolean[], $7::text[], $8::boolean[])
                     AS u(habit, day, value, skipped, note, has_note)
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET
                    value = excluded.value, is_skipped = excluded.is_skipped, note = excluded.note
            ), cleared AS (
                DELETE FROM entries e
                USING owner, unnest($9::uuid[], $10::bigint[]) AS d(habit, day)
                WHERE e.user_id = owner.id AND e.habit_id = d.habit AND e.day = d.day
            ), logged AS (
                INSERT INTO ops (user_id, id, device, hlc, change, habit_id, day)
                SELECT owner.id, o.id, $11, o.hlc, o.change::jsonb, NULLIF(o.habit_id, '')::uuid, NULLIF(o.day, '')::integer
                FROM owner, unnest($12::uuid[], $13::text[], $14::text[], $15::text[], $16::text[])
                     WITH ORDINALITY AS o(id, hlc, change, habit_id, day, n)
                ORDER BY o.n
            )
            SELECT count(*)::bigint FROM owner
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
            bindings.append(kept.map(\.entry.value))
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
