import Foundation

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

    public init(
        id: ID = ID(), time: TimeOfDay, weekdays: Set<Weekday> = [], message: String? = nil, isEnabled: Bool = true
    ) {
        self.id = id
        self.time = time
        self.weekdays = weekdays
        self.message = message
        self.isEnabled = isEnabled
    }

    public static let maximumMessageLength = 200

    private enum CodingKeys: String, CodingKey {
        case id, time, weekdays, message, isEnabled
    }

    /// Weekdays are written in order (`["mon","fri"]`), so the same reminder always encodes the same.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encode(weekdays.sorted(), forKey: .weekdays)
        try c.encodeIfPresent(message, forKey: .message)
        try c.encode(isEnabled, forKey: .isEnabled)
    }

    public func validate() throws(HabitValidationError) {
        if let message, message.count > Reminder.maximumMessageLength {
            throw .reminder("a message is at most \(Reminder.maximumMessageLength) characters")
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
