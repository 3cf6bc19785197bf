import Foundation
import TendWords

/// A reminder for a habit (Geko: several a day, a message; Undo: enabled or not), at a wall-clock
/// time in the user's zone, on every day or on given weekdays.
public struct Reminder: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = TypedID<Reminder>

    public var id: ID
    public var time: TimeOfDay
    /// Empty means every day.
    public var weekdays: Set<Weekday>
    public var message: String?
    public var isEnabled: Bool
    /// "Until done": minutes between repeats after a delivered firing while the habit is not
    /// done that day (``repeatMinutesRange``); `nil` with ``repeatLimit`` means off.
    public var repeatEveryMinutes: Int?
    /// "Until done": at most this many repeats after the scheduled firing (``repeatLimitRange``).
    public var repeatLimit: Int?

    public init(
        id: ID = ID(), time: TimeOfDay, weekdays: Set<Weekday> = [], message: String? = nil, isEnabled: Bool = true,
        repeatEveryMinutes: Int? = nil, repeatLimit: Int? = nil
    ) {
        self.id = id
        self.time = time
        self.weekdays = weekdays
        self.message = message
        self.isEnabled = isEnabled
        self.repeatEveryMinutes = repeatEveryMinutes
        self.repeatLimit = repeatLimit
    }

    public static let maximumMessageLength = 200
    /// Closer than 5 minutes nags; further than 4 hours apart is another reminder, not a repeat.
    public static let repeatMinutesRange = 5...240
    public static let repeatLimitRange = 1...12

    /// The repeats' interval and count when "until done" is on (both fields set).
    public var repeats: (everyMinutes: Int, limit: Int)? {
        guard let repeatEveryMinutes, let repeatLimit else { return nil }
        return (repeatEveryMinutes, repeatLimit)
    }

    // Absent repeat keys decode as `nil` (off), so reminders stored before they existed still load.
    private enum CodingKeys: String, CodingKey {
        case id, time, weekdays, message, isEnabled, repeatEveryMinutes, repeatLimit
    }

    /// Weekdays are written in order (`["mon","fri"]`), so the same reminder always encodes the same.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encode(weekdays.sorted(), forKey: .weekdays)
        try c.encodeIfPresent(message, forKey: .message)
        try c.encode(isEnabled, forKey: .isEnabled)
        // Written only when on: a reminder without repeats encodes exactly as before they existed.
        try c.encodeIfPresent(repeatEveryMinutes, forKey: .repeatEveryMinutes)
        try c.encodeIfPresent(repeatLimit, forKey: .repeatLimit)
    }

    public func validate() throws(HabitValidationError) {
        if let message, message.count > Reminder.maximumMessageLength {
            throw .reminder(
                tPlural(
                    "a message is at most {count} character", "a message is at most {count} characters",
                    count: Reminder.maximumMessageLength))
        }
        if let message, message.containsNUL { throw .reminder(t("a message cannot hold a NUL character")) }
        switch (repeatEveryMinutes, repeatLimit) {
        case (nil, nil): break
        case (let minutes?, let limit?):
            guard Reminder.repeatMinutesRange.contains(minutes) else {
                throw .reminder(t("repeats are 5 to 240 minutes apart, not {minutes}", ["minutes": String(minutes)]))
            }
            guard Reminder.repeatLimitRange.contains(limit) else {
                throw .reminder(t("a reminder repeats 1 to 12 times, not {limit}", ["limit": String(limit)]))
            }
        default:
            throw .reminder(t("\"until done\" needs both the minutes between repeats and how many"))
        }
    }

    /// Whether the reminder rings on `day`.
    public func fires(on day: Day) -> Bool {
        weekdays.isEmpty || weekdays.contains(day.weekday)
    }

    /// The next `count` instants after `date` at which the reminder fires, in `calendar`'s zone.
    ///
    /// A time that a spring-forward day skips (02:30 when clocks jump 02:00 → 03:00) fires at the
    /// first valid instant after it (03:00); a time that a fall-back day repeats fires once, at its
    /// first occurrence. A disabled reminder never fires.
    public func nextFireDates(after date: Date, count: Int, calendar: TendCalendar) -> [Date] {
        guard isEnabled, count > 0 else { return [] }
        var result: [Date] = []
        var day = calendar.day(for: date).previous  // a day earlier: zones ahead of a skipped day
        var lastFired: Date?
        while result.count < count {
            if fires(on: day) {
                let instant = calendar.firstInstant(on: day, hour: time.hour, minute: time.minute)
                // A skipped civil day maps onto the next day's start; never fire twice at one instant.
                if instant > date, instant != lastFired {
                    result.append(instant)
                    lastFired = instant
                }
            }
            day = day.next
        }
        return result
    }
}
