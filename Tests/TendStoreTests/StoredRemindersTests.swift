import Foundation
import PropertyBased
import TendCore
import Testing

@testable import TendStore

/// The stores' fast reader of a habit's `reminders` column answers exactly what `JSONDecoder`
/// answers, for what the stores write and for texts they never write.
@Suite("Stored reminders: the fast reader equals JSONDecoder")
struct StoredRemindersTests {
    static let messages: [String?] = [
        nil, "", "Read", "Zeit für Yoga 🧘", "say \"hi\"", "back\\slash", "line\nbreak", "tab\tin", "/path/", "\u{1}",
    ]
    static let repeats: [(Int, Int)?] = [nil, (5, 1), (240, 12), (30, 3)]

    static let reminder = zip(
        Gen.int(in: 0...1439), Gen.int(in: 0...6).array(of: 0...7), Gen.int(in: 0...(messages.count - 1)),
        Gen.int(in: 0...(repeats.count - 1)), Gen.bool
    ).map { minutes, weekdays, message, repeats, enabled in
        Reminder(
            time: try! TimeOfDay(hour: minutes / 60, minute: minutes % 60), weekdays: Set(weekdays.map { Weekday.allCases[$0] }),
            message: Self.messages[message], isEnabled: enabled, repeatEveryMinutes: Self.repeats[repeats]?.0,
            repeatLimit: Self.repeats[repeats]?.1)
    }

    static func decoded(_ text: String) -> Result<[Reminder], any Error> {
        Result { try JSONDecoder().decode([Reminder].self, from: Data(text.utf8)) }
    }

    static func fast(_ text: String) -> Result<[Reminder], any Error> {
        Result { try StoredReminders.decode(text) }
    }

    @Test("What the stores write reads back equal, with and without the fallback")
    func written() async throws {
        await propertyCheck(count: 300, input: Self.reminder.array(of: 0...5)) { reminders in
            let text = try! StoredJSON.text(reminders)
            #expect((try? StoredReminders.decode(text)) == reminders)
            let direct = text.utf8.withContiguousStorageIfAvailable { bytes -> [Reminder]? in
                var reader = StoredReminders.Reader(bytes: bytes)
                return reader.reminders()
            }
            // Only texts with an escape (a quote, a backslash, a control character) take the fallback.
            if !text.contains("\\") { #expect(direct == .some(reminders)) }
        }
    }

    /// The text PostgreSQL's `jsonb` gives back for `reminders`: keys shortest first (then by
    /// bytes), a space after each `:` and `,`.
    static func jsonbText(_ reminders: [Reminder]) -> String {
        func json(_ value: some Encodable) -> String { String(decoding: try! JSONEncoder().encode(value), as: UTF8.self) }
        let objects = reminders.map { reminder in
            var pairs = [
                ("id", json(reminder.id)), ("time", json(reminder.time)), ("isEnabled", json(reminder.isEnabled)),
                ("weekdays", "[" + reminder.weekdays.sorted().map { json($0) }.joined(separator: ", ") + "]"),
            ]
            if let message = reminder.message { pairs.append(("message", json(message))) }
            if let minutes = reminder.repeatEveryMinutes { pairs.append(("repeatEveryMinutes", json(minutes))) }
            if let limit = reminder.repeatLimit { pairs.append(("repeatLimit", json(limit))) }
            pairs.sort { ($0.0.utf8.count, $0.0) < ($1.0.utf8.count, $1.0) }
            return "{" + pairs.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        return "[" + objects.joined(separator: ", ") + "]"
    }

    @Test("PostgreSQL's jsonb text of what the stores write reads back equal, without the fallback")
    func jsonb() async throws {
        await propertyCheck(count: 300, input: Self.reminder.array(of: 0...5)) { reminders in
            let text = Self.jsonbText(reminders)
            #expect(Self.decodedEquals(text, reminders), "JSONDecoder reads the jsonb text: \(text)")
            #expect((try? StoredReminders.decode(text)) == reminders)
            let direct = text.utf8.withContiguousStorageIfAvailable { bytes -> [Reminder]? in
                var reader = StoredReminders.Reader(bytes: bytes)
                return reader.reminders()
            }
            if !text.contains("\\") { #expect(direct == .some(reminders), "\(text)") }
        }
    }

    static func decodedEquals(_ text: String, _ reminders: [Reminder]) -> Bool {
        (try? JSONDecoder().decode([Reminder].self, from: Data(text.utf8))) == reminders
    }

    @Test("Texts the stores never write: the same reminders as JSONDecoder, or an error where it fails")
    func foreign() throws {
        let id = "0b9e2c3a-4f5d-4e6f-8a7b-9c0d1e2f3a4b"
        let texts = [
            "[{\"id\":\"\(id)\",\"isEnabled\":true,\"time\":\"09:00\",\"weekdays\":[]}]",
            "[{\"id\":\"\(id.uppercased())\",\"isEnabled\":true,\"time\":\"9:00\",\"weekdays\":[\"monday\"]}]",
            "[{\"time\":\"09:00\",\"id\":\"\(id)\",\"isEnabled\":false,\"weekdays\":[\"tue\",\"tue\"]}]",
            "[ {\"id\":\"\(id)\",\"isEnabled\":true,\"time\":\"09:00\",\"weekdays\":[]} ]",
            "[{\"id\":\"\(id)\",\"isEnabled\":true,\"repeatEveryMinutes\":05,\"repeatLimit\":2,\"time\":\"09:00\",\"weekdays\":[]}]",
            "[{\"id\":\"\(id)\",\"isEnabled\":true,\"repeatEveryMinutes\":5.5,\"repeatLimit\":2,\"time\":\"09:00\",\"weekdays\":[]}]",
            "[{\"id\":\"\(id)\",\"isEnabled\":true,\"time\":\"24:00\",\"weekdays\":[]}]",
            "[{\"id\":\"not-an-id\",\"isEnabled\":true,\"time\":\"09:00\",\"weekdays\":[]}]",
            "[{\"id\":\"\(id)\",\"isEnabled\":1,\"time\":\"09:00\",\"weekdays\":[]}]",
            "[{\"id\":\"\(id)\",\"isEnabled\":true,\"time\":\"09:00\",\"weekdays\":[\"xyz\"]}]",
            "[{\"id\":\"\(id)\",\"isEnabled\":true,\"time\":\"09:00\",\"weekdays\":[]}] trailing",
            "[{\"id\":\"\(id)\",\"isEnabled\":true,\"time\":\"09:00\",\"weekdays\":[]},]",
            "[{\"id\":\"\(id)\",\"isEnabled\":true,\"message\":null,\"time\":\"09:00\",\"weekdays\":[]}]",
            "[{\"id\":\"\(id)\",\"isEnabled\":true,\"time\":\"09:00\",\"weekdays\":[],\"extra\":1}]",
            "[{\"id\":\"\(id)\",\"isEnabled\":true,\"time\":\"09:00\"",
            "[{\"id\": \"\(id)\", \"time\": \"07:30\", \"message\": \"Read\", \"weekdays\": [\"mon\", \"fri\"], \"isEnabled\": true}]",
            "[{\"id\": \"\(id)\", \"id\": \"\(id)\", \"time\": \"07:30\", \"weekdays\": [], \"isEnabled\": true}]",
            "[{\"id\": \"\(id)\", \"time\": \"07:30\", \"isEnabled\": true}]",
            "[{\"id\": \"\(id)\", \"time\": \"07:30\", \"weekdays\": [], \"isEnabled\": true, \"repeatLimit\": null}]",
            "\n[ {\"id\" : \"\(id)\" ,\"time\":\"07:30\",\t\"weekdays\" : [ ] , \"isEnabled\" : false } ]\n",
            "", "{}", "[]", "[{}]", "null",
        ]
        for text in texts {
            switch (Self.decoded(text), Self.fast(text)) {
            case (.success(let expected), .success(let read)): #expect(read == expected, "\(text)")
            case (.failure, .failure(let error)): #expect("\(error)".contains("damaged"), "\(text)")
            case (let expected, let read): Issue.record("\(text): JSONDecoder \(expected), fast reader \(read)")
            }
        }
    }
}
