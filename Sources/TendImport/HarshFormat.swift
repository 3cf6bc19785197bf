import Foundation
import TendCore
import TendStore
import TendWords

/// harsh's plain-text files, read line by line so that its `habits` file, its `log` file, both one
/// after the other, or a ZIP holding both import alike:
///
/// - `habits`: `! Heading` lines, `Name: frequency` lines — `1` daily, `N` once in N days,
///   `X/Y` X times in Y days, `Nw` once in N weeks, `0` tracking only — and `#` comments;
/// - `log`: `YYYY-MM-DD : Name : y|n|s [: comment [: amount]]`.
///
/// Habits get stable ids from their names (importing the same files again adds nothing); a habit
/// only the log names is daily.
enum HarshFormat {
    /// Whether the first line that is not blank or a comment is one of harsh's.
    static func matches(_ data: Data) -> Bool {
        let prefix = String(decoding: data.prefix(4096), as: UTF8.self)
        for raw in prefix.split(whereSeparator: \.isNewline).prefix(50) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("!") { return true }
            if let entry = logLine(line) { return entry.result != nil }
            if let definition = habitLine(line) { return frequency(definition.frequency) != nil }
            return false
        }
        return false
    }

    /// The paths of `habits` and `log` in a ZIP, at its top or in one folder; empty when it has neither.
    static func paths(in zip: ZipReader) -> [String] {
        ["habits", "log"].compactMap { name in
            zip.paths.first { $0 == name || ($0.hasSuffix("/" + name) && $0.split(separator: "/").count == 2) }
        }
    }

    /// `habits` and `log` of a ZIP, inflated each on its own (read one after the other, never joined
    /// into a third copy); `nil` when the ZIP has neither.
    static func files(in zip: ZipReader) throws(ImportError) -> [(name: String, data: Data)]? {
        let paths = paths(in: zip)
        guard !paths.isEmpty else { return nil }
        var files: [(name: String, data: Data)] = []
        for path in paths { files.append((t("harsh's {file}", context: "import file", ["file": path]), try zip.contents(of: path))) }
        return files
    }

    private struct LogLine {
        var day: Day?
        var name: String
        var result: Character?
        var comment: String
        var amount: String
    }

    /// `YYYY-MM-DD : Name : r …` split on harsh's separator, or `nil` for a line that does not start so.
    private static func logLine(_ line: String) -> LogLine? {
        let fields = line.components(separatedBy: " : ")
        guard fields.count >= 3, fields[0].count == 10, fields[0].allSatisfy({ $0.isNumber || $0 == "-" }) else { return nil }
        let resultText = fields[2].trimmingCharacters(in: .whitespaces)
        let result: Character? = ["y", "n", "s"].contains(resultText) ? resultText.first : nil
        // harsh writes only the fields that are not empty, so a fourth field that is a number is the
        // amount of a line without a comment.
        var comment = fields.count > 3 ? fields[3] : ""
        var amount = fields.count > 4 ? fields[4...].joined(separator: " : ") : ""
        if fields.count == 4, Double(comment.trimmingCharacters(in: .whitespaces)) != nil {
            amount = comment
            comment = ""
        }
        return LogLine(
            day: Day(fields[0]), name: fields[1].trimmingCharacters(in: .whitespaces), result: result,
            comment: comment.trimmingCharacters(in: .whitespaces), amount: amount.trimmingCharacters(in: .whitespaces))
    }

    /// `Name: frequency`, split at the last `:`.
    private static func habitLine(_ line: String) -> (name: String, frequency: String)? {
        guard let colon = line.lastIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        return (name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// harsh's frequency as a schedule; `nil` when it is none. Tracking only (`0`) has the daily
    /// schedule (a measurement is never due whatever its schedule).
    private static func frequency(_ text: String) -> (times: Int, days: Int)? {
        if text.hasSuffix("w"), let weeks = Int(text.dropLast()), weeks > 0, weeks <= 520 { return (1, weeks * 7) }
        if let slash = text.firstIndex(of: "/") {
            guard let times = Int(text[..<slash]), let days = Int(text[text.index(after: slash)...]), times > 0, days > 0,
                days <= 3660
            else { return nil }
            return (times, days)
        }
        guard let days = Int(text), days >= 0, days <= 3660 else { return nil }
        return days == 0 ? (0, 0) : (1, days)
    }

    private struct Draft {
        var name: String
        var heading: String?
        var schedule: Schedule = .daily
        /// What fitting the last definition's frequency into Tend's schedules changed: one per
        /// habit, however often the file defines it.
        var scheduleNote: String?
        var defined = false
        var trackingOnly = false
        var entries: [Day: Entry] = [:]
        var largest: Amount = 0
    }

    static func decode(_ data: Data, limits: ImportLimits, today: Day) throws(ImportError) -> ImportedData {
        try decode([(t("the harsh file", context: "import file"), data)], limits: limits, today: today)
    }

    /// Reads `files` (harsh's `habits` and `log`, in that order, or one file holding either) line
    /// by line within `limits`.
    static func decode(_ files: [(name: String, data: Data)], limits: ImportLimits, today: Day) throws(ImportError) -> ImportedData {
        var drafts: [Draft] = []
        var indexByName: [String: Int] = [:]
        var heading: String?
        var entryCount = 0
        var unreadable = 0
        var firstUnreadable = ""
        var rounded = 0
        // Names and notes are held until the end: bounded as a whole like every other format's.
        var text = TextBudget(limit: limits.maximumTextBytes)
        func draft(_ name: String) throws(ImportError) -> Int {
            if let index = indexByName[name] { return index }
            try limits.checkCounts(habits: drafts.count + 1, entries: 0)
            indexByName[name] = drafts.count
            drafts.append(Draft(name: try text.take(name)))
            return drafts.count - 1
        }
        for (file, data) in files {
            // A heading belongs to the habits below it in its own file.
            heading = nil
            try TextLines.forEach(data, file: file, limits: limits) { (number: Int, raw: String) throws(ImportError) in
                let line = raw.trimmingCharacters(in: .whitespaces)
                func skip(_ reason: String) {
                    if unreadable == 0 {
                        firstUnreadable =
                            files.count > 1
                            ? t("line {line} of {file}: {reason}", ["line": String(number), "file": file, "reason": reason])
                            : t("line {line}: {reason}", ["line": String(number), "reason": reason])
                    }
                    unreadable += 1
                }
                if line.isEmpty || line.hasPrefix("#") { return }
                if line.hasPrefix("!") {
                    let name = line.dropFirst().trimmingCharacters(in: .whitespaces)
                    heading = name.isEmpty ? nil : name
                    return
                }
                if let entry = logLine(line) {
                    guard let day = entry.day else {
                        skip(t("“{text}” is not a date", ["text": String(line.prefix(10))]))
                        return
                    }
                    guard !entry.name.isEmpty, let result = entry.result else {
                        skip(t("the result is not y, n or s"))
                        return
                    }
                    var amount: Amount = 0
                    if !entry.amount.isEmpty {
                        guard let (number, wasRounded) = ImportedAmount.parse(entry.amount) else {
                            skip(t("“{text}” is not an amount", ["text": String(entry.amount.prefix(60))]))
                            return
                        }
                        amount = max(0, number)
                        if wasRounded { rounded += 1 }
                    }
                    let index = try draft(entry.name)
                    let note = entry.comment.isEmpty ? nil : try text.take(entry.comment)
                    let recorded: Entry
                    switch result {
                    case "y": recorded = Entry(day: day, value: max(1, amount), note: note)
                    case "s": recorded = Entry(day: day, isSkipped: true, note: note)
                    default: recorded = Entry(day: day, value: 0, note: note)
                    }
                    if recorded.isEmpty {
                        if drafts[index].entries.removeValue(forKey: day) != nil { entryCount -= 1 }
                        return
                    }
                    if drafts[index].entries.updateValue(recorded, forKey: day) == nil {
                        entryCount += 1
                        try limits.checkCounts(habits: 0, entries: entryCount)
                    }
                    drafts[index].largest = max(drafts[index].largest, recorded.value)
                    return
                }
                guard let definition = habitLine(line), let (times, days) = frequency(definition.frequency) else {
                    skip(t("“{text}” is neither a habit, a heading nor a log line", ["text": String(line.prefix(60))]))
                    return
                }
                let index = try draft(definition.name)
                drafts[index].defined = true
                drafts[index].heading = heading
                if times == 0 {
                    drafts[index].trackingOnly = true
                } else {
                    let (schedule, note) = LoopMapping.schedule(numerator: times, denominator: days)
                    drafts[index].schedule = schedule
                    drafts[index].scheduleNote = note
                }
            }
        }
        var adjustments = drafts.compactMap { draft in
            draft.scheduleNote.map { t("“{habit}”: {note}.", ["habit": draft.name, "note": $0]) }
        }
        guard !drafts.isEmpty || unreadable == 0 else {
            throw .invalidData(t("nothing in the harsh file could be read ({first})", ["first": firstUnreadable]))
        }

        var habits: [ImportedHabit] = []
        for (position, draft) in drafts.enumerated() {
            let entries = draft.entries.values.sorted { $0.day < $1.day }
            // Tracking only (frequency 0) is a habit that is only measured: a count, no target.
            let habit = Habit(
                id: Habit.ID(rawValue: StableID.uuid("harsh|\(draft.name)")), name: draft.name,
                kind: draft.trackingOnly ? .measure : .good,
                type: draft.trackingOnly || draft.largest > 1 ? .count : .checkmark, target: draft.trackingOnly ? 0 : 1,
                schedule: draft.schedule, group: draft.heading ?? "",
                order: position,
                createdOn: entries.first?.day ?? today)
            habits.append(ImportedHabit(habit: habit, entries: entries))
        }
        let counted = drafts.filter { $0.largest > 1 && !$0.trackingOnly }.map(\.name)
        if !counted.isEmpty {
            adjustments.append(
                t(
                    "{habits} recorded amounts: imported as count habits with a daily target of 1 (edit the target after the import).",
                    ["habits": ImportedData.listed(counted)]))
        }
        let tracking = drafts.filter(\.trackingOnly).map(\.name)
        if !tracking.isEmpty {
            adjustments.append(
                t(
                    "{habits} are tracking only in harsh (frequency 0): imported as habits that are only measured (no target, never due).",
                    ["habits": ImportedData.listed(tracking)]))
        }
        let undefined = drafts.filter { !$0.defined }.map(\.name)
        if !undefined.isEmpty, drafts.contains(where: \.defined) {
            adjustments.append(t("{habits} appear only in the log: imported as daily habits.", ["habits": ImportedData.listed(undefined)]))
        }
        if rounded > 0 {
            adjustments.append(
                tPlural(
                    "{count} amount(s) with more than three decimals were rounded to thousandths.",
                    "{count} amount(s) with more than three decimals were rounded to thousandths.", count: rounded))
        }
        var skipped: [String] = []
        if unreadable > 0 {
            skipped.append(
                tPlural(
                    "{count} line(s) could not be read (first: {first}).", "{count} line(s) could not be read (first: {first}).",
                    count: unreadable, ["first": firstUnreadable]))
        }
        return ImportedData(format: .harsh, habits: habits, adjustments: adjustments, skipped: skipped, skippedEntries: unreadable)
    }
}
