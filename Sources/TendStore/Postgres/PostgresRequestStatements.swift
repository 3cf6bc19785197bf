import Foundation
import PostgresNIO
import TendCore

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

        static let name = "tend_user_by_id_v1"
        static let sql = "SELECT \(PostgresStore.userColumns) FROM users WHERE id = $1"

        var id: UUID

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(id)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> User { try PostgresStore.user(from: row) }
    }
}
