import Foundation
import Synchronization
import TendWords

/// An ``Amount`` as people type and read it in their locale: "2,5" in de_DE, "2.5" in en_US.
///
/// Typed: digits with at most one decimal separator and at most three decimals. The locale's own
/// separator is always a decimal one; the other of `.` and `,` is read as decimal too where it
/// cannot be the locale's thousands separator — "2.5" in de_DE is 2,5, and "1.234" in fr_FR
/// (which groups with a space) is 1,234, but "1.234" in de_DE (one thousand two hundred and
/// thirty-four, or 1,234?) is refused with both readings named rather than guessed.
/// A number written with grouping ("1.234,5", "10,000") is refused for the same reason: habit
/// values are typed, not pasted from a report.
public enum AmountText {
    /// The amount `text` stands for in `locale`, or why it stands for none. A sign is not part of
    /// an amount: callers that take a change (±) read it before.
    public static func amount(_ text: String, locale: Locale) throws(Refusal) -> Amount {
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !typed.isEmpty else { throw .empty }
        if typed.hasPrefix("-") || typed.hasPrefix("−") { throw .negative(typed) }
        let trimmed = normalized(typed, locale: locale)
        let separators = trimmed.indices.filter { trimmed[$0] == "." || trimmed[$0] == "," }
        guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }),
            trimmed.contains(where: \.isNumber)
        else { throw .notANumber(typed) }
        guard separators.count <= 1 else { throw .grouped(typed) }
        var whole = trimmed
        var fraction = ""
        if let separator = separators.first {
            whole = String(trimmed[..<separator])
            fraction = String(trimmed[trimmed.index(after: separator)...])
            let mark = trimmed[separator]
            let decimalMark = Self.readSeparator(locale)
            // "1.234" where "." groups thousands: 1234 or 1.234. Not "0.125" or "1234.5": no
            // grouped number starts with 0 or has more than three digits before its first group.
            if String(mark) != decimalMark, String(mark) == locale.groupingSeparator, fraction.count == 3,
                (1...3).contains(whole.count), !whole.hasPrefix("0")
            {
                throw .ambiguous(typed, decimalMark: Self.decimalSeparator(locale))
            }
        }
        guard fraction.count <= Amount.decimals else { throw .tooPrecise(typed) }
        guard whole.count <= 10, let wholeValue = Int64(whole.isEmpty ? "0" : whole) else { throw .tooLarge(typed) }
        let padded = fraction + String(repeating: "0", count: Amount.decimals - fraction.count)
        let amount = Amount(thousandths: wholeValue * Amount.scale + (Int64(padded) ?? 0))
        guard amount <= Amount.maximum else { throw .tooLarge(typed) }
        return amount
    }

    /// `amount` in `locale`: the locale's digits grouping and decimal separator, no trailing
    /// zeros ("2,5", "10.000", "1.234,125" in de_DE; "2.5", "10,000" in en_US).
    public static func text(_ amount: Amount, locale: Locale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = 0
        formatter.maximumFractionDigits = Amount.decimals
        formatter.generatesDecimalNumbers = true
        return formatter.string(from: NSDecimalNumber(decimal: amount.decimal)) ?? amount.description
    }

    /// The locale's decimal separator (`.` when it names none).
    public static func decimalSeparator(_ locale: Locale) -> String { locale.decimalSeparator ?? "." }

    /// The decimal separator of text after ``normalized(_:locale:)``: a locale's own mark other
    /// than `.` and `,` (Arabic's `٫`) is read as `.`.
    static func readSeparator(_ locale: Locale) -> String {
        let mark = decimalSeparator(locale)
        return mark == "," ? "," : "."
    }

    /// `text` with every decimal digit as an ASCII one (Arabic-Indic, Devanagari … as the locale
    /// shows them), the locale's decimal mark as `.` when it is neither `.` nor `,`, and the
    /// invisible direction marks a right-to-left number carries left out.
    static func normalized(_ text: String, locale: Locale) -> String {
        let mark = decimalSeparator(locale)
        var result = ""
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first {
                if scalar.properties.generalCategory == .format { continue }
                if scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue {
                    result += String(Int(digit))
                    continue
                }
            }
            if mark != "." && mark != "," && String(character) == mark {
                result += "."
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Why a typed amount was refused, as a sentence a person can act on.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case empty
        case negative(String)
        case notANumber(String)
        case grouped(String)
        case ambiguous(String, decimalMark: String)
        case tooPrecise(String)
        case tooLarge(String)

        public var description: String {
            switch self {
            case .empty: t("a value is needed")
            case .negative(let text): t("'{text}' is negative: a value is 0 or more", ["text": text])
            case .notANumber(let text): t("'{text}' is not a number", ["text": text])
            case .grouped(let text):
                t("'{text}' has more than one separator: write the number without thousands separators", ["text": text])
            case .ambiguous(let text, let mark):
                t(
                    "'{text}' could be a whole number with a thousands separator or a decimal: write it without the separator, or with '{mark}' for decimals",
                    ["text": text, "mark": mark])
            case .tooPrecise(let text):
                tPlural(
                    "'{text}' has more than {count} decimal", "'{text}' has more than {count} decimals", count: Amount.decimals,
                    ["text": text])
            case .tooLarge(let text): t("'{text}' is too large: at most {limit}", ["text": text, "limit": Amount.maximum.description])
            }
        }
    }
}

/// Amounts written in the person's locale's style, as the web and the CLI show them: "2,5" in
/// de_DE, "2.5" in en_US, "1000" (no grouping: a day's value is read at a glance, and typed back
/// as shown). Digits are always 0–9, as ``PercentText`` writes them.
public struct AmountStyle: Hashable, Sendable {
    /// The decimal mark: "." or ",", or the locale's own (Arabic's "٫").
    public let decimalMark: String

    /// Reads the locale's decimal mark once per process (a formatter per number would be slow in
    /// a year's grid).
    public init(locale identifier: String) {
        if identifier == "en_US" || identifier == "en_US_POSIX" {
            decimalMark = "."
            return
        }
        if let known = Self.marks.withLock({ $0[identifier] }) {
            decimalMark = known
            return
        }
        decimalMark = AmountText.decimalSeparator(Locale(identifier: identifier))
        Self.marks.withLock { marks in
            if marks.count > 1000 { marks.removeAll() }
            marks[identifier] = decimalMark
        }
    }

    private static let marks = Mutex<[String: String]>([:])

    /// `amount` as "2,5", "10", "0,125".
    public func callAsFunction(_ amount: Amount) -> String {
        let plain = amount.description
        return decimalMark == "." ? plain : plain.replacingOccurrences(of: ".", with: decimalMark)
    }
}
