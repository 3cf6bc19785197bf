import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix
import TendCore
import TendWords

/// Password rules and hashing: bcrypt at the configured cost, computed on NIO's blocking thread
/// pool (a cost-12 hash takes about 250 ms, too long for a task on the cooperative pool).
///
/// bcrypt reads at most 72 bytes and stops at a NUL byte, so a password is first hashed with
/// SHA-256 and bcrypt gets that digest in base64 (44 characters): every byte of a password of up
/// to 1,024 bytes counts, and no two passwords collide by sharing their first 72 bytes.
///
/// Every hash and verification holds a place in `queue` (see ``PasswordQueue``): past its
/// capacity they are refused with 503 rather than queued.
package struct Passwords: Sendable {
    package let cost: UInt8
    package let queue: PasswordQueue

    package init(cost: UInt8, queue: PasswordQueue = PasswordQueue()) {
        self.cost = cost
        self.queue = queue
    }

    package static let minimumLength = 8
    package static let maximumLength = 1024

    /// Checks a new password's length (in characters, at most 1,024 bytes).
    package static func validate(_ password: String) throws(Problem) {
        guard password.count >= minimumLength else {
            throw .invalid(
                tPlural(
                    "a password has at least {count} character", "a password has at least {count} characters", count: minimumLength))
        }
        guard password.utf8.count <= maximumLength else {
            throw .invalid(tPlural("a password has at most {count} byte", "a password has at most {count} bytes", count: maximumLength))
        }
    }

    /// The hash of a random password nobody is told: an account that signs in through a proxy or a
    /// provider, not with a password.
    package func hashOfUnknownPassword() async throws -> String {
        try await hash(Secrets.generate())
    }

    package func hash(_ password: String) async throws -> String {
        let input = Self.prehash(password)
        let cost = cost
        return try await queue.run { try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(input, cost: cost) } }
    }

    package func verify(_ password: String, hash: String) async throws -> Bool {
        guard password.utf8.count <= Self.maximumLength else { return false }
        let input = Self.prehash(password)
        return try await queue.run { try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(input, hash: hash) } }
    }

    /// Spends the time of a verification when there is no account to verify against, so that a
    /// sign-in does not reveal whether a username exists by answering faster.
    package func verifyNothing(_ password: String) async throws {
        let input = Self.prehash(password)
        let cost = cost
        _ = try await queue.run {
            try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(input, hash: Passwords.dummyHashes.hash(cost: cost)) }
        }
    }

    private static let dummyHashes = DummyHashes()

    static func prehash(_ password: String) -> String {
        Data(SHA256.hash(data: Data(utf8: password))).base64EncodedString()
    }
}

/// One throwaway hash per cost, made once.
private final class DummyHashes: Sendable {
    private let hashes = LockedDictionary<UInt8, String>()

    func hash(cost: UInt8) -> String {
        if let hash = hashes[cost] { return hash }
        let hash = Bcrypt.hash(Passwords.prehash(Secrets.generate()), cost: cost)
        hashes[cost] = hash
        return hash
    }
}
