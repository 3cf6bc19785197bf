import Foundation
import PostgresNIO
import TendCore
import TendStore

/// The reads every request makes before its own (a page's or a cached answer's version, the
/// signed-in user), prepared once per connection: planning them cost more than running them.
enum PostgresRequestStatements {
    /// The owner's latest op-log position (``PostgresStore/latestSequence(_:)``); no row: no such owner.
    struct LatestSequence: PostgresPreparedStatement {
        typealias Row = Int64

        static let name = "tend_latest_sequence_v1"
        static let sql = "SELECT \(PostgresStore.latestSequence("u.id")) FROM users u WHERE u.id = $1"

        var owner: UUID

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(owner)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Int64 { try row.decode(Int64.self) }
    }

    /// A user by id; no row: no such user.
    struct UserByID: PostgresPreparedStatement {
        typealias Row = User

        static let name = "tend_user_by_id_v2"
        static let sql = "SELECT \(PostgresStore.userColumns) FROM users WHERE id = $1"

        var id: UUID

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(id)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> User { try PostgresStore.user(from: row) }
    }

    /// The operations after a held position (at most `limit`, or `limit + 1`: more follow) as
    /// arrays in every row, and a row per active habit their entry changes touched (none when more
    /// follow) with its summary and entries packed from `first` through `through`; one row with
    /// no habit when none was touched; no row: no such owner
    /// (``PostgresStore/operationsAfter(owner:after:limit:window:)``).
    struct OperationsAfter: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let name = "tend_operations_after_v1"
        static let sql = """
            WITH after_ops AS (
                SELECT seq, id, device, hlc, change FROM ops
                WHERE (user_id, seq) > ($1, $2) AND (user_id, seq) <= ($1, \(Int64.max))
                ORDER BY user_id, seq LIMIT $3 + 1
            ), touched AS (
                SELECT (kv.value ->> 'habit')::uuid AS id
                FROM after_ops o, jsonb_each(o.change) AS kv
                WHERE kv.key IN (\(entryChangeKeys)) AND (SELECT count(*) FROM after_ops) <= $3
            )
            SELECT u.revision,
                ARRAY(SELECT seq FROM after_ops ORDER BY seq) AS op_seqs,
                ARRAY(SELECT id FROM after_ops ORDER BY seq) AS op_ids,
                ARRAY(SELECT device FROM after_ops ORDER BY seq) AS op_devices,
                ARRAY(SELECT hlc FROM after_ops ORDER BY seq) AS op_hlcs,
                ARRAY(SELECT change::text FROM after_ops ORDER BY seq) AS op_changes,
                \(PostgresStore.habitColumns), s.rules, s.start, s.codes, p.*
            FROM users u
            LEFT JOIN habits h ON h.user_id = u.id AND NOT h.is_archived AND h.id IN (SELECT id FROM touched)
            LEFT JOIN habit_summaries s ON s.user_id = h.user_id AND s.habit_id = h.id
            LEFT JOIN LATERAL (
                SELECT \(PostgresStore.packedEntries) FROM entries e
                WHERE e.user_id = h.user_id AND e.habit_id = h.id AND e.day BETWEEN $4 AND $5
            ) p ON true
            WHERE u.id = $1
            """

        /// The JSON keys of the changes that set entries (``Change/entriesHabitID``), quoted.
        static let entryChangeKeys = ["entrySet", "entryIncremented", "entrySkipped", "entryReset", "entryNoteSet", "entriesImported"]
            .map { "'\($0)'" }.joined(separator: ", ")

        var owner: UUID
        var after: Int64
        var limit: Int
        var first: Int
        var through: Int

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 5)
            bindings.append(owner)
            bindings.append(after)
            bindings.append(Int64(limit))
            bindings.append(Int32(first))
            bindings.append(Int32(through))
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
    }
}
