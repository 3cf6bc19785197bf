import Foundation
import TendCore

/// A number as other trackers write it in their files ("2.5", "3", "1e2", "-0.5"), read exactly
/// into an ``Amount``: the POSIX decimal point, no grouping. A value with more than three decimals
/// (HabitBull's 2.33333) is rounded to the nearest thousandth, and said so.
enum ImportedAmount {
    /// The amount `text` stands for, whether it had to be rounded; `nil` when it is no number or is
    /// beyond ±``Amount/maximum``.
    static func parse(_ text: String) -> (amount: Amount, rounded: Bool)? {
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard isNumber(typed), let decimal = Decimal(string: typed, locale: Locale(identifier: "en_US_POSIX")),
            decimal.isFinite, abs(decimal) <= Amount.maximum.decimal
        else { return nil }
        if let exact = Amount(exactly: decimal) { return (exact, false) }
        var scaled = decimal * Decimal(Amount.scale)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return (Amount(thousandths: NSDecimalNumber(decimal: rounded).int64Value), true)
    }

    /// A double from a tracker's database (Loop's target) to the nearest thousandth, the precision
    /// Loop keeps its amounts in; `nil` when it is not finite or beyond ±10¹⁵ (where thousandths
    /// would leave `Int64`). An amount beyond ``Amount/maximum`` comes back as the file had it, for
    /// the adjuster to bring into range and say so.
    static func nearest(_ number: Double) -> Amount? {
        guard number.isFinite, abs(number) <= 1e15 else { return nil }
        return Amount(thousandths: Int64((number * Double(Amount.scale)).rounded()))
    }

    /// `-?digits[.digits][e±digits]`: `Decimal(string:)` alone would read "12abc" as 12.
    private static func isNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        let exponent = rest.dropFirst(mantissa.count)
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            parts.contains(where: { !$0.isEmpty })
        else { return false }
        if exponent.isEmpty { return true }
        var digits = exponent.dropFirst()
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.count <= 3 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
