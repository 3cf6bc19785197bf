import Foundation
import TendStore

/// The PostgreSQL store for benchmarks, from `TEND_TEST_POSTGRES_URL` (set by scripts/with-postgres).
enum BenchmarkPostgres {
    static func connect() async throws -> any TendStore {
        guard ProcessInfo.processInfo.environment["TEND_TEST_POSTGRES_URL"] != nil else {
            throw StoreError.invalid("run through scripts/with-postgres, which sets TEND_TEST_POSTGRES_URL")
        }
        throw StoreError.invalid("the PostgreSQL store is not built yet")
    }
}
