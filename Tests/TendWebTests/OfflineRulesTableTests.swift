import Foundation
import TendCore
import Testing

@testable import TendWeb

/// The rules app.js applies offline (rules.js: a card's change, status and words after a tap, −1,
/// +1 or reset; the hybrid clock; durations' words) are TendCore's and the Today page's. One table
/// of cases, `Tests/Golden/today-card.json`, holds both sides to them: this test computes every
/// case with the Swift and compares it with the table (`TEND_RECORD_SNAPSHOTS=1` writes it
/// afresh); `Tests/JavaScript/rules.test.mjs` (`node --test`, run by scripts/test) runs rules.js
/// over the same table.
@Suite("The offline rules' table agrees with TendCore and the Today page")
struct OfflineRulesTableTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/today-card.json")

    struct Table: Codable, Equatable {
        var cards: [CardCase]
        var clock: [ClockCase]
        var durations: [DurationCase]
    }

    /// A card as app.js reads it (`data-*`), a command, and what the server then shows.
    struct CardCase: Codable, Equatable {
        var kind: HabitKind
        var type: HabitType
        var target: Amount
        /// The card's `data-step`: what +/− add and take away (1 unless the habit has its own).
        var step: Amount
        var unit: String
        /// The page's decimal mark (`data-decimal-mark` on the body): how the words write a value.
        var decimalMark: String
        var value: Amount
        var skipped: Bool
        var past: Bool
        var command: String
        /// The day's status before the command (the card's `data-status`).
        var status: DayStatus
        /// `nil`: the command changes nothing.
        var change: ChangeCase?
        var after: Amount
        var statusAfter: DayStatus
        var statusLabel: String
        var valueText: String
        var tapLabel: String
    }

    struct ChangeCase: Codable, Equatable {
        var set: Amount?
        var by: Amount?
        var reset: Bool?
    }

    struct ClockCase: Codable, Equatable {
        var last: String
        var wall: Int64
        var device: String
        var next: String
    }

    struct DurationCase: Codable, Equatable {
        var seconds: Int
        var words: String
        var field: String
    }

    static let day = Day("2025-06-15")!

    /// Every kind and type at the values around its target, with each command a card offers;
    /// decimal counts with their own step, in a locale that writes a decimal comma and one that
    /// writes a point.
    static func cards() throws -> [CardCase] {
        let decimals: [(HabitKind, HabitType, Amount, String, Amount, String, [Amount])] = [
            (.good, .count, 2.5, "l", 0.25, "de_DE", [0, 0.25, 2.25, 2.5, 2.75]),
            (.bad, .count, 1.5, "kg", 0.1, "en_US", [0, 0.1, 1.4, 1.5, 1.6]),
            (.good, .count, 5.3, "km", 1, "fr_FR", [0, 0.3, 4.3, 5.3, 6.3]),
        ]
        let habits: [(HabitKind, HabitType, Amount, String, [Amount])] = [
            (.good, .checkmark, 1, "", [0, 1]),
            (.bad, .checkmark, 0, "", [0, 1, 2]),
            (.good, .count, 8, "glasses", [0, 3, 7, 8, 9]),
            (.good, .count, 1, "", [0, 1]),
            (.bad, .count, 3, "cigarettes", [0, 3, 4]),
            (.good, .duration, 600, "", [0, 30, 540, 600, 660, 3690]),
            (.bad, .duration, 1800, "", [0, 1800, 1830]),
        ]
        var cases: [CardCase] = []
        let rows = habits.map { ($0.0, $0.1, $0.2, $0.3, Habit.defaultStep, "en_US", $0.4) } + decimals
        for (kind, type, target, unit, step, locale, values) in rows {
            var habit = Habit(name: "Water", kind: kind, type: type, target: target, unit: unit, createdOn: day.adding(days: -30))
            habit.step = step
            let commands = type == .checkmark ? ["tap", "reset"] : ["tap", "decrement", "increment", "reset"]
            let amounts = AmountStyle(locale: locale)
            for value in values {
                for past in [false, true] {
                    for command in commands {
                        cases.append(try card(habit, value: value, skipped: false, past: past, command: command, amounts: amounts))
                    }
                }
            }
            cases.append(try card(habit, value: 0, skipped: true, past: false, command: "reset", amounts: amounts))
        }
        return cases
    }

    static func card(_ habit: Habit, value: Amount, skipped: Bool, past: Bool, command: String, amounts: AmountStyle) throws -> CardCase {
        var tracked = TrackedHabit(habit: habit, entries: value > 0 || skipped ? [Entry(day: day, value: value, isSkipped: skipped)] : [])
        let today = past ? day.adding(days: 1) : day
        let calendar = UserSettings().calendar
        let before = tracked.status(on: day, today: today, calendar: calendar)
        let step = DayEntryControls.step(for: habit)
        let entryCommand: EntryCommand =
            switch command {
            case "tap": .tap
            case "decrement": .increment(-step)
            case "increment": .increment(step)
            default: .reset
            }
        let change = try entryCommand.change(for: tracked, on: day)
        if let change { tracked.apply(change) }
        let after = tracked.completionCount(on: day)
        let status = tracked.status(on: day, today: today, calendar: calendar)
        let changed: ChangeCase? =
            switch change {
            case .entrySet(_, _, let set): ChangeCase(set: set)
            case .entryIncremented(_, _, let by): by == 0 ? nil : ChangeCase(by: by)
            case .entryReset: ChangeCase(reset: true)
            default: nil
            }
        return CardCase(
            kind: habit.kind, type: habit.type, target: habit.target, step: DayEntryControls.step(for: habit), unit: habit.unit,
            decimalMark: amounts.decimalMark, value: value, skipped: skipped, past: past, command: command, status: before,
            change: changed, after: after, statusAfter: status, statusLabel: TodayPage.statusLabel(status, habit: habit),
            valueText: TodayPage.valueText(habit, value: after, amounts: amounts),
            tapLabel: TodayPage.tapLabel(habit, value: after, status: status, amounts: amounts))
    }

    /// A clock's next stamp: the wall ahead of the last stamp, level with it, and behind it.
    static func clock() -> [ClockCase] {
        let cases: [(HybridTimestamp?, Int64)] = [
            (nil, 1_732_233_600_000),
            (HybridTimestamp(milliseconds: 1_732_233_600_000, counter: 0, device: "web-1a2b3c4d"), 1_732_233_600_001),
            (HybridTimestamp(milliseconds: 1_732_233_600_000, counter: 0, device: "web-1a2b3c4d"), 1_732_233_600_000),
            (HybridTimestamp(milliseconds: 1_732_233_600_000, counter: 0xff, device: "web-1a2b3c4d"), 1_732_233_599_000),
            (HybridTimestamp(milliseconds: 1_732_233_600_000, counter: 0xffff, device: "web-1a2b3c4d"), 1_732_233_600_000),
        ]
        return cases.map { last, wall in
            var clock = HybridClock(device: "web-1a2b3c4d", last: last)
            let next = clock.tick(now: Date(timeIntervalSince1970: Double(wall) / 1000))
            return ClockCase(last: last?.description ?? "", wall: wall, device: "web-1a2b3c4d", next: next.description)
        }
    }

    static func durations() -> [DurationCase] {
        [0, 1, 45, 60, 600, 750, 3600, 3630, 3900, 5430, 86_399, 86_400].map {
            DurationCase(seconds: $0, words: DurationText.words($0), field: TypedValue.durationText(Amount($0)))
        }
    }

    @Test("Every case of the table is what TendCore and the page say (rules.js is held to the same table by node --test)")
    func table() throws {
        let computed = Table(cards: try Self.cards(), clock: Self.clock(), durations: Self.durations())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if ProcessInfo.processInfo.environment["TEND_RECORD_SNAPSHOTS"] == "1" || !FileManager.default.fileExists(atPath: Self.file.path) {
            try (encoder.encode(computed) + Data("\n".utf8)).write(to: Self.file)
        }
        let stored = try JSONDecoder().decode(Table.self, from: Data(contentsOf: Self.file))
        #expect(stored.clock == computed.clock)
        #expect(stored.durations == computed.durations)
        #expect(stored.cards.count == computed.cards.count)
        for (kept, now) in zip(stored.cards, computed.cards) where kept != now {
            Issue.record("table case differs from the Swift: \(kept) ≠ \(now); rerun with TEND_RECORD_SNAPSHOTS=1 and then node --test")
        }
    }
}
