import Synchronization

/// What the trusted header did on this instance, for `/metrics`: requests signed in by it,
/// accounts it created, and requests that carried it from an address that is no trusted proxy
/// (ignored: someone trying to be someone else, or a proxy missing from `--trusted-proxy`).
package final class TrustedHeaderCounts: Sendable {
    private let counts = Mutex<(signIns: Int, signUps: Int, ignored: Int, refused: Int)>((0, 0, 0, 0))

    package init() {}

    package func signedIn() { counts.withLock { $0.signIns += 1 } }
    package func signedUp() { counts.withLock { $0.signUps += 1 } }
    package func ignored() { counts.withLock { $0.ignored += 1 } }
    package func refused() { counts.withLock { $0.refused += 1 } }

    package var snapshot: (signIns: Int, signUps: Int, ignored: Int, refused: Int) { counts.withLock { $0 } }
}
