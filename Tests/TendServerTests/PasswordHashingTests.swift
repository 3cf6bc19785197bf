import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendHTTP
import TendSQLite
import TendServer
import TendStore
import Testing

/// Issue 16, finding 9: bcrypt (about 250 ms a hash at cost 12) ran before the registration
/// policy was checked, and hashes queued without bound. A sign-up that must fail now fails
/// before hashing, and a full queue answers 503 at once.
@Suite("Password hashing: the policy first, a bounded queue")
struct PasswordHashingTests {
    /// A store with an owner already (so later sign-ups need an invite), made without bcrypt.
    static func storeWithOwner() async throws -> SQLiteStore {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        _ = try await store.createAccount(
            username: "owner", passwordHash: "not-a-bcrypt-hash", settings: UserSettings(), policy: .open, now: Date())
        return store
    }

    @Test(
        "On a closed server, sign-ups without a usable invite or with a taken name are refused before any hash (cost 20 would take a minute)"
    )
    func policyBeforeHash() async throws {
        let store = try await Self.storeWithOwner()
        // Cost 20: one hash takes over a minute on this machine (8 s at cost 17), so a refusal that
        // hashed first could not answer within the 30 s allowed here; a loaded test run has taken
        // 4.8 s to answer without hashing, so the bound is not tighter.
        try await ServerHarness { $0.bcryptCost = 20 }.run(store: store) { api in
            let cases: [(String, HTTPResponse.Status)] = [
                (#"{"username":"mallory","password":"long enough password"}"#, .forbidden),
                (#"{"username":"mallory","password":"long enough password","invite":"made-up-code"}"#, .forbidden),
            ]
            for (body, status) in cases {
                let clock = ContinuousClock()
                let started = clock.now
                let response = try await api.request(.post, "/api/v1/users", json: body)
                let elapsed = clock.now - started
                try response.expectProblem(status)
                #expect(elapsed < .seconds(30), "\(body): answered after \(elapsed)")
            }
        }
        #expect(try await store.accountCount() == 1)
    }

    @Test("With open registration, a taken username is refused before any hash")
    func takenNameBeforeHash() async throws {
        let store = try await Self.storeWithOwner()
        try await ServerHarness {
            $0.bcryptCost = 20
            $0.openRegistration = true
        }.run(store: store) { api in
            let clock = ContinuousClock()
            let started = clock.now
            let response = try await api.request(.post, "/api/v1/users", json: #"{"username":"OWNER","password":"long enough password"}"#)
            let elapsed = clock.now - started
            try response.expectProblem(.conflict)
            #expect(elapsed < .seconds(30), "answered after \(elapsed)")
        }
    }
}
