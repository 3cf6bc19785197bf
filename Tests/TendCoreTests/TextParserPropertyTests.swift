import Foundation
import PropertyBased
import TendTestSupport
import Testing

@testable import TendCore

/// The day and schedule texts a request carries (`?date=`, `{day}`, `"createdOn"`, `"schedule":
/// "every 3 days from …"`, the habit editor's schedule field) are outsiders' bytes: whatever they
/// are, the parsers answer a value or a clear error, and never trap.
///
/// 2,000 strings per property in the suite (about a second); `TEND_FUZZ_COUNT=1000000` runs
/// longer (docs/security.md, "Fuzzing").
@Suite("Day and schedule parsers take any text")
struct TextParserPropertyTests {
    static let count = ProcessInfo.processInfo.environment["TEND_FUZZ_COUNT"].flatMap(Int.init) ?? 2_000

    /// Pieces of the texts the parsers know, and pieces that have broken parsers elsewhere:
    /// huge and negative numbers, days at and past the calendar's ends, NUL, tabs, combining marks.
    static let tokens = [
        "every", "day", "days", "daily", "other", "from", "starting", "weekdays", "weekends", "mon", "tue", "sun", "wed,fri",
        "/", "week", "month", "in", "x", "times", "a", "per", ",", "3", "0", "1", "7", "31", "32", "365", "366", "-1",
        "9223372036854775807", "-9223372036854775808", "99999999999999999999", "2025-01-06", "0001-01-01", "9999-12-31",
        "0000-00-00", "1999-12-31", "2025-02-30", "10000-01-01", "+2025-01-01", " ", "\t", "\n", "\u{0}", "é", "e\u{301}", "🙂",
        "١٢", "３", "",
    ]

    /// Random text: any Unicode scalars (Latin-1 and beyond), or a soup of known tokens.
    static let texts = Gen<String>.oneOf(
        Gen<Character>.latin1.string(of: 0...24),
        Gen<UnicodeScalar>.unicodeScalar(in: "\u{0}"..."\u{2FFF}").map { Character($0) }.string(of: 0...16),
        Gen<String?>.element(of: tokens).map { $0 ?? "" }.array(of: 0...7).map { $0.joined(separator: " ") },
        Gen<String?>.element(of: tokens).map { $0 ?? "" }.array(of: 0...7).map { $0.joined() }
    )

    @Test("Day(iso:) answers a day whose text is the input, or a DayError that quotes it")
    func days() async {
        await propertyCheck(count: Self.count, input: Self.texts) { text in
            do {
                let day = try Day(iso: text)
                #expect(day.iso == text)
                #expect(day >= Day.minimum && day <= Day.maximum)
            } catch let error as DayError {
                #expect(error == .invalidFormat(text) || error == .invalidDate(text), "\(error)")
                #expect(!error.description.isEmpty)
            } catch {
                Issue.record("'\(text)': not a DayError: \(error)")
            }
        }
    }

    @Test("Schedule(parsing:) answers a valid schedule that reads back the same, or a schedule error")
    func schedules() async {
        let today = Fixtures.day("2025-06-15")
        await propertyCheck(count: Self.count, input: Self.texts) { text in
            let schedule: Schedule
            do {
                schedule = try Schedule(parsing: text, startingOn: today)
            } catch {
                guard case .schedule(let reason)? = error as? HabitValidationError, !reason.isEmpty else {
                    Issue.record("'\(text)': not a schedule error: \(error)")
                    return
                }
                return
            }
            #expect(throws: Never.self) { try schedule.validate() }
            #expect((try? Schedule(parsing: schedule.description, startingOn: today)) == schedule, "'\(text)' → \(schedule)")
            // The start a text names is held to the days a request may name, or refused clearly.
            do {
                try schedule.validateDays(today: today)
            } catch {
                guard case .schedule(let reason)? = error as? HabitValidationError, reason.contains("the schedule's start") else {
                    Issue.record("'\(text)': \(error)")
                    return
                }
            }
        }
    }
}
