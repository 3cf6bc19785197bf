import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import TendStore

/// Deletes expired sessions, API tokens and unfinished provider sign-ins at the start and then every ``interval`` while
/// `tend serve` runs (expired ones are refused on every request anyway; without this, every
/// sign-in would leave a row behind for good). Several instances on one PostgreSQL database each
/// sweep: deleting what is already gone costs one indexed statement.
public final class ExpiredTokenSweeper: Service, Sendable {
    let store: any AccountStore & IdentityStore
    let interval: Duration
    let now: @Sendable () -> Date
    let logger: Logger
    private let count = Atomic<Int>(0)

    public init(
        store: any AccountStore & IdentityStore, interval: Duration = .seconds(3600), now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.store = store
        self.interval = interval
        self.now = now
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            repeat {
                await self.sweep()
            } while (try? await Task.sleep(for: self.interval)) != nil
        }
    }

    /// How many sweeps have run (for tests: idle, one an interval, never a loop).
    package var sweeps: Int { count.load(ordering: .relaxed) }

    /// One sweep; a failure is logged and the next sweep tries again.
    package func sweep() async {
        count.add(1, ordering: .relaxed)
        do {
            let deleted = try await store.deleteExpiredTokens(now: now()) + store.deleteExpiredSignInAttempts(now: now())
            if deleted > 0 { logger.info("deleted expired sessions and tokens", metadata: ["count": "\(deleted)"]) }
        } catch {
            logger.warning("could not delete expired sessions and tokens", metadata: ["error": "\(error)"])
        }
    }
}
