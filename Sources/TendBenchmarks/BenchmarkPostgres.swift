import Foundation
import TendPostgres
import TendStore

/// The PostgreSQL store for benchmarks, from `TEND_TEST_POSTGRES_URL` (set by scripts/with-postgres;
/// run with `TEND_POSTGRES_DURABLE=1` so the cluster keeps fsync and synchronous commit on).
enum BenchmarkPostgres {
    static func connect() async throws -> any TendStore {
        guard let url = ProcessInfo.processInfo.environment["TEND_TEST_POSTGRES_URL"] else {
            throw StoreError.invalid("run through scripts/with-postgres, which sets TEND_TEST_POSTGRES_URL")
        }
        return try await PostgresStore.connect(url: url, device: "bench")
    }
}
