import Foundation
import TendWords

/// An exact decimal amount with up to three decimals — 5.3 km, 7.5 hours, 1.25 l, 72.4 kg — held
/// as a whole number of thousandths. No binary floating point touches it in storage or arithmetic:
/// 0.1 added ten times is exactly 1 (a `Double` makes 0.9999999999999999). Three decimals are
/// what Loop Habit Tracker stores (thousandths), so its values move in and out unchanged.
public struct Amount: Hashable, Comparable, Sendable {
    /// Thousandths per unit.
    public static let scale: Int64 = 1000
    /// The most decimals an amount has.
    public static let decimals = 3
    /// The largest amount: a billion, far above any day's count, and far from overflow when a
    /// year's days are summed (`Int64` holds 9.2 × 10¹⁸ thousandths).
    public static let maximum = Amount(thousandths: 1_000_000_000 * scale)

    public var thousandths: Int64

    public init(thousandths: Int64) { self.thousandths = thousandths }

    /// A whole amount.
    public init(_ whole: Int) { thousandths = Int64(whole) * Self.scale }

    public static let zero = Amount(thousandths: 0)

    /// Whether it has no decimals.
    public var isWhole: Bool { thousandths % Self.scale == 0 }

    /// The whole part, towards zero (a count habit's value as whole-number code still reads it).
    public var whole: Int { Int(thousandths / Self.scale) }

    /// The amount as a `Decimal`: exact (for JSON numbers and display), never for arithmetic.
    public var decimal: Decimal { Decimal(thousandths) / Decimal(Self.scale) }

    /// The amount as a `Double`, for ratios only (progress, charts): never stored or summed.
    public var double: Double { Double(thousandths) / Double(Self.scale) }

    /// The amount `decimal` stands for, or nil when it has more than three decimals or is beyond
    /// ±``maximum``.
    public init?(exactly decimal: Decimal) {
        guard decimal.isFinite, abs(decimal) <= Self.maximum.decimal else { return nil }
        let scaled = decimal * Decimal(Self.scale)
        var rounded = Decimal()
        var copy = scaled
        NSDecimalRound(&rounded, &copy, 0, .plain)
        guard rounded == scaled else { return nil }
        thousandths = NSDecimalNumber(decimal: rounded).int64Value
    }

    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.thousandths < rhs.thousandths }
    public static func + (lhs: Amount, rhs: Amount) -> Amount { Amount(thousandths: lhs.thousandths + rhs.thousandths) }
    public static func - (lhs: Amount, rhs: Amount) -> Amount { Amount(thousandths: lhs.thousandths - rhs.thousandths) }
    public static func += (lhs: inout Amount, rhs: Amount) { lhs.thousandths += rhs.thousandths }
    public static func -= (lhs: inout Amount, rhs: Amount) { lhs.thousandths -= rhs.thousandths }
    public static prefix func - (amount: Amount) -> Amount { Amount(thousandths: -amount.thousandths) }

    /// `amount` times a whole number (a step pressed `times` times).
    public static func * (amount: Amount, times: Int) -> Amount { Amount(thousandths: amount.thousandths * Int64(times)) }

    /// The sum of `amounts`, exactly.
    public static func sum<S: Sequence>(_ amounts: S) -> Amount where S.Element == Amount {
        Amount(thousandths: amounts.reduce(0) { $0 + $1.thousandths })
    }
}

extension Amount: CustomStringConvertible {
    /// The amount as JSON and the POSIX locale write it: `2.5`, `10`, `0.125`, `-1.5` (no
    /// grouping, no trailing zeros).
    public var description: String {
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = thousandths.magnitude
        let whole = magnitude / UInt64(Self.scale)
        let fraction = magnitude % UInt64(Self.scale)
        guard fraction != 0 else { return "\(sign)\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: Self.decimals - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }
}

extension Amount: Codable {
    /// A JSON number (`2.5`), read exactly: a number with more than three decimals is refused, not
    /// rounded, so that nothing a client sends changes on the way in.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let decimal: Decimal
        do {
            decimal = try container.decode(Decimal.self)
        } catch DecodingError.typeMismatch {
            // Decimal's own mismatch names a keyed form ("expected a dictionary"): an amount is a number.
            throw DecodingError.typeMismatch(
                Amount.self, DecodingError.Context(codingPath: container.codingPath, debugDescription: t("Expected a number")))
        }
        guard let amount = Amount(exactly: decimal) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: t(
                    "{number} is not an amount: at most 3 decimals, at most {limit}",
                    ["number": "\(decimal)", "limit": Self.maximum.description]))
        }
        self = amount
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if isWhole { try container.encode(thousandths / Self.scale) } else { try container.encode(decimal) }
    }
}

extension Amount: ExpressibleByIntegerLiteral {
    /// `3` where an amount is expected: whole amounts read as they always did.
    public init(integerLiteral whole: Int) { self.init(whole) }
}

extension Amount: ExpressibleByFloatLiteral {
    /// `2.5` written in code: the literal to the nearest thousandth. A literal with at most three
    /// decimals comes out exactly as written (the binary double is within half a thousandth of it);
    /// values computed at run time go through ``init(exactly:)`` or ``AmountText`` instead.
    public init(floatLiteral literal: Double) {
        self.init(thousandths: Int64((literal * Double(Self.scale)).rounded()))
    }
}
