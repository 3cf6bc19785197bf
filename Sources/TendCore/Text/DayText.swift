import Foundation
import Synchronization
import TendWords

/// A civil day in words, in the current words' language (``Words/current``): "Sunday, 15 June 2025",
/// "Sonntag, 15. Juni 2025", "2025年6月15日 日曜日". English keeps Tend's own day-month order; every
/// other language takes CLDR's pattern for the same fields (through Foundation's ICU), so the
/// order, the case of month names (Polish "15 czerwca" but "czerwiec 2025") and the punctuation are
/// the language's. The pseudo-language shows dates in English: they are values, not messages.
public enum DayText {
    public enum Style: Int, Sendable, CaseIterable {
        /// "Sunday, 15 June 2025"
        case long
        /// "Sun, 15 Jun 2025"
        case medium
        /// "15 Jun 2025"
        case dayMonthYear
        /// "15 Jun"
        case dayMonth
        /// "Sunday, 15 June"
        case weekdayDayMonth
        /// "June 2025"
        case monthYear
        /// "Jun 2025"
        case shortMonthYear

        /// CLDR skeleton the language's pattern is made from.
        var skeleton: String {
            switch self {
            case .long: "EEEEdMMMMy"
            case .medium: "EEEdMMMy"
            case .dayMonthYear: "dMMMy"
            case .dayMonth: "dMMM"
            case .weekdayDayMonth: "EEEEdMMMM"
            case .monthYear: "MMMMy"
            case .shortMonthYear: "MMMy"
            }
        }
    }

    public static func text(_ day: Day, _ style: Style, in language: Language = Words.current.language) -> String {
        if language == .english || language == .pseudo { return english(day, style) }
        let key = Key(language: language, style: style, ordinal: day.ordinal)
        if let kept = kept.withLock({ $0[key] }) { return kept }
        let text = formatters.format(day, style, language)
        kept.withLock { kept in
            // A page writes a few hundred dates (a heatmap's labels); keep them, within a bound.
            if kept.count >= 8_000 { kept.removeAll(keepingCapacity: true) }
            kept[key] = text
        }
        return text
    }

    public static func long(_ day: Day) -> String { text(day, .long) }

    /// A weekday's name on its own ("Monday", "Montag"), as a list or a heading writes it.
    public static func weekday(_ weekday: Weekday, in language: Language = Words.current.language) -> String {
        if language == .english || language == .pseudo { return englishWeekdays[weekday.rawValue - 1] }
        return formatters.symbols(language).weekdays[weekday.rawValue - 1]
    }

    /// A weekday's short name ("Mon", "Mo", "月").
    public static func shortWeekday(_ weekday: Weekday, in language: Language = Words.current.language) -> String {
        if language == .english || language == .pseudo { return String(englishWeekdays[weekday.rawValue - 1].prefix(3)) }
        return formatters.symbols(language).shortWeekdays[weekday.rawValue - 1]
    }

    /// A month's name on its own, as a heading or a menu writes it ("June", "Juni", "czerwiec"), for 1–12.
    public static func monthName(_ month: Int, in language: Language = Words.current.language) -> String {
        let index = min(max(month, 1), 12) - 1
        if language == .english || language == .pseudo { return englishMonths[index] }
        return formatters.symbols(language).months[index]
    }

    // MARK: English, as Tend has always written it

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    static let englishWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    private static func english(_ day: Day, _ style: Style) -> String {
        let (year, month, dayOfMonth) = day.components
        let weekday = englishWeekdays[day.weekday.rawValue - 1]
        let monthName = englishMonths[month - 1]
        switch style {
        case .long: return "\(weekday), \(dayOfMonth) \(monthName) \(year)"
        case .medium: return "\(weekday.prefix(3)), \(dayOfMonth) \(monthName.prefix(3)) \(year)"
        case .dayMonthYear: return "\(dayOfMonth) \(monthName.prefix(3)) \(year)"
        case .dayMonth: return "\(dayOfMonth) \(monthName.prefix(3))"
        case .weekdayDayMonth: return "\(weekday), \(dayOfMonth) \(monthName)"
        case .monthYear: return "\(monthName) \(year)"
        case .shortMonthYear: return "\(monthName.prefix(3)) \(year)"
        }
    }

    private struct Key: Hashable {
        let language: Language
        let style: Style
        let ordinal: Int
    }

    private static let kept = Mutex<[Key: String]>([:])
    private static let formatters = Formatters()
}

/// DateFormatter is not thread-safe: one per language and style, used under a lock.
private final class Formatters: @unchecked Sendable {
    struct Symbols {
        let weekdays: [String]
        let shortWeekdays: [String]
        let months: [String]
    }

    private let lock = NSLock()
    private var made: [Int: DateFormatter] = [:]
    private var symbolsMade: [Language: Symbols] = [:]

    /// Noon UTC on the day in the Gregorian calendar: the civil day itself, whatever the zone.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func format(_ day: Day, _ style: DayText.Style, _ language: Language) -> String {
        let (year, month, dayOfMonth) = day.components
        guard let date = Self.calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth, hour: 12)) else {
            return day.iso
        }
        lock.lock()
        defer { lock.unlock() }
        let key = Language.allCases.firstIndex(of: language)! * 16 + style.rawValue
        if let formatter = made[key] { return formatter.string(from: date) }
        let formatter = Self.formatter(language)
        formatter.setLocalizedDateFormatFromTemplate(style.skeleton)
        made[key] = formatter
        return formatter.string(from: date)
    }

    func symbols(_ language: Language) -> Symbols {
        lock.lock()
        defer { lock.unlock() }
        if let symbols = symbolsMade[language] { return symbols }
        let formatter = Self.formatter(language)
        let symbols = Symbols(
            weekdays: formatter.standaloneWeekdaySymbols, shortWeekdays: formatter.shortStandaloneWeekdaySymbols,
            months: formatter.standaloneMonthSymbols)
        symbolsMade[language] = symbols
        return symbols
    }

    private static func formatter(_ language: Language) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language.numberLocale)
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        return formatter
    }
}
