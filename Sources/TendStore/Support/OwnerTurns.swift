import Foundation
import Synchronization
import TendCore

/// One turn at a time per owner, for reads that may rebuild the owner's habit summaries: the
/// first read after an import rebuilds them from the whole history (hundreds of milliseconds for
/// ten years), and concurrent reads of the same owner — a page open on two devices, a burst of
/// requests — would each rebuild them. Waiting for the turn, they find the summaries stored by the
/// one before and read a few days each. Other owners never wait.
package final class OwnerTurns: Sendable {
    package init() {}

    private let waiting = Mutex<[User.ID: [CheckedContinuation<Void, Never>]]>([:])

    package func withTurn<T: Sendable>(_ owner: User.ID, _ body: () async throws -> T) async throws -> T {
        await take(owner)
        do {
            let result = try await body()
            pass(owner)
            return result
        } catch {
            pass(owner)
            throw error
        }
    }

    private func take(_ owner: User.ID) async {
        let free = waiting.withLock { waiting -> Bool in
            guard waiting[owner] == nil else { return false }
            waiting[owner] = []
            return true
        }
        if free { return }
        await withCheckedContinuation { continuation in
            let now = waiting.withLock { waiting -> Bool in
                // The turn may have been passed on since the first look.
                guard waiting[owner] != nil else {
                    waiting[owner] = []
                    return true
                }
                waiting[owner]!.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func pass(_ owner: User.ID) {
        let next = waiting.withLock { waiting -> CheckedContinuation<Void, Never>? in
            guard var queue = waiting[owner], !queue.isEmpty else {
                waiting[owner] = nil
                return nil
            }
            let next = queue.removeFirst()
            waiting[owner] = queue
            return next
        }
        next?.resume()
    }
}
