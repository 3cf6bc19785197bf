import Foundation
import HTTPTypes
import HummingbirdTesting
import TendServer
import Testing

/// Text a person gives with a NUL or another control character where one line is meant: 422
/// with a problem body on every store, nothing stored. PostgreSQL's text cannot hold a NUL at
/// all, so before these rules such a name was a 500 there (and stored on SQLite).
@Suite("Control characters in names, units, notes and messages")
struct ControlCharacterTests {
    @Test("A NUL or a control character is refused with 422 and changes nothing", arguments: StoreKind.allCases)
    func refused(kind: StoreKind) async throws {
        try await ServerHarness(kind: kind).run { api in
            let login = try await api.signUp("ana")
            let habit = try await api.createHabit(login, #"{"name":"Read","type":"count","target":3}"#)
            let before = try await api.export(login)
            let requests: [(HTTPRequest.Method, String, String)] = [
                (.post, "/api/v1/habits", #"{"name":"Ru\u0000n"}"#),
                (.post, "/api/v1/habits", #"{"name":"Ru\u0007n"}"#),
                (.post, "/api/v1/habits", #"{"name":"Run","notes":"a\u0000b"}"#),
                (.post, "/api/v1/habits", #"{"name":"Run","type":"count","target":2,"unit":"k\u0001m"}"#),
                (.patch, "/api/v1/habits/\(habit)", #"{"name":"Re\u0000ad"}"#),
                (.patch, "/api/v1/habits/\(habit)", #"{"notes":"\u0000"}"#),
                (.patch, "/api/v1/habits/\(habit)", #"{"unit":"pa\tges"}"#),
                (.put, "/api/v1/habits/\(habit)/days/2025-06-10", #"{"note":"a\u0000b"}"#),
                (.post, "/api/v1/habits/\(habit)/reminders", #"{"time":"08:00","message":"go\u0000"}"#),
                (.post, "/api/v1/routines", #"{"name":"Mor\u0000ning","habitIDs":["\#(habit)"]}"#),
                (.post, "/api/v1/routines", #"{"name":"Mor\nning","habitIDs":["\#(habit)"]}"#),
            ]
            for (method, path, json) in requests {
                let response = try await api.request(method, path, token: login.token, json: json)
                #expect(
                    response.status == .unprocessableContent, "\(method) \(path) \(json): \(response.status) \(response.text.prefix(200))")
                #expect(response.headers[.contentType] == "application/problem+json", "\(path)")
            }
            let token = try await api.request(
                .post, "/api/v1/tokens", json: #"{"username":"ana","password":"\#(APIClient.password)","name":"lap\u0000top"}"#)
            #expect(token.status == .unprocessableContent)
            #expect(try await api.export(login) == before)
            // Multi-line notes stay allowed.
            let notes = try await api.request(.patch, "/api/v1/habits/\(habit)", token: login.token, json: #"{"notes":"one\ntwo\tthree"}"#)
            #expect(notes.status == .ok)
        }
    }
}
