import Foundation
import TendWords

/// A habit: what to do (or avoid), how it is measured and when it is due. Its entries live
/// beside it in ``TrackedHabit``.
public struct Habit: Identifiable, Hashable, Sendable {
    /// A habit's identity, distinct from every other kind of id.
    public typealias ID = TypedID<Habit>

    public var id: ID
    public var name: String
    /// One emoji shown beside the name (Geko).
    public var emoji: String
    public var color: HabitColor
    public var notes: String
    /// Build (`good`: reach the target) or quit/limit (`bad`: stay at or under it).
    public var kind: HabitKind
    /// Yes/no, a count with a unit, or a duration in seconds.
    public var type: HabitType
    /// Per day: 1 for a good checkmark, 0 for a bad one; an amount (up to three decimals, 2.5 km);
    /// or whole seconds.
    public var target: Amount
    /// What a count counts ("glasses"); empty for checkmarks and durations.
    public var unit: String
    /// How much one press of + or − adds to a count (0.25 l); 1 unless chosen. Checkmarks and
    /// durations ignore it (a duration's tap adds a minute).
    public var step: Amount
    public var schedule: Schedule
    public var routineTime: RoutineTime
    public var reminders: [Reminder]
    public var isArchived: Bool
    /// The name of the habit's group (an area of life, see ``HabitGroup``), or empty for none.
    public var group: String
    /// Short labels, normalized by ``HabitTags/normalized(_:)``.
    public var tags: [String] {
        // Kept normalized however they are set, so equal sets compare and encode equal.
        didSet { tags = HabitTags.normalized(tags) }
    }
    /// Position in the user's manual order (ascending).
    public var order: Int
    public var createdOn: Day
    /// The first day the habit is due (a habit that begins next Monday); `nil`: from its history's
    /// start. Days before it are not due.
    public var startsOn: Day?
    /// The last day the habit is due (a 30-day challenge); `nil`: no end. After it the habit is
    /// *finished*: off Today, its figures those of its last day.
    public var endsOn: Day?
    /// Stretches of rest (``HabitPause``), in order, none overlapping.
    public var pauses: [HabitPause]
    /// The rules the habit had before its current one (``HabitVersion``), in order: a change that
    /// applied from a day left the days before judged as they were.
    public var versions: [HabitVersion]

    /// A habit with every attribute; the defaults make a daily good checkmark habit.
    public init(
        id: ID = ID(),
        name: String,
        emoji: String? = nil,
        color: HabitColor = .blue,
        notes: String = "",
        kind: HabitKind = .good,
        type: HabitType = .checkmark,
        target: Amount? = nil,
        unit: String = "",
        step: Amount = Habit.defaultStep,
        schedule: Schedule = .daily,
        routineTime: RoutineTime = .anytime,
        reminders: [Reminder] = [],
        isArchived: Bool = false,
        group: String = "",
        tags: [String] = [],
        order: Int = 0,
        createdOn: Day,
        startsOn: Day? = nil,
        endsOn: Day? = nil,
        pauses: [HabitPause] = [],
        versions: [HabitVersion] = []
    ) {
        self.id = id
        self.name = name
        self.emoji = emoji ?? Habit.defaultEmoji(for: kind)
        self.color = color
        self.notes = notes
        self.kind = kind
        self.type = type
        self.target = target ?? Habit.defaultTarget(kind: kind, type: type)
        self.unit = unit
        self.step = step
        self.schedule = schedule
        self.routineTime = routineTime
        self.reminders = reminders
        self.isArchived = isArchived
        self.group = group.trimmingCharacters(in: .whitespacesAndNewlines)
        self.tags = HabitTags.normalized(tags)
        self.order = order
        self.createdOn = createdOn
        self.startsOn = startsOn
        self.endsOn = endsOn
        self.pauses = pauses.sorted()
        self.versions = versions.sorted()
    }

    /// Whether the habit's end has passed on `today`: it is finished.
    public func isFinished(today: Day) -> Bool { endsOn.map { $0 < today } ?? false }

    /// Whether `day` lies between the habit's start and end dates (each where set).
    public func isWithinDates(_ day: Day) -> Bool {
        (startsOn.map { day >= $0 } ?? true) && (endsOn.map { day <= $0 } ?? true)
    }

    /// `day`, or the habit's end when `day` is after it: a finished habit is judged as of its end.
    public func judgedDay(_ day: Day) -> Day { endsOn.map { min(day, $0) } ?? day }

    /// A good habit's emoji when none is chosen (and what data without one reads as).
    public static let defaultEmoji = "✅"

    /// The emoji a new habit of `kind` gets when none is chosen: a green check on "Smoking" would
    /// read as success.
    public static func defaultEmoji(for kind: HabitKind) -> String {
        switch kind {
        case .good: defaultEmoji
        case .bad: "🚫"
        case .measure: "📈"
        }
    }

    /// After the kind changed from `previous`: an emoji left at that kind's default becomes the
    /// new kind's (a chosen emoji stays).
    public mutating func followDefaultEmoji(from previous: HabitKind) {
        if kind != previous, emoji == Habit.defaultEmoji(for: previous) { emoji = Habit.defaultEmoji(for: kind) }
    }
    public static let maximumNameLength = 100
    public static let maximumNotesLength = 10_000
    public static let maximumUnitLength = 30
    public static let maximumCountTarget: Amount = 1_000_000
    /// A duration target is at most a whole day.
    public static let maximumDurationTarget: Amount = 86_400
    /// The step a count habit has unless one is chosen.
    public static let defaultStep: Amount = 1
    /// The smallest step (one thousandth) and the largest (a count's largest target).
    public static let stepRange: ClosedRange<Amount> = Amount(thousandths: 1)...maximumCountTarget
    public static let maximumReminders = 20
    /// The most habits one person keeps, archived ones included (1,000): every statistics and
    /// today request walks each of them.
    public static let maximumPerOwner = 1_000

    /// The target a new habit gets when none is given: 1 to build, 0 to quit (checkmarks),
    /// 1 of the unit for counts, and 10 or 30 minutes for durations.
    public static func defaultTarget(kind: HabitKind, type: HabitType) -> Amount {
        switch (kind, type) {
        case (.measure, _): 0
        case (.good, .checkmark): 1
        case (.bad, .checkmark): 0
        case (_, .count): 1
        case (.good, .duration): 600
        case (.bad, .duration): 1800
        }
    }

    /// The range a target must lie in for this kind and type.
    public static func targetRange(kind: HabitKind, type: HabitType) -> ClosedRange<Amount> {
        switch (kind, type) {
        case (.measure, _): 0...0
        case (.good, .checkmark): 1...1
        case (.bad, .checkmark): 0...0
        case (.good, .count): Amount(thousandths: 1)...maximumCountTarget
        case (.bad, .count): 0...maximumCountTarget
        case (.good, .duration): 1...maximumDurationTarget
        case (.bad, .duration): 0...maximumDurationTarget
        }
    }

    /// Checks every attribute; the first problem found is thrown.
    public func validate() throws(HabitValidationError) {
        try Habit.validate(name: name)
        guard Habit.isSingleEmoji(emoji) else { throw .invalidEmoji(emoji) }
        try Habit.validate(notes: notes)
        try Habit.validate(unit: unit)
        // A measurement records a number or a time; "done or not" has nothing to measure.
        guard kind != .measure || type != .checkmark else { throw .measureIsCheckmark }
        let range = Habit.targetRange(kind: kind, type: type)
        guard range.contains(target) else { throw .targetOutOfRange(target, range) }
        // Decimals are for counts: a checkmark's target is 0 or 1, a duration's whole seconds.
        guard target.isWhole || type == .count else { throw .targetNotWhole(target) }
        guard Habit.stepRange.contains(step) else { throw .stepOutOfRange(step, Habit.stepRange) }
        try schedule.validate()
        guard reminders.count <= Habit.maximumReminders else { throw .tooManyReminders(Habit.maximumReminders) }
        for reminder in reminders { try reminder.validate() }
        if !group.isEmpty {
            do { try HabitGroup.validate(name: group) } catch { throw .group(error.description) }
        }
        do { try HabitTags.validate(tags) } catch { throw .tags(error.description) }
        try Habit.validate(startsOn: startsOn, endsOn: endsOn)
        try HabitPause.validate(pauses)
        try HabitVersion.validate(versions)
    }

    /// Start and end dates: on or after ``RecordableDays/floor``, and the end not before the start.
    public static func validate(startsOn: Day?, endsOn: Day?) throws(HabitValidationError) {
        for day in [startsOn, endsOn].compactMap({ $0 }) where day < RecordableDays.floor {
            throw .dates(t("{day} is before {floor}, the earliest day Tend records", ["day": day.iso, "floor": RecordableDays.floor.iso]))
        }
        if let startsOn, let endsOn, endsOn < startsOn {
            throw .dates(t("the end ({end}) is before the start ({start})", ["end": endsOn.iso, "start": startsOn.iso]))
        }
    }

    /// A name: not blank, one line without control characters, at most ``maximumNameLength``.
    public static func validate(name: String) throws(HabitValidationError) {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyName }
        guard name.count <= Habit.maximumNameLength else { throw .nameTooLong(Habit.maximumNameLength) }
        guard name.isOneLineLabel else { throw .nameHasNewline }
    }

    /// Notes: at most ``maximumNotesLength``, several lines allowed, no NUL.
    public static func validate(notes: String) throws(HabitValidationError) {
        guard notes.count <= Habit.maximumNotesLength else { throw .notesTooLong(Habit.maximumNotesLength) }
        guard !notes.containsNUL else { throw .textHasNUL("notes") }
    }

    /// A unit: one line without control characters, at most ``maximumUnitLength``.
    public static func validate(unit: String) throws(HabitValidationError) {
        guard unit.count <= Habit.maximumUnitLength, unit.isOneLineLabel else { throw .unitTooLong(Habit.maximumUnitLength) }
    }

    /// Whether `text` is exactly one emoji (a single grapheme that renders as an emoji).
    public static func isSingleEmoji(_ text: String) -> Bool {
        guard text.count == 1, let first = text.unicodeScalars.first else { return false }
        let scalars = text.unicodeScalars
        return first.properties.isEmojiPresentation
            || scalars.contains { $0.properties.isEmojiPresentation }
            || (first.properties.isEmoji && scalars.contains { $0.value == 0xFE0F })
            || (first.properties.isEmoji && first.value > 0x238C)
    }

    /// Geko's `isoDay(for:in:)`: the ISO day string of `date` in `calendar`'s zone.
    public static func isoDay(for date: Date, in calendar: Calendar) -> String {
        TendCalendar(calendar).isoDay(for: date)
    }
}

extension Habit: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, emoji, color, notes, kind, type, target, unit, step, schedule, routineTime, reminders,
            isArchived, group, tags, order, createdOn, startsOn, endsOn, pauses, versions
    }

    /// Decodes a habit; attributes other than `id`, `name` and `createdOn` may be absent and
    /// take their defaults, so older or hand-written files still load.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decodeIfPresent(HabitKind.self, forKey: .kind) ?? .good
        let type = try c.decodeIfPresent(HabitType.self, forKey: .type) ?? .checkmark
        self.init(
            id: try c.decode(ID.self, forKey: .id),
            name: try c.decode(String.self, forKey: .name),
            emoji: try c.decodeIfPresent(String.self, forKey: .emoji) ?? Habit.defaultEmoji,
            color: try c.decodeIfPresent(HabitColor.self, forKey: .color) ?? .blue,
            notes: try c.decodeIfPresent(String.self, forKey: .notes) ?? "",
            kind: kind,
            type: type,
            target: try c.decodeIfPresent(Amount.self, forKey: .target),
            unit: try c.decodeIfPresent(String.self, forKey: .unit) ?? "",
            step: try c.decodeIfPresent(Amount.self, forKey: .step) ?? Habit.defaultStep,
            schedule: try c.decodeIfPresent(Schedule.self, forKey: .schedule) ?? .daily,
            routineTime: try c.decodeIfPresent(RoutineTime.self, forKey: .routineTime) ?? .anytime,
            reminders: try c.decodeIfPresent([Reminder].self, forKey: .reminders) ?? [],
            isArchived: try c.decodeIfPresent(Bool.self, forKey: .isArchived) ?? false,
            group: try c.decodeIfPresent(String.self, forKey: .group) ?? "",
            tags: try c.decodeIfPresent([String].self, forKey: .tags) ?? [],
            order: try c.decodeIfPresent(Int.self, forKey: .order) ?? 0,
            createdOn: try c.decode(Day.self, forKey: .createdOn),
            startsOn: try c.decodeIfPresent(Day.self, forKey: .startsOn),
            endsOn: try c.decodeIfPresent(Day.self, forKey: .endsOn),
            pauses: try c.decodeIfPresent([HabitPause].self, forKey: .pauses) ?? [],
            versions: try c.decodeIfPresent([HabitVersion].self, forKey: .versions) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(emoji, forKey: .emoji)
        try c.encode(color, forKey: .color)
        try c.encode(notes, forKey: .notes)
        try c.encode(kind, forKey: .kind)
        try c.encode(type, forKey: .type)
        try c.encode(target, forKey: .target)
        try c.encode(unit, forKey: .unit)
        // The default step is not written, so habits encode byte for byte as before steps existed.
        if step != Habit.defaultStep { try c.encode(step, forKey: .step) }
        try c.encode(schedule, forKey: .schedule)
        try c.encode(routineTime, forKey: .routineTime)
        try c.encode(reminders, forKey: .reminders)
        try c.encode(isArchived, forKey: .isArchived)
        // `null` for no group: what clients test for.
        if group.isEmpty { try c.encodeNil(forKey: .group) } else { try c.encode(group, forKey: .group) }
        try c.encode(tags, forKey: .tags)
        try c.encode(order, forKey: .order)
        try c.encode(createdOn, forKey: .createdOn)
        // Written only when set, so habits without dates encode byte for byte as before.
        try c.encodeIfPresent(startsOn, forKey: .startsOn)
        try c.encodeIfPresent(endsOn, forKey: .endsOn)
        if !pauses.isEmpty { try c.encode(pauses, forKey: .pauses) }
        if !versions.isEmpty { try c.encode(versions, forKey: .versions) }
    }
}

/// What is wrong with a habit, reminder or schedule, in words a person can act on.
public enum HabitValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyName
    case nameTooLong(Int)
    case nameHasNewline
    case invalidEmoji(String)
    case notesTooLong(Int)
    case unitTooLong(Int)
    case targetOutOfRange(Amount, ClosedRange<Amount>)
    case targetNotWhole(Amount)
    case stepOutOfRange(Amount, ClosedRange<Amount>)
    case schedule(String)
    case tooManyReminders(Int)
    case reminder(String)
    case negativeValue(Int)
    case group(String)
    case tags(String)
    case textHasNUL(String)
    case dates(String)
    case pauses(String)
    case versions(String)
    case measureIsCheckmark

    public var description: String {
        switch self {
        case .emptyName: t("a habit needs a name")
        case .nameTooLong(let limit):
            tPlural("a habit's name is at most {count} character", "a habit's name is at most {count} characters", count: limit)
        case .nameHasNewline: t("a habit's name is one line without control characters")
        case .invalidEmoji(let text): t("'{text}' is not a single emoji", ["text": text])
        case .notesTooLong(let limit): tPlural("notes are at most {count} character", "notes are at most {count} characters", count: limit)
        case .unitTooLong(let limit):
            tPlural(
                "a unit is one line of at most {count} character, without control characters",
                "a unit is one line of at most {count} characters, without control characters", count: limit)
        case .targetOutOfRange(let target, let range):
            range.lowerBound == range.upperBound
                ? t(
                    "target {target} is not allowed here: it must be {value}",
                    ["target": target.description, "value": range.lowerBound.description])
                : t(
                    "target {target} is out of range {lower}…{upper}",
                    ["target": target.description, "lower": range.lowerBound.description, "upper": range.upperBound.description])
        case .targetNotWhole(let target):
            t("target {target} is not allowed here: only a count's target has decimals", ["target": target.description])
        case .stepOutOfRange(let step, let range):
            t(
                "step {step} is out of range {lower}…{upper}",
                ["step": step.description, "lower": range.lowerBound.description, "upper": range.upperBound.description])
        case .schedule(let reason): t("invalid schedule: {reason}", ["reason": reason])
        case .tooManyReminders(let limit):
            tPlural("a habit has at most {count} reminder", "a habit has at most {count} reminders", count: limit)
        case .reminder(let reason): t("invalid reminder: {reason}", ["reason": reason])
        case .negativeValue(let value): t("a value cannot be negative ({value})", ["value": String(value)])
        case .group(let reason), .tags(let reason), .dates(let reason), .pauses(let reason), .versions(let reason): reason
        case .textHasNUL(let field):
            // The field is named by the code ("notes"): its sentence is a message of its own.
            field == "notes" ? t("notes cannot hold a NUL character") : t("{field} cannot hold a NUL character", ["field": field])
        case .measureIsCheckmark: t("a habit that is only measured records a count or a time, not done or not")
        }
    }
}

extension Habit {
    /// Whether a day's value meets the habit: at least the target to build, at most it to quit.
    public func isMet(by value: Amount) -> Bool {
        switch kind {
        case .good: value >= target
        case .bad: value <= target
        case .measure: false
        }
    }

    /// Only measured: no target, never due (``HabitKind/measure``).
    public var isMeasurement: Bool { kind == .measure }
}
