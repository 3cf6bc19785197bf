import Foundation
import TendAPI
import TendCore
import TendStore

/// JSON output: sorted keys, stable names (documented in docs/cli.md), `null` for absent values.
enum JSONPrinter {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: collapsingEmptyContainers(try encoder.encode(value)), as: UTF8.self)
    }

    /// `[]` and `{}` for empty arrays and objects, which Foundation's pretty printer on Linux writes
    /// as a bracket, a blank line and the closing bracket. Outside strings only (a string holds
    /// no raw line break, but its brackets are text).
    static func collapsingEmptyContainers(_ json: Data) -> Data {
        let bytes = [UInt8](json)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var strings = JSONStringState()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            output.append(byte)
            index += 1
            guard strings.isOutsideStrings(byte), byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { continue }
            let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            var next = index
            while next < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == close {
                output.append(close)
                index = next + 1
            }
        }
        return Data(output)
    }
}

/// A habit as `--json` shows it.
struct HabitJSON: Encodable {
    var id: String
    var name: String
    var emoji: String
    var color: String
    var notes: String
    var kind: String
    var type: String
    /// A JSON number: up to three decimals for a count (2.5).
    var target: Amount
    /// What a tap adds to a count (1 unless chosen; 1 for other types).
    var step: Amount
    var unit: String
    var schedule: String
    var routineTime: String
    /// Reminder times, `HH:MM`.
    var reminders: [String]
    var isArchived: Bool
    /// The group's name, `null` for none.
    @NullWhenAbsent var group: String?
    var tags: [String]
    var order: Int
    var createdOn: String
    /// The first and last day the habit is due, `null` for none.
    @NullWhenAbsent var startsOn: String?
    @NullWhenAbsent var endsOn: String?
    /// The habit's pauses, each `{"start", "end"}` (`end` `null`: until resumed).
    var pauses: [PauseJSON]

    struct PauseJSON: Encodable {
        var start: String
        @NullWhenAbsent var end: String?
    }

    /// The rules the habit had before its current one, oldest first: each judged the days through
    /// `through` (docs/domain.md, "Changes from a day").
    var versions: [VersionJSON]

    struct VersionJSON: Encodable {
        var through: String
        var kind: String
        var type: String
        var target: Amount
        var schedule: String
    }

    init(_ habit: Habit) {
        id = habit.id.description
        name = habit.name
        emoji = habit.emoji
        color = habit.color.rawValue
        notes = habit.notes
        kind = habit.kind.rawValue
        type = habit.type.rawValue
        target = habit.target
        step = habit.step
        unit = habit.unit
        schedule = habit.schedule.description
        routineTime = habit.routineTime.rawValue
        reminders = habit.reminders.map(\.time.description)
        isArchived = habit.isArchived
        group = habit.group.isEmpty ? nil : habit.group
        tags = habit.tags
        order = habit.order
        createdOn = habit.createdOn.iso
        startsOn = habit.startsOn?.iso
        endsOn = habit.endsOn?.iso
        pauses = habit.pauses.map { PauseJSON(start: $0.start.iso, end: $0.end?.iso) }
        versions = habit.versions.map {
            VersionJSON(
                through: $0.through.iso, kind: $0.rule.kind.rawValue, type: $0.rule.type.rawValue, target: $0.rule.target,
                schedule: $0.rule.schedule.description)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, emoji, color, notes, kind, type, target, step, unit, schedule, routineTime, reminders, isArchived, group, tags,
            order, createdOn, startsOn, endsOn, pauses, versions
    }
}

/// One day of one habit as `--json` shows it.
struct DayJSON: Encodable {
    var habit: String
    var name: String
    var day: String
    var value: Amount
    var target: Amount
    var progress: Double
    var skipped: Bool
    @NullWhenAbsent var note: String?
    var status: String

    init(_ tracked: TrackedHabit, day: Day, today: Day, calendar: TendCalendar) {
        habit = tracked.id.description
        name = tracked.habit.name
        self.day = day.iso
        value = tracked.completionCount(on: day)
        target = tracked.habit.target
        progress = tracked.completionProgress(on: day)
        skipped = tracked.isSkipped(on: day)
        note = tracked.note(on: day)
        status = tracked.status(on: day, today: today, calendar: calendar).rawValue
    }

    enum CodingKeys: String, CodingKey { case habit, name, day, value, target, progress, skipped, note, status }
}

/// A grid cell as `--json` shows it.
struct CellJSON: Encodable {
    var day: String
    var status: String
    var value: Amount
    var progress: Double
    var inMonth: Bool
    var future: Bool

    init(_ cell: DayCell) {
        day = cell.day.iso
        status = cell.status.rawValue
        value = cell.value
        progress = cell.progress
        inMonth = cell.isInMonth
        future = cell.isFuture
    }
}
