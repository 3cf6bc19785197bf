import Foundation
import TendCore
import TendStore
import TendWords
import ZIPFoundation

/// Loop Habit Tracker's CSV export: a ZIP holding `Habits.csv` (one line per habit) and, per habit,
/// a folder `NNN Name/` (NNN its position) with `Checkmarks.csv` (`Date,Value,Notes`). Values are
/// `YES_MANUAL`, `YES_AUTO`, `NO`, `SKIP`, `UNKNOWN`, or for numerical habits the amount × 1000.
public enum LoopCSVFormat {
    static let habitsHeader = [
        "Position", "Name", "Type", "Question", "Description", "FrequencyNumerator", "FrequencyDenominator", "Color",
        "Unit", "Target Type", "Target Value", "Archived?", tendHabitColumn,
    ]

    /// Tend's own last column: the habit as Tend JSON (its id, kind, type, target, schedule, emoji,
    /// colour…), which Loop's layout cannot hold. Loop does not read CSV exports back, and readers
    /// that go by column names skip it; Tend reads it back, so that its own Loop export comes back
    /// as it was and, imported again, merges into the same habits instead of copying them.
    static let tendHabitColumn = "Tend Habit"

    /// Whether `data` is a ZIP with a `Habits.csv` at its top.
    static func matches(_ data: Data, limits: ImportLimits) -> Bool {
        guard ZipReader.isZip(data), let zip = try? ZipReader(data, limits: limits) else { return false }
        return zip.paths.contains("Habits.csv")
    }

    static func decode(_ data: Data, limits: ImportLimits, today: Day) throws(ImportError) -> ImportedData {
        let zip = try ZipReader(data, limits: limits)
        guard zip.paths.contains("Habits.csv") else { throw .invalidZip(t("it has no Habits.csv, so it is not a Loop CSV export")) }
        var records: [CSV.Record] = []
        try CSV.parse(try zip.contents(of: "Habits.csv"), file: "Habits.csv", limits: limits) { (record: CSV.Record) throws(ImportError) in
            // The header and one line per habit: refused at the first habit too many.
            try limits.checkCounts(habits: records.count, entries: 0)
            records.append(record)
        }
        guard let first = records.first else { throw .invalidCSV(line: 1, reason: t("Habits.csv is empty")) }
        let header = CSVHeader(first.fields)
        guard header.has("Name") else { throw .invalidCSV(line: first.line, reason: t("Habits.csv has no Name column")) }

        // Each habit's folder starts with its position: "001 Read/Checkmarks.csv".
        var checkmarkFiles: [Int: String] = [:]
        for path in zip.paths where path.hasSuffix("/Checkmarks.csv") {
            let folder = path.dropLast("/Checkmarks.csv".count)
            guard !folder.contains("/"), let number = Int(folder.prefix { $0.isNumber }) else { continue }
            checkmarkFiles[number] = path
        }

        var adjustments: [String] = []
        var skipped: [String] = []
        var skippedEntries = 0
        var habits: [ImportedHabit] = []
        var occurrences: [String: Int] = [:]
        var entryCount = 0
        var parsedCheckmarks: [String: [LoopRepetition]] = [:]
        for record in records.dropFirst() {
            func field(_ names: String...) -> String {
                for name in names where header.has(name) { return header.value(record, name).trimmingCharacters(in: .whitespaces) }
                return ""
            }
            let name = header.value(record, "Name")
            let position = Int(field("Position")) ?? habits.count + 1
            var loop = LoopHabitRecord(name: name)
            loop.position = position - 1
            loop.question = header.value(record, "Question")
            loop.description = header.value(record, "Description")
            loop.frequencyNumerator = Int(field("FrequencyNumerator", "NumRepetitions")) ?? 1
            loop.frequencyDenominator = Int(field("FrequencyDenominator", "Interval")) ?? 1
            let colorText = field("Color")
            if !colorText.isEmpty {
                loop.colorIndex = LoopMapping.paletteIndex(hex: colorText) ?? -1
            }
            loop.type = field("Type").uppercased() == "NUMERICAL" ? 1 : 0
            loop.targetType = field("Target Type").uppercased() == "AT_MOST" ? 1 : 0
            loop.targetValue = Double(field("Target Value")) ?? 0
            loop.unit = header.value(record, "Unit")
            loop.isArchived = field("Archived?").lowercased() == "true"

            let occurrence = occurrences[name, default: 0]
            occurrences[name] = occurrence + 1
            let id = LoopMapping.habitID(uuid: nil, fallbackKey: "loop-csv|\(name)|\(occurrence)")

            var repetitions: [LoopRepetition] = []
            if let path = checkmarkFiles[position] {
                // Habits sharing a position share the folder: it is inflated and parsed once.
                if let read = parsedCheckmarks[path] {
                    repetitions = read
                } else {
                    repetitions = try checkmarks(
                        try zip.contents(of: path), path: path, limits: limits, entriesBefore: entryCount, skipped: &skipped)
                    parsedCheckmarks[path] = repetitions
                }
                entryCount += repetitions.count
                try limits.checkCounts(habits: 0, entries: entryCount)
            }
            var (habit, notes, left, leftCount) = LoopMapping.habit(loop, id: id, repetitions: repetitions, today: today)
            // Tend's own export: the habit as it was (what Loop's columns approximated, and its id).
            if header.has(tendHabitColumn), let tend = Self.tendHabit(header.value(record, tendHabitColumn)) {
                habit.habit = tend
                notes = []
            }
            adjustments += notes
            skipped += left
            skippedEntries += leftCount
            habits.append(habit)
        }
        return ImportedData(format: .loopCSVZip, habits: habits, adjustments: adjustments, skipped: skipped, skippedEntries: skippedEntries)
    }

    /// The habit of a `Tend Habit` cell, or `nil` when the cell is empty or not a habit.
    static func tendHabit(_ text: String) -> Habit? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{") else { return nil }
        return try? JSONDecoder().decode(Habit.self, from: Data(trimmed.utf8))
    }

    /// The repetitions of one `Checkmarks.csv`, refused as soon as they and the `entriesBefore`
    /// of earlier files pass the entry limit. Unreadable lines are counted, and the first quoted.
    private static func checkmarks(
        _ data: Data, path: String, limits: ImportLimits, entriesBefore: Int, skipped: inout [String]
    ) throws(ImportError) -> [LoopRepetition] {
        var header: CSVHeader?
        var repetitions: [LoopRepetition] = []
        var unreadable = 0
        var firstUnreadable = ""
        func skip(_ reason: String) {
            if unreadable == 0 { firstUnreadable = reason }
            unreadable += 1
        }
        try CSV.parse(data, file: path, limits: limits) { (record: CSV.Record) throws(ImportError) in
            guard let header else {
                let first = CSVHeader(record.fields)
                guard first.has("Date"), first.has("Value") else {
                    throw .invalidCSV(line: record.line, reason: t("{file} has no Date and Value columns", ["file": path]))
                }
                header = first
                return
            }
            let dateText = header.value(record, "Date").trimmingCharacters(in: .whitespaces)
            let valueText = header.value(record, "Value").trimmingCharacters(in: .whitespaces)
            guard let day = try? Day(iso: dateText) else {
                skip(t("line {line}: date “{text}”", ["line": String(record.line), "text": String(dateText.prefix(40))]))
                return
            }
            let value: Int64
            switch valueText.uppercased() {
            case "YES_MANUAL": value = LoopMapping.yesManual
            case "YES_AUTO": value = LoopMapping.yesAuto
            case "NO": value = LoopMapping.no
            case "SKIP": value = LoopMapping.skip
            case "UNKNOWN", "": value = LoopMapping.unknown
            default:
                guard let number = Double(valueText), number.isFinite, abs(number) < 9e15 else {
                    skip(t("line {line}: value “{text}”", ["line": String(record.line), "text": String(valueText.prefix(40))]))
                    return
                }
                // Yes/no habits written as numbers use Loop's codes; numerical ones the amount × 1000.
                value = Int64(number.rounded())
            }
            try limits.checkCounts(habits: 0, entries: entriesBefore + repetitions.count + 1)
            repetitions.append(LoopRepetition(day: day, value: value, notes: header.value(record, "Notes")))
        }
        if unreadable > 0 {
            skipped.append(
                tPlural(
                    "{file}: {count} lines cannot be read and are not imported ({first})",
                    "{file}: {count} lines cannot be read and are not imported ({first})", count: unreadable,
                    ["file": path, "first": firstUnreadable]))
        }
        return repetitions
    }

    /// Loop's CSV layout of `state`: `Habits.csv` and `NNN Name/Checkmarks.csv` per habit, zipped.
    ///
    /// What Loop cannot express is mapped: a bad checkmark habit becomes a numerical "at most 0"
    /// habit, a duration a numerical habit counted in seconds, fixed weekdays or days of the month
    /// their number per week or month; emoji, routine times and routines are not part of Loop's
    /// layout. The last column (``tendHabitColumn``) holds the habit as Tend has it, for Tend to
    /// read back.
    public static func encode(_ state: UserState) throws -> Data {
        let habits = state.orderedHabits
        var files: [(String, Data)] = []
        var habitsCSV = CSV.line(habitsHeader)
        for (index, tracked) in habits.enumerated() {
            let habit = tracked.habit
            let numerical = habit.type != .checkmark || habit.kind == .bad
            let (numerator, denominator) = LoopMapping.frequency(habit.schedule)
            let unit = habit.type == .duration ? "seconds" : habit.unit
            let color = LoopMapping.palette[LoopMapping.paletteIndex(habit.color)]
            habitsCSV += CSV.line([
                String(format: "%03d", index + 1), habit.name, numerical ? "NUMERICAL" : "YES_NO", "", habit.notes,
                String(numerator), String(denominator), color, numerical ? unit : "",
                numerical ? (habit.kind == .bad ? "AT_MOST" : "AT_LEAST") : "",
                numerical ? String(habit.target.double) : "", String(habit.isArchived), try Self.tendHabitText(habit),
            ])
            var checkmarks = CSV.line(["Date", "Value", "Notes"])
            for entry in tracked.sortedEntries.reversed() {
                let value: String
                if entry.isSkipped {
                    value = "SKIP"
                } else if numerical {
                    value = String(entry.value.thousandths)
                } else {
                    value = entry.value >= habit.target ? "YES_MANUAL" : "NO"
                }
                checkmarks += CSV.line([entry.day.iso, value, entry.note ?? ""])
            }
            files.append(("\(folderName(habit.name, position: index + 1))/Checkmarks.csv", Data(utf8: checkmarks)))
        }
        files.insert(("Habits.csv", Data(utf8: habitsCSV)), at: 0)

        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, data) in files {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: Date(timeIntervalSince1970: 1_577_836_800),
                compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw ImportError.invalidZip(t("the archive could not be written")) }
        return data
    }

    static func tendHabitText(_ habit: Habit) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(habit), as: UTF8.self)
    }

    /// Loop's folder name: `NNN ` and the name with only letters, digits, space, `.`, `_` and `-`.
    static func folderName(_ name: String, position: Int) -> String {
        let allowed = name.unicodeScalars.filter {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || " ._-".unicodeScalars.contains($0)
        }
        let sane = String(String.UnicodeScalarView(allowed).prefix(100))
        return (String(format: "%03d", position) + " " + sane).trimmingCharacters(in: .whitespaces)
    }
}
