import Foundation
import TendWords

/// When a habit is meant to be done.
public enum Schedule: Hashable, Sendable {
    /// Every day.
    case daily
    /// On the given weekdays.
    case weekdays(Set<Weekday>)
    /// On the given days of the month (1…31); a day the month lacks means its last day,
    /// so 31 is the 30th in April and 30 is the 28th or 29th in February.
    case daysOfMonth(Set<Int>)
    /// Every `interval` days counted from `start` (which is due).
    case everyNDays(interval: Int, start: Day)
    /// `times` days in each calendar week (the locale's week).
    case timesPerWeek(Int)
    /// `times` days in each calendar month.
    case timesPerMonth(Int)
    /// Loop Habit Tracker's general frequency: `times` days in any `days` consecutive days.
    case timesInDays(times: Int, days: Int)

    /// Loop Habit Tracker's frequency (numerator / denominator) used by the strength score.
    public var frequency: (numerator: Int, denominator: Int) {
        switch self {
        case .daily: (1, 1)
        case .weekdays(let days): (days.count, 7)
        case .daysOfMonth(let days): (days.count, 30)
        case .everyNDays(let interval, _): (1, interval)
        case .timesPerWeek(let times): (times, 7)
        case .timesPerMonth(let times): (times, 30)
        case .timesInDays(let times, let days): (times, days)
        }
    }

    /// Whether the schedule asks for a number of days per period rather than fixed days.
    public var isQuota: Bool {
        switch self {
        case .timesPerWeek, .timesPerMonth, .timesInDays: true
        default: false
        }
    }

    /// Whether `day` is one of the schedule's fixed days. Quota schedules (N per week or month,
    /// X in Y days) have no fixed days: they are due until their count is met (see ``TrackedHabit``).
    public func isScheduled(on day: Day) -> Bool {
        switch self {
        case .daily, .timesPerWeek, .timesPerMonth, .timesInDays:
            return true
        case .weekdays(let days):
            return days.contains(day.weekday)
        case .daysOfMonth(let days):
            let (year, month, dayOfMonth) = day.components
            if days.contains(dayOfMonth) { return true }
            let length = Day.daysInMonth(year: year, month: month)
            return dayOfMonth == length && days.contains { $0 > length }
        case .everyNDays(let interval, let start):
            guard day >= start else { return false }
            return start.days(to: day) % interval == 0
        }
    }

    /// Checks the schedule's numbers.
    public func validate() throws(HabitValidationError) {
        switch self {
        case .daily:
            break
        case .weekdays(let days):
            guard !days.isEmpty else { throw .schedule(t("choose at least one weekday")) }
        case .daysOfMonth(let days):
            guard !days.isEmpty else { throw .schedule(t("choose at least one day of the month")) }
            guard days.allSatisfy({ (1...31).contains($0) }) else {
                throw .schedule(t("days of the month are 1 to 31"))
            }
        case .everyNDays(let interval, _):
            guard (1...365).contains(interval) else { throw .schedule(t("'every N days' needs N from 1 to 365")) }
        case .timesPerWeek(let times):
            guard (1...7).contains(times) else { throw .schedule(t("times per week must be 1 to 7")) }
        case .timesPerMonth(let times):
            guard (1...31).contains(times) else { throw .schedule(t("times per month must be 1 to 31")) }
        case .timesInDays(let times, let days):
            guard (1...365).contains(days) else { throw .schedule(t("'X in Y days' needs Y from 1 to 365")) }
            guard (1...days).contains(times) else { throw .schedule(t("'X in Y days' needs X from 1 to Y")) }
        }
    }
}

// MARK: - Text form

extension Schedule: CustomStringConvertible {
    /// The canonical text form, which ``init(parsing:startingOn:)`` reads back:
    /// `daily`, `mon,wed,fri`, `days 1,15,31`, `every 3 days from 2025-01-06`, `3/week`,
    /// `2/month`, `3 in 7 days`.
    public var description: String {
        switch self {
        case .daily:
            return "daily"
        case .weekdays(let days):
            return days.sorted().map(\.code).joined(separator: ",")
        case .daysOfMonth(let days):
            return "days " + days.sorted().map(String.init).joined(separator: ",")
        case .everyNDays(let interval, let start):
            return "every \(interval) days from \(start.iso)"
        case .timesPerWeek(let times):
            return "\(times)/week"
        case .timesPerMonth(let times):
            return "\(times)/month"
        case .timesInDays(let times, let days):
            return "\(times) in \(days) days"
        }
    }

    /// Parses a schedule as a person types it.
    ///
    /// Accepted (case-insensitive): `daily`, `every day`; `weekdays` (mon–fri), `weekends`,
    /// `mon,wed,fri`; `days 1,15,31`; `every 3 days` (from `start`), `every 3 days from 2025-01-06`,
    /// `every other day`; `3/week`, `3x week`, `3 times a week`; `2/month`, `2 times per month`;
    /// `3 in 7 days`, `3/7`.
    public init(parsing text: String, startingOn start: Day) throws(HabitValidationError) {
        let words = text.lowercased()
            .replacingOccurrences(of: ",", with: " , ")
            .split(whereSeparator: \.isWhitespace)
            .map(String.init)
        let joined = words.joined(separator: " ")
        let schedule: Schedule
        func int(_ word: String) -> Int? { Int(word) }

        if ["daily", "every day", "everyday"].contains(joined) {
            schedule = .daily
        } else if joined == "weekdays" {
            schedule = .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])
        } else if joined == "weekends" {
            schedule = .weekdays([.saturday, .sunday])
        } else if joined == "every other day" {
            schedule = .everyNDays(interval: 2, start: start)
        } else if words.first == "days" || words.first == "day" {
            let numbers = words.dropFirst().filter { $0 != "," }
            let days = numbers.compactMap(int)
            guard !numbers.isEmpty, days.count == numbers.count else {
                throw .schedule(t("expected days of the month like 'days 1,15,31', got '{text}'", ["text": text]))
            }
            schedule = .daysOfMonth(Set(days))
        } else if words.first == "every", words.count >= 3, let interval = int(words[1]),
            ["days", "day"].contains(words[2])
        {
            var anchor = start
            if words.count == 5, words[3] == "from" || words[3] == "starting" {
                do {
                    anchor = try Day(iso: words[4])
                } catch {
                    throw .schedule(error.description)
                }
            } else if words.count != 3 {
                throw .schedule(t("expected 'every N days' or 'every N days from YYYY-MM-DD', got '{text}'", ["text": text]))
            }
            schedule = .everyNDays(interval: interval, start: anchor)
        } else if let quota = Schedule.parseQuota(words) {
            schedule = quota
        } else {
            let names = words.filter { $0 != "," }
            let weekdays = names.compactMap(Weekday.init(code:))
            guard !names.isEmpty, weekdays.count == names.count else {
                throw .schedule(
                    t(
                        "'{text}' is not a schedule: try daily, mon,wed,fri, days 1,15, every 3 days, 3/week, 2/month or 3 in 7 days",
                        ["text": text]))
            }
            schedule = .weekdays(Set(weekdays))
        }
        try schedule.validate()
        self = schedule
    }

    /// `3/week`, `3x week`, `3 times a week`, `3 per week`, `2/month`, `3 in 7 days`, `3/7`.
    private static func parseQuota(_ words: [String]) -> Schedule? {
        var tokens: [String] = []
        for word in words {
            // Split "3/week" and "3x" into separate tokens.
            var current = ""
            for character in word {
                if character == "/" {
                    if !current.isEmpty { tokens.append(current) }
                    tokens.append("/")
                    current = ""
                } else {
                    current.append(character)
                }
            }
            if !current.isEmpty { tokens.append(current) }
        }
        tokens = tokens.map { token in
            token.hasSuffix("x") && Int(token.dropLast()) != nil ? String(token.dropLast()) : token
        }
        let fillers: Set<String> = ["x", "times", "time", "a", "per", "each", "every", "/", "in"]
        guard let times = tokens.first.flatMap({ Int($0) }) else { return nil }
        let rest = tokens.dropFirst()
        if rest.contains("in") || (rest.count == 2 && rest.first == "/" && Int(rest.last!) != nil) {
            // "3 in 7 days" or "3/7"
            let numbers = rest.compactMap { Int($0) }
            let others = rest.filter { Int($0) == nil && !fillers.contains($0) && $0 != "days" && $0 != "day" }
            guard numbers.count == 1, others.isEmpty else { return nil }
            return .timesInDays(times: times, days: numbers[0])
        }
        let meaningful = rest.filter { !fillers.contains($0) }
        guard meaningful.count == 1 else { return nil }
        switch meaningful[0] {
        case "week", "weekly", "wk", "w": return .timesPerWeek(times)
        case "month", "monthly", "mo", "m": return .timesPerMonth(times)
        default: return nil
        }
    }
}

// MARK: - JSON form

extension Schedule: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, weekdays, days, interval, start, times
    }

    private enum Kind: String, Codable {
        case daily, weekdays, daysOfMonth, everyNDays, timesPerWeek, timesPerMonth, timesInDays
    }

    /// `{"type":"daily"}`, `{"type":"weekdays","weekdays":["mon","fri"]}`,
    /// `{"type":"daysOfMonth","days":[1,15]}`, `{"type":"everyNDays","interval":3,"start":"2025-01-06"}`,
    /// `{"type":"timesPerWeek","times":3}`, `{"type":"timesPerMonth","times":2}`,
    /// `{"type":"timesInDays","times":3,"days":7}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .daily:
            self = .daily
        case .weekdays:
            self = .weekdays(Set(try container.decode([Weekday].self, forKey: .weekdays)))
        case .daysOfMonth:
            self = .daysOfMonth(Set(try container.decode([Int].self, forKey: .days)))
        case .everyNDays:
            self = .everyNDays(
                interval: try container.decode(Int.self, forKey: .interval),
                start: try container.decode(Day.self, forKey: .start))
        case .timesPerWeek:
            self = .timesPerWeek(try container.decode(Int.self, forKey: .times))
        case .timesPerMonth:
            self = .timesPerMonth(try container.decode(Int.self, forKey: .times))
        case .timesInDays:
            self = .timesInDays(
                times: try container.decode(Int.self, forKey: .times),
                days: try container.decode(Int.self, forKey: .days))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .daily:
            try container.encode(Kind.daily, forKey: .type)
        case .weekdays(let days):
            try container.encode(Kind.weekdays, forKey: .type)
            try container.encode(days.sorted(), forKey: .weekdays)
        case .daysOfMonth(let days):
            try container.encode(Kind.daysOfMonth, forKey: .type)
            try container.encode(days.sorted(), forKey: .days)
        case .everyNDays(let interval, let start):
            try container.encode(Kind.everyNDays, forKey: .type)
            try container.encode(interval, forKey: .interval)
            try container.encode(start, forKey: .start)
        case .timesPerWeek(let times):
            try container.encode(Kind.timesPerWeek, forKey: .type)
            try container.encode(times, forKey: .times)
        case .timesPerMonth(let times):
            try container.encode(Kind.timesPerMonth, forKey: .type)
            try container.encode(times, forKey: .times)
        case .timesInDays(let times, let days):
            try container.encode(Kind.timesInDays, forKey: .type)
            try container.encode(times, forKey: .times)
            try container.encode(days, forKey: .days)
        }
    }
}
