import Foundation
import TendWords

/// What was recorded for one habit on one day.
public struct Entry: Codable, Hashable, Sendable {
    public var day: Day
    /// 0/1 for a checkmark, an amount (up to three decimals) for a count, or whole seconds for a
    /// duration. Never negative.
    public var value: Amount
    /// A planned rest day: neither completes nor breaks a streak.
    public var isSkipped: Bool
    public var note: String?

    public init(day: Day, value: Amount = 0, isSkipped: Bool = false, note: String? = nil) {
        self.day = day
        self.value = value
        self.isSkipped = isSkipped
        self.note = note
    }

    /// An entry that carries nothing (no value, no skip, no note) need not be stored.
    public var isEmpty: Bool { value == 0 && !isSkipped && (note ?? "").isEmpty }

    public static let maximumNoteLength = 10_000

    private enum CodingKeys: String, CodingKey {
        case day, value, isSkipped, note
    }

    /// `value` and `isSkipped` may be absent (0 and false), so entries written by older or
    /// simpler clients still load.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        day = try c.decode(Day.self, forKey: .day)
        value = try c.decodeIfPresent(Amount.self, forKey: .value) ?? 0
        isSkipped = try c.decodeIfPresent(Bool.self, forKey: .isSkipped) ?? false
        note = try c.decodeIfPresent(String.self, forKey: .note)
        guard value >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .value, in: c, debugDescription: t("a value cannot be negative ({value})", ["value": value.description]))
        }
    }
}

extension Entry {
    /// The entry after a change to its day: the one definition of what each entry change does.
    ///
    /// Recording a value above 0 clears a skip; skipping sets the value to 0; a reset clears value
    /// and skip but keeps the note; an empty note is no note. Values never go below 0.
    public func applying(_ change: Change) -> Entry {
        var entry = self
        switch change {
        case .entrySet(_, let day, let value) where day == self.day:
            entry.value = max(0, value)
            if entry.value > 0 { entry.isSkipped = false }
        case .entryIncremented(_, let day, let amount) where day == self.day:
            entry.value = max(0, value + amount)
            if entry.value > 0 { entry.isSkipped = false }
        case .entrySkipped(_, let day, let skipped) where day == self.day:
            entry.isSkipped = skipped
            if skipped { entry.value = 0 }
        case .entryReset(_, let day) where day == self.day:
            entry.value = 0
            entry.isSkipped = false
        case .entryNoteSet(_, let day, let note) where day == self.day:
            entry.note = (note?.isEmpty ?? true) ? nil : note
        default:
            break
        }
        return entry
    }
}
