import Foundation

/// The entry changes — nearly every operation of a log or a sync, and imports' thousands of
/// entries — read and written without `JSONDecoder`/`JSONEncoder`, in exactly their JSON (sorted
/// keys, as the stores keep it). Every other change, and any text the fast reader does not expect,
/// goes through the coders, so both paths accept and produce the same.
extension Change {
    /// Decodes a change's JSON text.
    public static func decode(json bytes: [UInt8]) throws -> Change {
        var scanner = JSONScanner(bytes)
        if let change = read(&scanner), scanner.atEnd() { return change }
        return try JSONDecoder().decode(Change.self, from: Data(bytes))
    }

    /// A change at the scanner's position, or `nil` where the coders must decide (the scanner is
    /// then somewhere inside it). Other cases than the entry changes are read by `JSONDecoder`.
    public static func read(_ scanner: inout JSONScanner) -> Change? {
        let start = scanner.position
        guard scanner.consume(UInt8(ascii: "{")), let name = scanner.key() else { return nil }
        let change: Change?
        if name.spells("entriesImported") {
            change = readImport(&scanner)
        } else if let kind = EntryKind(name) {
            change = readEntryChange(kind, &scanner)
        } else {
            // A change of another kind: its whole object goes to the decoder.
            scanner.rewind(to: start)
            guard let bytes = scanner.valueBytes() else { return nil }
            return try? JSONDecoder().decode(Change.self, from: Data(bytes))
        }
        guard let change, scanner.consume(UInt8(ascii: "}")) else { return nil }
        return change
    }

    private enum EntryKind {
        case set, incremented, skipped, reset, noteSet

        init?(_ name: ArraySlice<UInt8>) {
            if name.spells("entrySet") {
                self = .set
            } else if name.spells("entryIncremented") {
                self = .incremented
            } else if name.spells("entrySkipped") {
                self = .skipped
            } else if name.spells("entryReset") {
                self = .reset
            } else if name.spells("entryNoteSet") {
                self = .noteSet
            } else {
                return nil
            }
        }
    }

    private static func readEntryChange(_ kind: EntryKind, _ scanner: inout JSONScanner) -> Change? {
        var habit: Habit.ID?
        var day: Day?
        var number: Amount?
        var flag: Bool?
        var note: String?
        var sawNote = false
        let read = scanner.object { scanner, key in
            if key.spells("habit") {
                guard habit == nil, let id = readID(&scanner) else { return false }
                habit = Habit.ID(rawValue: id)
            } else if key.spells("day") {
                guard day == nil, let parsed = readDay(&scanner) else { return false }
                day = parsed
            } else if (kind == .set && key.spells("value")) || (kind == .incremented && key.spells("by")) {
                guard number == nil, let value = scanner.amount() else { return false }
                number = value
            } else if kind == .skipped && key.spells("skipped") {
                guard flag == nil, let value = scanner.boolean() else { return false }
                flag = value
            } else if kind == .noteSet && key.spells("note") {
                guard !sawNote, let text = scanner.nullableString() else { return false }
                sawNote = true
                note = text
            } else {
                return scanner.skipValue()
            }
            return true
        }
        guard read, let habit, let day else { return nil }
        switch kind {
        case .set: return number.map { .entrySet(habit: habit, day: day, value: $0) }
        case .incremented: return number.map { .entryIncremented(habit: habit, day: day, by: $0) }
        case .skipped: return flag.map { .entrySkipped(habit: habit, day: day, skipped: $0) }
        case .reset: return .entryReset(habit: habit, day: day)
        case .noteSet: return .entryNoteSet(habit: habit, day: day, note: note)
        }
    }

    private static func readImport(_ scanner: inout JSONScanner) -> Change? {
        var habit: Habit.ID?
        var entries: [Entry]?
        let read = scanner.object { scanner, key in
            if key.spells("habit") {
                guard habit == nil, let id = readID(&scanner) else { return false }
                habit = Habit.ID(rawValue: id)
            } else if key.spells("entries") {
                guard entries == nil else { return false }
                var list: [Entry] = []
                guard
                    scanner.array({ scanner in
                        guard let entry = readEntry(&scanner) else { return false }
                        list.append(entry)
                        return true
                    })
                else { return false }
                entries = list
            } else {
                return scanner.skipValue()
            }
            return true
        }
        guard read, let habit, let entries else { return nil }
        return .entriesImported(habit: habit, entries: entries)
    }

    /// An entry as ``Entry/init(from:)`` reads it: `value` and `isSkipped` may be absent.
    static func readEntry(_ scanner: inout JSONScanner) -> Entry? {
        var day: Day?
        var value: Amount?
        var skipped: Bool?
        var note: String?
        var sawNote = false
        let read = scanner.object { scanner, key in
            if key.spells("day") {
                guard day == nil, let parsed = readDay(&scanner) else { return false }
                day = parsed
            } else if key.spells("value") {
                guard value == nil, let number = scanner.amount(), number >= 0 else { return false }
                value = number
            } else if key.spells("isSkipped") {
                guard skipped == nil, let flag = scanner.boolean() else { return false }
                skipped = flag
            } else if key.spells("note") {
                guard !sawNote, let text = scanner.nullableString() else { return false }
                sawNote = true
                note = text
            } else {
                return scanner.skipValue()
            }
            return true
        }
        guard read, let day else { return nil }
        return Entry(day: day, value: value ?? 0, isSkipped: skipped ?? false, note: note)
    }

    private static func readDay(_ scanner: inout JSONScanner) -> Day? {
        scanner.plainStringBytes().flatMap { Day(isoUTF8: $0) }
    }

    private static func readID(_ scanner: inout JSONScanner) -> UUID? {
        scanner.plainStringBytes().flatMap { UUID(utf8: $0) }
    }

    /// The change's JSON as `JSONEncoder` with sorted keys and unescaped slashes writes it, or `nil`
    /// for the changes left to that encoder (all but the entry changes).
    public func writeJSON(to output: inout JSONOutput) -> Bool {
        switch self {
        case .entrySet(let habit, let day, let value):
            Self.writeEntryChange("entrySet", habit, day, &output) {
                $0.key("value")
                $0.amount(value)
            }
        case .entryIncremented(let habit, let day, let by):
            output.raw(#"{"entryIncremented":{"by":"#)
            output.amount(by)
            output.raw(",")
            Self.writeDayAndHabit(habit, day, &output)
            output.raw("}}")
        case .entrySkipped(let habit, let day, let skipped):
            Self.writeEntryChange("entrySkipped", habit, day, &output) {
                $0.key("skipped")
                $0.boolean(skipped)
            }
        case .entryReset(let habit, let day):
            Self.writeEntryChange("entryReset", habit, day, &output, after: nil)
        case .entryNoteSet(let habit, let day, let note):
            Self.writeEntryChange(
                "entryNoteSet", habit, day, &output,
                after: note.map { note in
                    {
                        $0.key("note")
                        $0.string(note)
                    }
                })
        case .entriesImported(let habit, let entries):
            output.raw(#"{"entriesImported":{"entries":["#)
            for (index, entry) in entries.enumerated() {
                if index > 0 { output.raw(",") }
                entry.writeJSON(to: &output)
            }
            output.raw(#"],"habit":""#)
            output.raw(habit.rawValue.text())
            output.raw(#""}}"#)
        default:
            return false
        }
        return true
    }

    /// `{"<name>":{"day":…,"habit":…[,<after>]}}`.
    private static func writeEntryChange(
        _ name: StaticString, _ habit: Habit.ID, _ day: Day, _ output: inout JSONOutput, after: ((inout JSONOutput) -> Void)?
    ) {
        output.raw("{")
        output.key(name)
        output.raw("{")
        writeDayAndHabit(habit, day, &output)
        if let after {
            output.raw(",")
            after(&output)
        }
        output.raw("}}")
    }

    private static func writeDayAndHabit(_ habit: Habit.ID, _ day: Day, _ output: inout JSONOutput) {
        output.raw(#""day":""#)
        output.raw(day.iso)
        output.raw(#"","habit":""#)
        output.raw(habit.rawValue.text())
        output.raw("\"")
    }
}

extension Entry {
    /// `{"day":…,"isSkipped":…,"note":…,"value":…}`, the note only when there is one.
    public func writeJSON(to output: inout JSONOutput) {
        output.raw(#"{"day":""#)
        output.raw(day.iso)
        output.raw(#"","isSkipped":"#)
        output.boolean(isSkipped)
        if let note {
            output.raw(#","note":"#)
            output.string(note)
        }
        output.raw(#","value":"#)
        output.amount(value)
        output.raw("}")
    }
}
