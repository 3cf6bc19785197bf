import HTTPTypes
import Synchronization
import TendWords

/// How many imports this instance runs at once, API and web pages together. An import holds its
/// file on disk and its parsed content in memory (docs/performance.md, "Import"), so one
/// over the limit is refused at once with 503 and `Retry-After` rather than queued: a queue would
/// hold open uploads.
package final class ImportGate: Sendable {
    package let capacity: Int
    private let running = Mutex(0)

    package init(capacity: Int) { self.capacity = capacity }

    /// Imports running now.
    package var count: Int { running.withLock { $0 } }

    /// Runs `body` in one of the slots, or throws a 503 problem when every slot is taken.
    package func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let admitted = running.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard admitted else { throw Self.busy }
        defer { running.withLock { $0 -= 1 } }
        return try await body()
    }

    /// The answer when every slot is taken: try again shortly (in the words of the request).
    package static var busy: Problem {
        Problem(
            .serviceUnavailable, code: "imports-busy",
            detail: t("the server is importing other files right now; try again in a few seconds"),
            headers: [.retryAfter: "5"])
    }
}
