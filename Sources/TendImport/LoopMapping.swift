import Foundation
import TendCore
import TendStore
import TendWords

/// One habit as Loop Habit Tracker stores it (a `Habits` row or a `Habits.csv` line).
struct LoopHabitRecord: Hashable, Sendable {
    var name: String
    var question: String = ""
    var description: String = ""
    var frequencyNumerator: Int = 1
    var frequencyDenominator: Int = 1
    /// Index into Loop's 20-color palette.
    var colorIndex: Int? = nil
    var position: Int = 0
    var isArchived = false
    /// 0 yes/no, 1 numerical.
    var type: Int = 0
    /// 0 at least, 1 at most.
    var targetType: Int = 0
    var targetValue: Double = 0
    var unit: String = ""
    var reminderHour: Int? = nil
    var reminderMinute: Int? = nil
    /// Bit i set: the reminder rings on weekday i, counted from Saturday (bit 0) to Friday (bit 6).
    var reminderDays: Int = 127
}

/// One repetition (a day's value) as Loop stores it.
struct LoopRepetition: Hashable, Sendable {
    var day: Day
    /// Yes/no habits: 2 yes, 1 automatic yes, 0 no, 3 skip, -1 unknown. Numerical: the amount × 1000.
    var value: Int64
    var notes: String = ""
}

/// Loop's values, palette and frequencies, and how they become Tend's.
enum LoopMapping {
    static let yesManual: Int64 = 2
    static let yesAuto: Int64 = 1
    static let no: Int64 = 0
    static let skip: Int64 = 3
    static let unknown: Int64 = -1

    /// Loop's palette (indexes 0–19, since its schema 21) as `#RRGGBB`.
    static let palette = [
        "#D32F2F", "#E64A19", "#F57C00", "#FF8F00", "#F9A825", "#AFB42B", "#7CB342", "#388E3C", "#00897B", "#00ACC1",
        "#039BE5", "#1976D2", "#303F9F", "#5E35B1", "#8E24AA", "#D81B60", "#5D4037", "#303030", "#757575", "#AAAAAA",
    ]

    /// The nearest Tend color of each Loop palette index, chosen by hand by hue (red, deep orange,
    /// orange, amber, yellow, lime, light green, green, teal, cyan, light blue, blue, indigo, deep
    /// purple, purple, pink, brown, dark grey, grey, light grey).
    static let tendColors: [HabitColor] = [
        .red, .orange, .orange, .orange, .yellow, .green, .green, .green, .mint, .teal,
        .cyan, .blue, .indigo, .purple, .purple, .pink, .brown, .gray, .gray, .gray,
    ]

    /// The Loop palette index written for each Tend color; each maps back to the same color.
    static func paletteIndex(_ color: HabitColor) -> Int {
        switch color {
        case .red: 0
        case .orange: 2
        case .yellow: 4
        case .green: 7
        case .mint: 8
        case .teal: 9
        case .cyan: 10
        case .blue: 11
        case .indigo: 12
        case .purple: 14
        case .pink: 15
        case .brown: 16
        case .gray: 18
        }
    }

    /// Loop schema 21 moved its 12-color palette to 20 colors; older files are renumbered the same way.
    static func modernPaletteIndex(_ index: Int, schemaVersion: Int) -> Int {
        guard schemaVersion < 21 else { return index }
        let moved = [0: 0, 1: 1, 2: 4, 3: 5, 4: 7, 5: 8, 6: 9, 7: 10, 8: 13, 9: 14, 10: 15, 11: 17, 12: 19]
        return moved[index] ?? -1
    }

    /// The palette index of a `#RRGGBB` color (Loop's CSV): exact, or the nearest by RGB distance.
    static func paletteIndex(hex: String) -> Int? {
        guard let target = rgb(hex) else { return nil }
        if let exact = palette.firstIndex(where: { $0.caseInsensitiveCompare(hex.trimmingCharacters(in: .whitespaces)) == .orderedSame }) {
            return exact
        }
        return palette.indices.min { distance(target, rgb(palette[$0])!) < distance(target, rgb(palette[$1])!) }
    }

    private static func rgb(_ hex: String) -> (Int, Int, Int)? {
        let digits = hex.trimmingCharacters(in: .whitespaces).drop { $0 == "#" }
        guard digits.count == 6, let value = Int(digits, radix: 16) else { return nil }
        return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }

    /// Loop's frequency as a Tend schedule: 1/1 (or more) daily, N/7 N per week, N/30 (or /31)
    /// N per month, anything else X in Y days — "every N days" (1/N) included, since Loop counts it
    /// as one check in any N days in a row, not on fixed days.
    static func schedule(numerator: Int, denominator: Int) -> (Schedule, String?) {
        guard numerator > 0, denominator > 0 else {
            return (
                .daily,
                t(
                    "frequency {numerator}/{denominator} is not a frequency, so the habit is daily",
                    ["numerator": String(numerator), "denominator": String(denominator)])
            )
        }
        if numerator >= denominator {
            return (
                .daily,
                numerator > denominator
                    ? t(
                        "frequency {numerator}/{denominator} is more than daily, so the habit is daily",
                        ["numerator": String(numerator), "denominator": String(denominator)]) : nil
            )
        }
        switch denominator {
        case 7: return (.timesPerWeek(numerator), nil)
        case 30, 31: return (.timesPerMonth(numerator), nil)
        case 366...:
            let times = max(1, Int((Double(numerator) * 365 / Double(denominator)).rounded()))
            return (
                .timesInDays(times: times, days: 365),
                t(
                    "frequency {numerator}/{denominator} is longer than a year, so it is {times} in 365 days",
                    ["numerator": String(numerator), "denominator": String(denominator), "times": String(times)])
            )
        default: return (.timesInDays(times: numerator, days: denominator), nil)
        }
    }

    /// A Tend schedule as Loop's frequency (fixed days become their number per week or month).
    static func frequency(_ schedule: Schedule) -> (numerator: Int, denominator: Int) {
        switch schedule {
        case .daily: (1, 1)
        case .weekdays(let days): days.count == 7 ? (1, 1) : (days.count, 7)
        case .daysOfMonth(let days): (days.count, 30)
        case .everyNDays(let interval, _): (1, interval)
        case .timesPerWeek(let times): (times, 7)
        case .timesPerMonth(let times): (times, 30)
        case .timesInDays(let times, let days): (times, days)
        }
    }

    /// Loop's weekday bit for a weekday: Saturday 0, Sunday 1 … Friday 6.
    static func bit(_ weekday: Weekday) -> Int { weekday.rawValue % 7 }

    static func weekdays(fromMask mask: Int) -> Set<Weekday> {
        let all = Set(Weekday.allCases.filter { mask & (1 << bit($0)) != 0 })
        return all.count == 7 ? [] : all
    }

    static func mask(_ weekdays: Set<Weekday>) -> Int {
        weekdays.isEmpty ? 127 : weekdays.reduce(0) { $0 | 1 << bit($1) }
    }

    /// A Tend habit from a Loop habit and its repetitions, with what was adjusted and left out.
    static func habit(
        _ record: LoopHabitRecord, id: Habit.ID, repetitions: [LoopRepetition], today: Day
    ) -> (ImportedHabit, adjustments: [String], skipped: [String], skippedEntries: Int) {
        var adjustments: [String] = []
        var skipped: [String] = []
        let label = "“\(record.name)”"
        let numerical = record.type == 1
        if record.type != 0, record.type != 1 {
            adjustments.append(
                t("{habit}: Loop type {type} is unknown, so it is a yes/no habit", ["habit": label, "type": String(record.type)]))
        }
        let (schedule, scheduleNote) = schedule(numerator: record.frequencyNumerator, denominator: record.frequencyDenominator)
        if let scheduleNote { adjustments.append(t("{habit}: {note}", ["habit": label, "note": scheduleNote])) }

        var color = HabitColor.blue
        if let index = record.colorIndex {
            if tendColors.indices.contains(index) {
                color = tendColors[index]
            } else {
                adjustments.append(
                    t("{habit}: Loop color {color} is not in Loop's palette, so it is blue", ["habit": label, "color": String(index)]))
            }
        }
        let kind: HabitKind = numerical && record.targetType == 1 ? .bad : .good
        var target = Habit.defaultTarget(kind: kind, type: numerical ? .count : .checkmark)
        if numerical {
            let value = record.targetValue
            target = ImportedAmount.nearest(value) ?? (value > 0 ? Amount.maximum : 0)
        }
        var reminders: [Reminder] = []
        if let hour = record.reminderHour, let minute = record.reminderMinute {
            if let time = try? TimeOfDay(hour: hour, minute: minute) {
                var weekdays = weekdays(fromMask: record.reminderDays)
                if record.reminderDays & 127 == 0 {
                    adjustments.append(t("{habit}: the reminder has no weekdays, so it rings every day", ["habit": label]))
                    weekdays = []
                }
                reminders.append(Reminder(id: Reminder.ID(rawValue: StableID.uuid("loop-reminder|\(id)")), time: time, weekdays: weekdays))
            } else {
                adjustments.append(
                    t(
                        "{habit}: reminder time {hour}:{minute} is not a time of day, so it is left out",
                        ["habit": label, "hour": String(hour), "minute": String(minute)]))
            }
        }
        let notes = [record.question, record.description]
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .joined(separator: "\n\n")

        var entries: [Entry] = []
        var automatic = 0
        var unknownValues: [Int64] = []
        for repetition in repetitions {
            let note = repetition.notes.isEmpty ? nil : repetition.notes
            var entry = Entry(day: repetition.day, note: note)
            switch repetition.value {
            case unknown:
                break
            case skip, -skip:
                entry.isSkipped = true
            case _ where numerical:
                // Negative amounts are left to the planner, which reports them with the others.
                // Loop keeps amounts in thousandths, as Tend does: moved over unchanged. Held just
                // beyond the largest amount (no sum of them overflows), a huge one is still above
                // it for the adjuster, which lowers it and says so.
                let bound = Amount.maximum.thousandths + 1
                entry.value = Amount(thousandths: max(min(repetition.value, bound), -bound))
            case yesManual:
                entry.value = 1
            case yesAuto:
                automatic += 1
            case no:
                break
            default:
                unknownValues.append(repetition.value)
                continue
            }
            if !entry.isEmpty { entries.append(entry) }
        }
        if automatic > 0 {
            skipped.append(
                tPlural(
                    "{habit}: {count} automatic checks (YES_AUTO: days Loop fills in from the frequency) are not check-ins, so they are not imported",
                    "{habit}: {count} automatic checks (YES_AUTO: days Loop fills in from the frequency) are not check-ins, so they are not imported",
                    count: automatic, ["habit": label]))
        }
        if !unknownValues.isEmpty {
            skipped.append(
                tPlural(
                    "{habit}: {count} repetitions with values Loop does not define (first: {first}) are not imported",
                    "{habit}: {count} repetitions with values Loop does not define (first: {first}) are not imported",
                    count: unknownValues.count, ["habit": label, "first": String(unknownValues[0])]))
        }
        let createdOn = min(entries.map(\.day).min() ?? today, today)
        let habit = Habit(
            id: id, name: record.name, color: color, notes: notes, kind: kind, type: numerical ? .count : .checkmark,
            target: target, unit: numerical ? record.unit : "", schedule: schedule, reminders: reminders,
            isArchived: record.isArchived, order: record.position, createdOn: createdOn)
        return (ImportedHabit(habit: habit, entries: entries), adjustments, skipped, automatic + unknownValues.count)
    }

    /// The id of a Loop habit: its 32-hex-digit uuid used as is; otherwise one derived from what
    /// identifies it in the file, so that importing the same file again finds it.
    static func habitID(uuid: String?, fallbackKey: String) -> Habit.ID {
        if let uuid, let parsed = StableID.uuid(hex: uuid) { return Habit.ID(rawValue: parsed) }
        if let uuid, !uuid.isEmpty { return Habit.ID(rawValue: StableID.uuid("loop-uuid|\(uuid)")) }
        return Habit.ID(rawValue: StableID.uuid(fallbackKey))
    }

    /// The day of a Loop timestamp (milliseconds at UTC midnight of the local day), or nil when it
    /// is not a plausible day.
    static func day(milliseconds: Int64) -> Day? {
        let seconds = milliseconds / 1000
        // Within Tend's years 0001–9999; the planner decides which days are plausible.
        guard seconds > -62_000_000_000, seconds < 253_000_000_000 else { return nil }
        let days = Int((seconds - (seconds % 86_400 + 86_400) % 86_400) / 86_400)
        return Day(ordinal: days)
    }

    static func milliseconds(_ day: Day) -> Int64 { Int64(day.ordinal) * 86_400_000 }
}
