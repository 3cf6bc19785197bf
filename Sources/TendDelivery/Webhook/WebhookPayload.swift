import Foundation
import TendCore

/// What a webhook receives for one reminder firing, in Tend's JSON format:
/// `{"day","emoji","firesAt","habit","habitId","message"}` (keys sorted, so the bytes are the
/// same every time and a receiver's signature check or a test can pin them). ``ntfy(topicURL:actionURL:)``
/// makes the same reminder in ntfy's format.
public struct WebhookPayload: Hashable, Sendable, Codable {
    /// The habit's name.
    public var habit: String
    public var habitId: Habit.ID
    public var emoji: String
    public var message: String
    /// The instant the reminder fired for, ISO 8601 in UTC on the wire.
    public var firesAt: Date
    /// The day the reminder is for (a check-in from it counts for this day, even after midnight).
    public var day: Day

    public init(habit: String, habitId: Habit.ID, emoji: String, message: String, firesAt: Date, day: Day) {
        self.habit = habit
        self.habitId = habitId
        self.emoji = emoji
        self.message = message
        self.firesAt = firesAt
        self.day = day
    }

    private enum CodingKeys: String, CodingKey {
        case habit, habitId, emoji, message, firesAt, day
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        habit = try container.decode(String.self, forKey: .habit)
        habitId = try container.decode(Habit.ID.self, forKey: .habitId)
        emoji = try container.decode(String.self, forKey: .emoji)
        message = try container.decode(String.self, forKey: .message)
        let instant = try container.decode(String.self, forKey: .firesAt)
        guard let date = try? Date.ISO8601FormatStyle().parse(instant) else {
            throw DecodingError.dataCorruptedError(forKey: .firesAt, in: container, debugDescription: "not an ISO 8601 instant")
        }
        firesAt = date
        let text = try container.decode(String.self, forKey: .day)
        guard let day = Day(text) else {
            throw DecodingError.dataCorruptedError(forKey: .day, in: container, debugDescription: "not a YYYY-MM-DD day")
        }
        self.day = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(habit, forKey: .habit)
        try container.encode(habitId, forKey: .habitId)
        try container.encode(emoji, forKey: .emoji)
        try container.encode(message, forKey: .message)
        try container.encode(Self.instant(firesAt), forKey: .firesAt)
        try container.encode(day.iso, forKey: .day)
    }

    /// The JSON body: the bytes `JSONEncoder` writes with `.sortedKeys` and
    /// `.withoutEscapingSlashes` (a test holds the two equal), written directly because a
    /// minute's reminders make one each and the encoder's containers were most of the cost.
    public func json() -> Data {
        var out = JSONOutput(capacity: 160 + habit.utf8.count + message.utf8.count)
        out.raw("{")
        out.key("day")
        out.string(day.iso)
        out.raw(",")
        out.key("emoji")
        out.string(emoji)
        out.raw(",")
        out.key("firesAt")
        out.string(Self.instant(firesAt))
        out.raw(",")
        out.key("habit")
        out.string(habit)
        out.raw(",")
        out.key("habitId")
        out.string(habitId.description)
        out.raw(",")
        out.key("message")
        out.string(message)
        out.raw("}")
        return Data(out.bytes)
    }

    /// The notification's title everywhere: the habit's emoji and name.
    public var title: String { emoji.isEmpty ? habit : "\(emoji) \(habit)" }

    /// `2026-11-24T07:30:00Z`: whole seconds, UTC. The civil date of the UTC day and the time of
    /// day written directly (what `Date.ISO8601FormatStyle` writes; a test compares the two), the
    /// format style only outside years 1970–9999.
    static func instant(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        guard whole >= 0, whole < 253_402_300_800 else {
            return Date(timeIntervalSince1970: whole).formatted(Date.ISO8601FormatStyle())
        }
        let (days, seconds) = Int(whole).quotientAndRemainder(dividingBy: 86_400)
        let zero = UInt8(ascii: "0")
        var time: [UInt8] = [UInt8(ascii: "T")]
        for (index, part) in [seconds / 3600, seconds / 60 % 60, seconds % 60].enumerated() {
            if index > 0 { time.append(UInt8(ascii: ":")) }
            time.append(zero + UInt8(part / 10))
            time.append(zero + UInt8(part % 10))
        }
        time.append(UInt8(ascii: "Z"))
        return Day(ordinal: days).iso + String(decoding: time, as: UTF8.self)
    }
}
