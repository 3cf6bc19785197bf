import Foundation
import TendAPI
import TendCore
import TendTestSupport
import Testing

/// The sync request's and answer's own JSON readers and writers against the coders: the same
/// bytes as `JSONEncoder` with sorted keys (the API's answers), the same values as `JSONDecoder`.
@Suite("Sync JSON: requests and answers read and written as the coders do")
struct SyncJSONTests {
    static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    @Test("Requests and answers of every kind of operation, with and without cursor and pull", arguments: [1, 2, 3, 4])
    func agreesWithTheCoders(_ seed: Int) throws {
        let operations = SyncHistory.operations(seed: UInt64(seed), devices: 3, count: 150)
        let requests = [
            SyncRequest(device: "cli-laptop", cursor: nil, operations: operations),
            SyncRequest(device: "web \"é\" /", cursor: "log-1.42", operations: [], pull: false),
            SyncRequest(device: "d", cursor: "x.0", operations: Array(operations.prefix(3)), pull: true),
        ]
        for request in requests {
            let bytes = try request.json()
            #expect(bytes == Array(try Self.encoder.encode(request)))
            #expect(SyncRequest(fastJSON: bytes) == request)
            #expect(try JSONDecoder().decode(SyncRequest.self, from: Data(bytes)) == request)
        }
        let answers = [
            SyncResponse(accepted: 3, duplicates: 1, operations: operations, cursor: "log.9", more: true, reset: false, stored: 9),
            SyncResponse(accepted: 0, duplicates: 0, operations: [], cursor: nil, more: false, reset: true),
            SyncResponse(accepted: 1, duplicates: 0, operations: [], cursor: nil, more: false, reset: false, stored: 4_000_000_000),
        ]
        for answer in answers {
            let bytes = try answer.json()
            #expect(bytes == Array(try Self.encoder.encode(answer)))
            #expect(SyncResponse(fastJSON: bytes) == answer)
        }
    }

    @Test("What the fast reader does not take is left to the decoder")
    func leavesTheRestToTheDecoder() throws {
        let texts = [
            #"{"device":"d"}"#,  // no operations: the decoder says what is missing
            #"{"device":"d","operations":[],"device":"e"}"#,  // a duplicate key
            #"{"device":"d","operations":[{"id":"x"}]}"#,  // an operation the decoder refuses
            #"{"device":"d","operations":[]} trailing"#,
            #"[]"#,
        ]
        for text in texts { #expect(SyncRequest(fastJSON: Array(text.utf8)) == nil, "\(text)") }
        #expect(
            SyncRequest(fastJSON: Array(#" {"device" : "d", "operations" : [ ], "cursor" : null, "extra": {"a":[1]}} "#.utf8))
                == SyncRequest(device: "d", operations: [], decimalAmounts: nil, measurements: nil))
        // Absent, the device is a Tend from before decimal amounts; current ones say they read them.
        #expect(
            SyncRequest(fastJSON: Array(#"{"decimalAmounts":true,"device":"d","measurements":true,"operations":[]}"#.utf8))
                == SyncRequest(device: "d", operations: []))
        #expect(
            try SyncRequest(device: "d", operations: []).json()
                == Array(#"{"decimalAmounts":true,"device":"d","measurements":true,"operations":[]}"#.utf8))
        #expect(
            try SyncRequest(device: "d", operations: []).json()
                == Array(
                    try {
                        let e = JSONEncoder()
                        e.outputFormatting = .sortedKeys
                        return try e.encode(SyncRequest(device: "d", operations: []))
                    }()))
    }
}
