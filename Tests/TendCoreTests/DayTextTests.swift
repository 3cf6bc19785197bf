import Foundation
import TendCore
import TendWords
import Testing

@Suite("A day in words, in the reader's language")
struct DayTextTests {
    static let day = try! Day(year: 2025, month: 6, day: 15)

    @Test("English keeps Tend's day-month order in every style; the pseudo-language shows dates in English")
    func english() {
        let expected: [DayText.Style: String] = [
            .long: "Sunday, 15 June 2025", .medium: "Sun, 15 Jun 2025", .dayMonthYear: "15 Jun 2025", .dayMonth: "15 Jun",
            .weekdayDayMonth: "Sunday, 15 June", .monthYear: "June 2025", .shortMonthYear: "Jun 2025",
        ]
        for style in DayText.Style.allCases {
            #expect(DayText.text(Self.day, style, in: .english) == expected[style])
            #expect(DayText.text(Self.day, style, in: .pseudo) == expected[style])
        }
        #expect(DayText.weekday(.monday, in: .english) == "Monday")
        #expect(DayText.shortWeekday(.monday, in: .english) == "Mon")
    }

    @Test("Each language writes the date its own way: order, month case, punctuation, script; digits stay Western")
    func languages() {
        #expect(DayText.text(Self.day, .long, in: .german) == "Sonntag, 15. Juni 2025")
        #expect(DayText.text(Self.day, .dayMonth, in: .german) == "15. Juni")
        #expect(DayText.text(Self.day, .long, in: .french) == "dimanche 15 juin 2025")
        #expect(DayText.text(Self.day, .long, in: .japanese) == "2025年6月15日 日曜日")
        #expect(DayText.text(Self.day, .monthYear, in: .japanese) == "2025年6月")
        // Polish: the genitive in a date ("15 czerwca"), the nominative for the month alone.
        #expect(DayText.text(Self.day, .long, in: .polish) == "niedziela, 15 czerwca 2025")
        #expect(DayText.text(Self.day, .monthYear, in: .polish) == "czerwiec 2025")
        let arabic = DayText.text(Self.day, .long, in: .arabic)
        #expect(arabic.contains("يونيو") && arabic.contains("15") && arabic.contains("2025"))
        #expect(DayText.weekday(.monday, in: .german) == "Montag")
        #expect(DayText.weekday(.sunday, in: .chineseSimplified) == "星期日")
        for language in Language.allCases {
            #expect(!DayText.text(Self.day, .long, in: language).isEmpty)
        }
    }

    @Test("A civil date is the same date whatever the process's zone, on the days clocks change and at the date line")
    func zoneFree() throws {
        for (iso, german) in [
            ("2026-03-29", "Sonntag, 29. März 2026"), ("2026-10-25", "Sonntag, 25. Oktober 2026"),
            ("2024-02-29", "Donnerstag, 29. Februar 2024"), ("2026-12-31", "Donnerstag, 31. Dezember 2026"),
        ] {
            #expect(DayText.text(try Day(iso: iso), .long, in: .german) == german)
        }
    }

    @Test("The current words' language is the default")
    func current() {
        #expect(Words.$current.withValue(Words.of(.dutch)) { DayText.long(Self.day) } == "zondag 15 juni 2025")
        #expect(DayText.long(Self.day) == "Sunday, 15 June 2025")
    }
}
