import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendHTTP
import TendSQLite
import TendServer
import TendStore
import Testing

/// Issue 16, finding 9: bcrypt computations wait on NIO's blocking pool; at most
/// `PasswordQueue.defaultCapacity` (16) may be queued or running, past it 503 at once.
@Suite("Password hashing: a bounded queue")
struct PasswordQueueTests {
    @Test("A full queue refuses at once with 503, Retry-After and a problem body; places are given back")
    func queueBound() async throws {
        let queue = PasswordQueue(capacity: 2)
        try await queue.run {
            try await queue.run {
                #expect(queue.inUse == 2)
                do {
                    try await queue.run { Issue.record("a third place was given") }
                } catch let problem as Problem {
                    #expect(problem.status == .serviceUnavailable)
                    #expect(problem.headers[.retryAfter] == String(PasswordQueue.retryAfterSeconds))
                }
            }
        }
        #expect(queue.inUse == 0)
        #expect(PasswordQueue.defaultCapacity == 16)
        #expect(ServerConfiguration().maximumQueuedPasswordHashes == PasswordQueue.defaultCapacity)
    }

    @Test("Over HTTP: sign-in, token and sign-up answer 503 busy with Retry-After when no place is free")
    func busyOverHTTP() async throws {
        let store = try await PasswordHashingTests.storeWithOwner()
        try await ServerHarness {
            $0.maximumQueuedPasswordHashes = 0
            $0.openRegistration = true
        }.run(store: store) { api in
            let requests: [(String, String)] = [
                ("/api/v1/session", #"{"username":"owner","password":"long enough password"}"#),
                ("/api/v1/tokens", #"{"username":"owner","password":"long enough password","name":"phone"}"#),
                ("/api/v1/users", #"{"username":"newcomer","password":"long enough password"}"#),
            ]
            for (path, body) in requests {
                let response = try await api.request(.post, path, json: body)
                try response.expectProblem(.serviceUnavailable, code: "busy")
                #expect(response.headers[.retryAfter] == String(PasswordQueue.retryAfterSeconds), "\(path)")
            }
        }
        #expect(try await store.accountCount() == 1)
    }
}
