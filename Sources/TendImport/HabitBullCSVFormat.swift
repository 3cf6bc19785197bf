import Foundation
import TendCore
import TendStore
import TendWords

/// HabitBull's CSV export: one line per habit and day,
/// `HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText`, the date as
/// `2017-03-14` or with a time after it (`2017-03-14T00:00:00`). A habit whose values go above 1 is
/// imported as a count habit, comments become notes; habits get stable ids from their names, so
/// importing the same file again adds nothing.
enum HabitBullCSVFormat {
    static let header = ["habitname", "habitdescription", "habitcategory", "calendardate", "value"]

    /// Whether the first line is HabitBull's header (quotes, case and a byte-order mark aside).
    static func matches(_ data: Data) -> Bool {
        var prefix = data.prefix(256)
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { prefix = prefix.dropFirst(3) }
        let line = String(decoding: prefix.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        let columns = line.lowercased().split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        }
        return Array(columns.prefix(header.count)) == header
    }

    private struct Draft {
        var name: String
        var description = ""
        var category = ""
        /// By day: a later line for the same day replaces an earlier one.
        var entries: [Day: Entry] = [:]
        var largest: Amount = 0
    }

    static func decode(_ data: Data, limits: ImportLimits, today: Day) throws(ImportError) -> ImportedData {
        var header: CSVHeader?
        var drafts: [Draft] = []
        var indexByName: [String: Int] = [:]
        var entryCount = 0
        var unreadable = 0
        var firstUnreadable = ""
        var rounded = 0
        var repeated = 0
        try CSV.parse(data, file: t("the HabitBull file", context: "import file"), limits: limits) {
            (record: CSV.Record) throws(ImportError) in
            guard let columns = header else {
                let first = CSVHeader(record.fields)
                guard first.has("HabitName"), first.has("CalendarDate"), first.has("Value") else {
                    throw .invalidCSV(line: record.line, reason: t("the HabitBull file has no HabitName, CalendarDate and Value columns"))
                }
                header = first
                return
            }
            func skip(_ reason: String) {
                if unreadable == 0 { firstUnreadable = t("line {line}: {reason}", ["line": String(record.line), "reason": reason]) }
                unreadable += 1
            }
            let name = columns.value(record, "HabitName").trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return skip(t("no habit name")) }
            let dateText = columns.value(record, "CalendarDate").trimmingCharacters(in: .whitespaces)
            let datePart = String(dateText.prefix { $0 != "T" && $0 != " " })
            guard let day = Day(datePart) else { return skip(t("“{text}” is not a date", ["text": dateText])) }
            let valueText = columns.value(record, "Value").trimmingCharacters(in: .whitespaces)
            guard let (value, wasRounded) = ImportedAmount.parse(valueText.isEmpty ? "0" : valueText) else {
                return skip(t("“{text}” is not a number", ["text": valueText]))
            }
            if wasRounded { rounded += 1 }
            let comment = columns.value(record, "CommentText").trimmingCharacters(in: .whitespacesAndNewlines)

            let index: Int
            if let known = indexByName[name] {
                index = known
            } else {
                try limits.checkCounts(habits: drafts.count + 1, entries: 0)
                index = drafts.count
                indexByName[name] = index
                drafts.append(Draft(name: name))
            }
            if drafts[index].description.isEmpty {
                drafts[index].description = columns.value(record, "HabitDescription").trimmingCharacters(in: .whitespacesAndNewlines)
            }
            if drafts[index].category.isEmpty {
                drafts[index].category = columns.value(record, "HabitCategory").trimmingCharacters(in: .whitespaces)
            }
            let entry = Entry(day: day, value: max(0, value), note: comment.isEmpty ? nil : comment)
            guard !entry.isEmpty else { return }
            if drafts[index].entries.updateValue(entry, forKey: day) != nil {
                repeated += 1
            } else {
                entryCount += 1
                try limits.checkCounts(habits: 0, entries: entryCount)
            }
            drafts[index].largest = max(drafts[index].largest, entry.value)
        }
        guard header != nil else { throw .invalidCSV(line: 1, reason: t("the HabitBull file is empty")) }

        var adjustments: [String] = []
        var habits: [ImportedHabit] = []
        var counted: [String] = []
        for (position, draft) in drafts.enumerated() {
            let entries = draft.entries.values.sorted { $0.day < $1.day }
            let isCount = draft.largest > 1
            if isCount { counted.append(draft.name) }
            let habit = Habit(
                id: Habit.ID(rawValue: StableID.uuid("habitbull|\(draft.name)")), name: draft.name, notes: draft.description,
                type: isCount ? .count : .checkmark, target: 1, group: draft.category, order: position,
                createdOn: entries.first?.day ?? today)
            habits.append(ImportedHabit(habit: habit, entries: entries))
        }
        if !counted.isEmpty {
            adjustments.append(
                t(
                    "{habits} recorded amounts above 1: imported as count habits with a daily target of 1 (HabitBull's file has no goal; edit the target after the import).",
                    ["habits": ImportedData.listed(counted)]))
        }
        if rounded > 0 {
            adjustments.append(
                tPlural(
                    "{count} value(s) with more than three decimals were rounded to thousandths.",
                    "{count} value(s) with more than three decimals were rounded to thousandths.", count: rounded))
        }
        if repeated > 0 {
            adjustments.append(
                tPlural(
                    "{count} line(s) repeated a habit's day: the last one is kept.",
                    "{count} line(s) repeated a habit's day: the last one is kept.",
                    count: repeated))
        }
        var skipped: [String] = []
        if unreadable > 0 {
            skipped.append(
                tPlural(
                    "{count} line(s) could not be read (first: {first}).", "{count} line(s) could not be read (first: {first}).",
                    count: unreadable, ["first": firstUnreadable]))
        }
        return ImportedData(
            format: .habitBullCSV, habits: habits, adjustments: adjustments, skipped: skipped, skippedEntries: unreadable)
    }
}
