import Foundation
import Synchronization
import TendCore

/// Tokens proven in the last second, by hash: every request of a session or an API client
/// authenticates, and reading the token each time would cost every request a query. The SQL
/// stores keep one each and use it through ``authenticate(hash:now:read:touch:)``.
///
/// What it must never do is accept a token after its revocation. Every revocation made through
/// this store (a token, all of a kind, the user) calls ``forgetAll()`` once the database change is
/// committed; that also starts a new generation, so a token read before the revocation and kept
/// after it is refused. A revocation made by another server instance (PostgreSQL) or process
/// reaches this one within ``lifetime``.
package final class TokenCache: Sendable {
    private struct Kept {
        var token: AuthToken
        var until: ContinuousClock.Instant
    }

    /// How long a token read from the database is trusted without reading it again.
    package let lifetime: Duration
    private let capacity: Int
    private let state = Mutex<(kept: [String: Kept], generation: UInt64)>(([:], 0))

    package init(lifetime: Duration = .seconds(1), capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// After a token, tokens or a user were deleted in the database.
    package func forgetAll() {
        state.withLock { state in
            state.generation &+= 1
            state.kept.removeAll(keepingCapacity: true)
        }
    }

    /// The token of `hash` unexpired at `now` (`nil`: unknown, expired or revoked): from the
    /// cache while it is fresh, else `read` from the database. When its last use is due a
    /// refresh, `touch` writes it and tells whether the token was still there.
    package func authenticate(
        hash: String, now: Date, read: () async throws -> AuthToken?, touch: (AuthToken) async throws -> Bool
    ) async throws -> AuthToken? {
        let (kept, generation) = state.withLock { state in
            (state.kept[hash].flatMap { $0.until > .now ? $0.token : nil }, state.generation)
        }
        var token: AuthToken
        if let kept {
            token = kept
        } else {
            guard let read = try await read() else { return nil }
            token = read
            keep(token, hash: hash, generation: generation)
        }
        guard AccountRules.isUnexpired(token.expiresAt, now: now) else { return nil }
        guard AccountRules.needsLastUsedRefresh(token.lastUsedAt, now: now) else { return token }
        guard try await touch(token) else {  // revoked meanwhile
            forgetAll()
            return nil
        }
        token.lastUsedAt = now
        keep(token, hash: hash, generation: generation)
        return token
    }

    /// Keeps a token read while `generation` was current, unless a revocation came since.
    private func keep(_ token: AuthToken, hash: String, generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.kept.count >= capacity { state.kept.removeAll(keepingCapacity: true) }
            state.kept[hash] = Kept(token: token, until: .now + lifetime)
        }
    }
}
