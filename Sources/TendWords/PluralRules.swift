/// CLDR's plural categories, in CLDR's order (which is also the order of a catalog's plural forms).
public enum PluralCategory: String, CaseIterable, Sendable, Comparable {
    case zero, one, two, few, many, other

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The operands CLDR's plural rules are written in (Unicode TR35, "Plural Operand Meanings"),
/// read from a number as it is shown: "1" and "1.0" take different forms in English.
public struct PluralOperands: Sendable, Equatable {
    /// The absolute value, as a decimal (n).
    public var n: Double
    /// The integer digits (i).
    public var i: Int
    /// How many fraction digits are shown, trailing zeros included (v).
    public var v: Int
    /// The shown fraction digits as a whole number (f).
    public var f: Int

    public init(_ value: Int) {
        let magnitude = value.magnitude > UInt(Int.max) ? Int.max : Int(value.magnitude)
        self.init(n: Double(magnitude), i: magnitude, v: 0, f: 0)
    }

    init(n: Double, i: Int, v: Int, f: Int) {
        self.n = n
        self.i = i
        self.v = v
        self.f = f
    }

    /// The operands of a number written with ASCII digits and a `.` before its fraction ("2.50");
    /// `nil` for anything else.
    public init?(decimal text: String) {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty else { return nil }
        // Plural rules only look at the last few digits of the integer part (i % 1000000 at most).
        let integer = Int(whole.suffix(15)) ?? 0
        let shown = Int(fraction.prefix(15)) ?? 0
        self.init(n: Double("\(whole).\(fraction.isEmpty ? "0" : fraction)") ?? 0, i: integer, v: fraction.count, f: shown)
    }

    /// The shown fraction digits without trailing zeros (t).
    public var t: Int {
        var t = f
        while t != 0 && t % 10 == 0 { t /= 10 }
        return t
    }

    /// Whether n is a whole number (so that `n % 100` and ranges such as `n = 3..10` apply).
    var isWhole: Bool { v == 0 || f == 0 }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// CLDR's cardinal plural rules for the languages Tend ships (CLDR 46's `plurals.xml`; the
/// compact-exponent operand e is always 0 here: Tend never writes "1.2c6").
public enum PluralRules {
    /// The categories a language's catalog entries give, in order.
    public static func categories(_ rules: Rules) -> [PluralCategory] {
        switch rules {
        case .oneOther: [.one, .other]
        case .french, .spanish, .italian: [.one, .many, .other]
        case .polish: [.one, .few, .many, .other]
        case .arabic: [.zero, .one, .two, .few, .many, .other]
        case .none: [.other]
        }
    }

    /// The rule families Tend's languages use.
    public enum Rules: String, Sendable, CaseIterable {
        /// English, German, Dutch: one is exactly "1" (i = 1 and v = 0).
        case oneOther
        /// French and Brazilian Portuguese: one is 0 and 1 and everything below 2 (i = 0,1).
        case french
        /// Spanish: one is n = 1 (so also "1.0").
        case spanish
        /// Italian: one is i = 1 and v = 0.
        case italian
        /// Polish: one, few (2–4, not 12–14), many (the other whole numbers), other (fractions).
        case polish
        /// Arabic: zero, one, two, few (3–10), many (11–99), other.
        case arabic
        /// Japanese and Chinese: one form.
        case none
    }

    public static func category(_ rules: Rules, _ operands: PluralOperands) -> PluralCategory {
        let i = operands.i
        let v = operands.v
        // "many" of French, Spanish, Italian, Portuguese: a whole million, 2 million, …
        let millions = i != 0 && i % 1_000_000 == 0 && v == 0
        switch rules {
        case .oneOther:
            return i == 1 && v == 0 ? .one : .other
        case .french:
            if i == 0 || i == 1 { return .one }
            return millions ? .many : .other
        case .spanish:
            if operands.n == 1 { return .one }
            return millions ? .many : .other
        case .italian:
            if i == 1 && v == 0 { return .one }
            return millions ? .many : .other
        case .polish:
            guard v == 0 else { return .other }
            if i == 1 { return .one }
            let last = i % 10
            let lastTwo = i % 100
            if (2...4).contains(last) && !(12...14).contains(lastTwo) { return .few }
            return .many
        case .arabic:
            guard operands.isWhole else { return .other }
            let n = i
            if n == 0 { return .zero }
            if n == 1 { return .one }
            if n == 2 { return .two }
            if (3...10).contains(n % 100) { return .few }
            if (11...99).contains(n % 100) { return .many }
            return .other
        case .none:
            return .other
        }
    }
}
