import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendServer
import TendStore
import Testing

@Suite("Accounts: sign-up, tokens, invites, password")
struct AccountTests {
    @Test("The first account is the owner; a second needs an invite (403 without one)")
    func firstAccountIsOwner() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let account = try await api.request(.get, "/api/v1/account", token: ana.token)
            #expect(try account.object()["role"] as? String == "owner")

            let refused = try await api.request(.post, "/api/v1/users", json: #"{"username":"bo","password":"\#(APIClient.password)"}"#)
            try refused.expectProblem(.forbidden)
            let stillOne = try await api.request(
                .post, "/api/v1/tokens", json: #"{"username":"bo","password":"\#(APIClient.password)","name":"x"}"#)
            try stillOne.expectProblem(.unauthorized)
        }
    }

    @Test("An invite lets one person sign up, once; members cannot invite")
    func invites() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let created = try await api.request(.post, "/api/v1/invites", token: ana.token)
            #expect(created.status == .created)
            let code = try #require(try created.object()["code"] as? String)

            let bo = try await api.signUp("bo", invite: code)
            let role = try await api.request(.get, "/api/v1/account", token: bo.token).object()["role"] as? String
            #expect(role == "member")

            let reused = try await api.request(
                .post, "/api/v1/users", json: #"{"username":"cy","password":"\#(APIClient.password)","invite":"\#(code)"}"#)
            try reused.expectProblem(.forbidden)

            let list = try await api.request(.get, "/api/v1/invites", token: ana.token).array()
            #expect(list.count == 1)
            #expect((list.first as? [String: Any])?["used"] as? Bool == true)
            #expect((list.first as? [String: Any])?["code"] == nil)

            try await api.request(.post, "/api/v1/invites", token: bo.token).expectProblem(.forbidden)
            try await api.request(.get, "/api/v1/invites", token: bo.token).expectProblem(.forbidden)
        }
    }

    @Test("A revoked invite no longer works")
    func revokedInvite() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let invite = try await api.request(.post, "/api/v1/invites", token: ana.token).object()
            let id = try #require(invite["id"] as? String)
            let code = try #require(invite["code"] as? String)
            #expect(try await api.request(.delete, "/api/v1/invites/\(id)", token: ana.token).status == .noContent)
            let refused = try await api.request(
                .post, "/api/v1/users", json: #"{"username":"bo","password":"\#(APIClient.password)","invite":"\#(code)"}"#)
            try refused.expectProblem(.forbidden)
        }
    }

    @Test("With --open-registration anyone may sign up")
    func openRegistration() async throws {
        try await ServerHarness { $0.openRegistration = true }.run { api in
            _ = try await api.signUp("ana")
            let bo = try await api.signUp("bo")
            #expect(try await api.request(.get, "/api/v1/account", token: bo.token).object()["role"] as? String == "member")
        }
    }

    @Test(
        "Sign-up refuses bad usernames, short and overlong passwords, unknown zones and taken names",
        arguments: [
            (#"{"username":"a b","password":"long enough pw"}"#, 422),
            (#"{"username":"ana","password":"short"}"#, 422),
            (#"{"username":"ana","password":"long enough pw","timeZone":"Mars/Olympus"}"#, 422),
            (#"{"username":"ana"}"#, 400),
            (#"{"username":1,"password":"long enough pw"}"#, 400),
            (#"{"username":"ana","password":"#, 400),
        ])
    func badSignUps(json: String, status: Int) async throws {
        try await ServerHarness { $0.openRegistration = true }.run { api in
            let response = try await api.request(.post, "/api/v1/users", json: json)
            try response.expectProblem(HTTPResponse.Status(code: status))
            // Nothing was created: the name is still free.
            _ = try await api.signUp("ana")
            try await api.request(.post, "/api/v1/users", json: #"{"username":"ANA","password":"long enough pw"}"#)
                .expectProblem(.conflict)
        }
    }

    @Test("A password of more than 1024 bytes is refused; one of 1024 works and every byte counts")
    func longPasswords() async throws {
        try await ServerHarness { $0.openRegistration = true }.run { api in
            let tooLong = String(repeating: "x", count: 1025)
            try await api.request(.post, "/api/v1/users", json: #"{"username":"ana","password":"\#(tooLong)"}"#)
                .expectProblem(.unprocessableContent)
            let long = String(repeating: "x", count: 1023) + "y"
            let first = #"{"username":"ana","password":"\#(long)","setupCode":"\#(APIClient.setupCode)"}"#
            #expect(try await api.request(.post, "/api/v1/users", json: first).status == .created)
            // Same first 72 (and 1023) bytes, different last byte: refused.
            let almost = String(repeating: "x", count: 1024)
            try await api.request(.post, "/api/v1/tokens", json: #"{"username":"ana","password":"\#(almost)","name":"x"}"#)
                .expectProblem(.unauthorized)
            #expect(
                try await api.request(.post, "/api/v1/tokens", json: #"{"username":"ana","password":"\#(long)","name":"x"}"#).status
                    == .created)
        }
    }

    @Test("Tokens: listed without their secret, the current one marked; a revoked token gets 401")
    func tokens() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let phone = try await api.token("ana", name: "phone")
            let list = try await api.request(.get, "/api/v1/tokens", token: ana.token).array().compactMap { $0 as? [String: Any] }
            #expect(list.count == 2)
            #expect(list.allSatisfy { $0["token"] == nil })
            #expect(list.filter { $0["current"] as? Bool == true }.count == 1)
            let phoneID = try #require(list.first { $0["name"] as? String == "phone" }?["id"] as? String)

            #expect(try await api.request(.get, "/api/v1/habits", token: phone).status == .ok)
            #expect(try await api.request(.delete, "/api/v1/tokens/\(phoneID)", token: ana.token).status == .noContent)
            try await api.request(.get, "/api/v1/habits", token: phone).expectProblem(.unauthorized)
            try await api.request(.delete, "/api/v1/tokens/\(phoneID)", token: ana.token).expectProblem(.notFound)
        }
    }

    @Test("No token, a made-up token or a wrong password: 401 with a problem body")
    func unauthenticated() async throws {
        try await ServerHarness().run { api in
            _ = try await api.signUp("ana")
            let none = try await api.request(.get, "/api/v1/habits")
            try none.expectProblem(.unauthorized)
            #expect(none.headers[.wwwAuthenticate] == "Bearer")
            try await api.request(.get, "/api/v1/habits", token: "not-a-token").expectProblem(.unauthorized)
            try await api.request(.post, "/api/v1/tokens", json: #"{"username":"ana","password":"wrong password","name":"x"}"#)
                .expectProblem(.unauthorized)
            try await api.request(.post, "/api/v1/tokens", json: #"{"username":"nobody","password":"wrong password","name":"x"}"#)
                .expectProblem(.unauthorized)
        }
    }

    @Test("The Authorization header: the scheme in any case, blanks around the token; anything else is 401")
    func authorizationHeaderShapes() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            for accepted in ["Bearer \(ana.token)", "bearer \(ana.token)", "BEARER  \(ana.token) ", "Bearer \t\(ana.token)\t"] {
                let response = try await api.request(.get, "/api/v1/habits", headers: [.authorization: accepted])
                #expect(response.status == .ok, "\(accepted.debugDescription)")
            }
            for refused in [
                "Bearer", "Bearer ", "Bearer  \t ", "Bearer\t\(ana.token)", "Bearerx \(ana.token)", "Basic \(ana.token)",
                "\(ana.token)", "Bearer \(ana.token)x", "Bearér \(ana.token)",
            ] {
                let response = try await api.request(.get, "/api/v1/habits", headers: [.authorization: refused])
                try response.expectProblem(.unauthorized)
            }
        }
    }

    @Test("Changing the password needs the current one; the old one stops working")
    func changePassword() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            try await api.request(
                .put, "/api/v1/account/password", token: ana.token, json: #"{"current":"wrong one!","new":"a new password"}"#
            )
            .expectProblem(.forbidden)
            try await api.request(
                .put, "/api/v1/account/password", token: ana.token, json: #"{"current":"\#(APIClient.password)","new":"short"}"#
            )
            .expectProblem(.unprocessableContent)
            let changed = try await api.request(
                .put, "/api/v1/account/password", token: ana.token, json: #"{"current":"\#(APIClient.password)","new":"a new password"}"#)
            #expect(changed.status == .noContent)
            try await api.request(.post, "/api/v1/tokens", json: #"{"username":"ana","password":"\#(APIClient.password)","name":"x"}"#)
                .expectProblem(.unauthorized)
            #expect(
                try await api.request(.post, "/api/v1/tokens", json: #"{"username":"ana","password":"a new password","name":"x"}"#).status
                    == .created)
        }
    }

    @Test("The owner cannot leave while members remain; a member can")
    func ownerStays() async throws {
        try await ServerHarness { $0.openRegistration = true }.run { api in
            let ana = try await api.signUp("ana")
            let bo = try await api.signUp("bo")
            try await api.request(.delete, "/api/v1/account", token: ana.token, json: #"{"password":"\#(APIClient.password)"}"#)
                .expectProblem(.forbidden)
            #expect(
                try await api.request(.delete, "/api/v1/account", token: bo.token, json: #"{"password":"\#(APIClient.password)"}"#).status
                    == .noContent)
            #expect(
                try await api.request(.delete, "/api/v1/account", token: ana.token, json: #"{"password":"\#(APIClient.password)"}"#).status
                    == .noContent)
        }
    }

    @Test("Deleting the account needs the password and removes everything")
    func deleteAccount() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            _ = try await api.createHabit(ana, #"{"name":"Read"}"#)
            try await api.request(.delete, "/api/v1/account", token: ana.token, json: #"{"password":"wrong password"}"#)
                .expectProblem(.forbidden)
            #expect(try await api.request(.get, "/api/v1/habits", token: ana.token).array().count == 1)
            let deleted = try await api.request(
                .delete, "/api/v1/account", token: ana.token, json: #"{"password":"\#(APIClient.password)"}"#)
            #expect(deleted.status == .noContent)
            try await api.request(.get, "/api/v1/habits", token: ana.token).expectProblem(.unauthorized)
            try await api.request(.post, "/api/v1/tokens", json: #"{"username":"ana","password":"\#(APIClient.password)","name":"x"}"#)
                .expectProblem(.unauthorized)
        }
    }
}

@Suite("Sign-in rate limit")
struct RateLimitTests {
    @Test("The 11th sign-in attempt of a minute gets 429 with Retry-After; a minute later it works")
    func perAccount() async throws {
        // Over a real loopback connection: the peer is the trusted proxy that forwards each address
        let harness = try ServerHarness(live: true) { $0.trustProxy = true }
        try await harness.run { api in
            // Every attempt from another address: the account's own limit applies.
            func from(_ index: Int) -> HTTPFields { [.init("X-Forwarded-For")!: "203.0.113.\(index)"] }
            _ = try await api.signUp("ana")  // its token is the first attempt
            for index in 0..<9 {
                try await api.request(
                    .post, "/api/v1/tokens", json: #"{"username":"ana","password":"wrong password","name":"x"}"#, headers: from(index)
                ).expectProblem(.unauthorized)
            }
            let limited = try await api.request(
                .post, "/api/v1/tokens", json: #"{"username":"ana","password":"\#(APIClient.password)","name":"x"}"#, headers: from(99))
            try limited.expectProblem(.tooManyRequests, code: "rate-limited")
            let retry = try #require(limited.headers[.retryAfter].flatMap { Int($0) })
            #expect((1...60).contains(retry))

            harness.clock.advance(by: 61)
            #expect(
                try await api.request(.post, "/api/v1/tokens", json: #"{"username":"ana","password":"\#(APIClient.password)","name":"x"}"#)
                    .status == .created)
        }
    }

    @Test("Attempts on many accounts from one address are limited too (behind a trusted proxy, per forwarded address)")
    func perAddress() async throws {
        try await ServerHarness(live: true) { $0.trustProxy = true }.run { api in
            let attacker: HTTPFields = [.init("X-Forwarded-For")!: "203.0.113.7"]
            for index in 0..<10 {
                try await api.request(
                    .post, "/api/v1/tokens", json: #"{"username":"user\#(index)","password":"wrong password","name":"x"}"#,
                    headers: attacker
                ).expectProblem(.unauthorized)
            }
            try await api.request(
                .post, "/api/v1/tokens", json: #"{"username":"someone","password":"wrong password","name":"x"}"#, headers: attacker
            ).expectProblem(.tooManyRequests)
            // Another client is not affected.
            try await api.request(
                .post, "/api/v1/tokens", json: #"{"username":"someone","password":"wrong password","name":"x"}"#,
                headers: [.init("X-Forwarded-For")!: "198.51.100.2"]
            ).expectProblem(.unauthorized)
        }
    }
}
