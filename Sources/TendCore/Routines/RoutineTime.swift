import Foundation
import TendWords

/// The part of the day a habit belongs to (Void.'s routine time, plus `anytime`).
public enum RoutineTime: String, Codable, CaseIterable, Hashable, Sendable {
    case morning, day, evening, anytime

    /// Void.'s mapping of the hour: 05:00–10:59 morning, 11:00–17:59 day, 18:00–04:59 evening.
    public init(hour: Int) {
        switch hour {
        case 5...10: self = .morning
        case 11...17: self = .day
        default: self = .evening
        }
    }

    /// Its name as a heading ("Morning") in the current words.
    public var title: String {
        switch self {
        case .morning: t("Morning", context: "routine time")
        case .day: t("Day", context: "routine time")
        case .evening: t("Evening", context: "routine time")
        case .anytime: t("Anytime", context: "routine time")
        }
    }

    /// The routine time at instant `now` in `calendar`'s zone.
    public static func current(at now: Date, in calendar: TendCalendar) -> RoutineTime {
        RoutineTime(hour: calendar.timeOfDay(for: now).hour)
    }

    /// The order in which Today shows groups: the current routine time first, the later parts
    /// of the day after it, `anytime` last.
    public static func displayOrder(startingWith current: RoutineTime) -> [RoutineTime] {
        let cycle: [RoutineTime] = [.morning, .day, .evening]
        guard let index = cycle.firstIndex(of: current) else { return cycle + [.anytime] }
        return (0..<3).map { cycle[(index + $0) % 3] } + [.anytime]
    }

    /// Void.'s filter: the habits of `time`; `anytime` habits belong to every part of the day.
    public func includes(_ habit: Habit) -> Bool {
        habit.routineTime == self || habit.routineTime == .anytime
    }
}
