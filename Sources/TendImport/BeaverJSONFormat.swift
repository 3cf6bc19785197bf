import Foundation
import TendCore
import TendStore
import TendWords

/// Beaver Habit Tracker's JSON export: `{"habits": [{"id", "name", "records": [{"day", "done",
/// "text"}], "tags", "status", "period": {"period_type", "period_count", "target_count"}, …}],
/// "order": [ids]}`. Habit ids come from Beaver's own (or the name, for a habit without one), so
/// importing the same export again adds nothing.
enum BeaverJSONFormat {
    private struct File: Decodable {
        var habits: [BeaverHabit]
        var order: [String]?
    }

    private struct BeaverHabit: Decodable {
        var id: String?
        var name: String
        var records: [BeaverRecord]?
        var tags: [String]?
        var status: String?
        var period: Period?
        var star: Bool?
    }

    private struct BeaverRecord: Decodable {
        var day: String
        var done: Bool?
        var text: String?
        var state: String?
    }

    private struct Period: Decodable {
        var periodType: String
        var periodCount: Int
        var targetCount: Int

        enum CodingKeys: String, CodingKey {
            case periodType = "period_type"
            case periodCount = "period_count"
            case targetCount = "target_count"
        }
    }

    /// Just enough to recognise the file: habits with names and records, and none of a Tend
    /// export's `format` and `version`.
    private struct Shape: Decodable {
        var format: String?
        var version: Int?
        var habits: [ShapeHabit]

        struct ShapeHabit: Decodable {
            var name: String
            var records: [ShapeRecord]?
        }

        struct ShapeRecord: Decodable {
            var day: String
        }
    }

    static func matches(_ data: Data) -> Bool {
        guard data.first(where: { !TendJSONFormat.isWhitespace($0) }) == UInt8(ascii: "{") else { return false }
        let limit = ImportLimits.standard.maximumJSONValues
        guard TendJSONFormat.valueCount(data, upTo: limit) <= limit, let shape = try? JSONDecoder().decode(Shape.self, from: data)
        else { return false }
        return shape.format == nil && shape.version == nil
    }

    static func decode(_ data: Data, limits: ImportLimits, today: Day) throws(ImportError) -> ImportedData {
        guard TendJSONFormat.valueCount(data, upTo: limits.maximumJSONValues) <= limits.maximumJSONValues else {
            throw .tooMany(what: "JSON values", limit: limits.maximumJSONValues)
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw .invalidJSON(TendJSONFormat.describe(error))
        }
        try limits.checkCounts(habits: file.habits.count, entries: file.habits.reduce(0) { $0 + ($1.records?.count ?? 0) })
        var text = TextBudget(limit: limits.maximumTextBytes)

        // Beaver's manual order first, the rest in the file's order.
        let position = Dictionary((file.order ?? []).enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = file.habits.enumerated().sorted { a, b in
            let pa = a.element.id.flatMap { position[$0] } ?? Int.max
            let pb = b.element.id.flatMap { position[$0] } ?? Int.max
            return pa != pb ? pa < pb : a.offset < b.offset
        }.map(\.element)

        var habits: [ImportedHabit] = []
        var adjustments: [String] = []
        var unreadable = 0
        var firstUnreadable = ""
        var deleted: [String] = []
        for beaver in ordered {
            let name = try text.take(beaver.name.trimmingCharacters(in: .whitespacesAndNewlines))
            if beaver.status == "soft_delete" {
                deleted.append(name)
                continue
            }
            var entries: [Day: Entry] = [:]
            for record in beaver.records ?? [] {
                guard let day = Day(record.day) else {
                    if unreadable == 0 {
                        firstUnreadable = t("“{text}” of “{habit}” is not a day", ["text": String(record.day.prefix(40)), "habit": name])
                    }
                    unreadable += 1
                    continue
                }
                var note: String?
                if let given = record.text, !given.isEmpty { note = try text.take(given) }
                let entry: Entry
                if record.state?.uppercased() == "SKIPPED" {
                    entry = Entry(day: day, isSkipped: true, note: note)
                } else {
                    entry = Entry(day: day, value: (record.done ?? false) || record.state?.uppercased() == "DONE" ? 1 : 0, note: note)
                }
                if entry.isEmpty { entries[day] = nil } else { entries[day] = entry }
            }
            let sorted = entries.values.sorted { $0.day < $1.day }
            var schedule = Schedule.daily
            if let period = beaver.period {
                let (mapped, note) = Self.schedule(period)
                schedule = mapped
                if let note { adjustments.append(t("“{habit}”: {note}.", ["habit": name, "note": note])) }
            }
            var tags: [String] = []
            for tag in beaver.tags ?? [] where !tag.isEmpty { tags.append(try text.take(tag)) }
            let key = beaver.id.map { "beaver|id|\($0)" } ?? "beaver|name|\(name)"
            let habit = Habit(
                id: Habit.ID(rawValue: StableID.uuid(key)), name: name, schedule: schedule, isArchived: beaver.status == "archive",
                tags: tags, order: habits.count, createdOn: sorted.first?.day ?? today)
            habits.append(ImportedHabit(habit: habit, entries: sorted))
        }
        var skipped: [String] = []
        if !deleted.isEmpty { skipped.append(t("{habits} deleted in Beaver: not imported.", ["habits": ImportedData.listed(deleted)])) }
        if unreadable > 0 {
            skipped.append(
                tPlural(
                    "{count} record(s) could not be read (first: {first}).", "{count} record(s) could not be read (first: {first}).",
                    count: unreadable, ["first": firstUnreadable]))
        }
        return ImportedData(format: .beaverJSON, habits: habits, adjustments: adjustments, skipped: skipped, skippedEntries: unreadable)
    }

    /// `target_count` in `period_count` days, weeks, months or years.
    private static func schedule(_ period: Period) -> (Schedule, String?) {
        let days: Int
        switch period.periodType.uppercased() {
        case "D": days = 1
        case "W": days = 7
        case "M": days = 30
        case "Y": days = 365
        default: return (.daily, t("its period “{period}” is none Tend knows, so the habit is daily", ["period": period.periodType]))
        }
        guard period.periodCount > 0, period.periodCount <= 100, period.targetCount > 0 else {
            return (
                .daily,
                t(
                    "its period {period} is not a frequency, so the habit is daily",
                    ["period": "\(period.targetCount)/\(period.periodCount)\(period.periodType)"])
            )
        }
        return LoopMapping.schedule(numerator: period.targetCount, denominator: days * period.periodCount)
    }
}
