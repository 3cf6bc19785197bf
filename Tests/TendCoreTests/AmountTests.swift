import Foundation
import PropertyBased
import TendCore
import Testing

@Suite("Amount: exact decimals with three places")
struct AmountTests {
    static let thousandths = Gen.int(in: -1_000_000_000...1_000_000_000)

    @Test("0.1 added ten times is exactly 1 (a Double makes 0.9999999999999999)")
    func tenthsAddUp() throws {
        let tenth = try #require(Amount(exactly: Decimal(string: "0.1")!))
        var total = Amount.zero
        for _ in 0..<10 { total += tenth }
        #expect(total == Amount(1))
        #expect(total.isWhole)
        #expect((0..<10).reduce(0.0) { total, _ in total + 0.1 } != 1.0)
    }

    @Test("Sums are exact and independent of order over random amounts")
    func sumsAreExact() async {
        await propertyCheck(count: 300, input: Self.thousandths.array(of: 0...60)) { values in
            let amounts = values.map { Amount(thousandths: Int64($0)) }
            let total = Amount.sum(amounts)
            #expect(total.thousandths == values.reduce(Int64(0)) { $0 + Int64($1) })
            #expect(Amount.sum(amounts.reversed()) == total)
            // Taking each away again comes back to zero exactly.
            #expect(amounts.reduce(total) { $0 - $1 } == .zero)
        }
    }

    @Test("Written and read again, as JSON and as text, every amount is itself")
    func roundTrips() async throws {
        await propertyCheck(count: 500, input: Self.thousandths) { value in
            let amount = Amount(thousandths: Int64(value))
            let json = try! JSONEncoder().encode(amount)
            #expect(try! JSONDecoder().decode(Amount.self, from: json) == amount)
            #expect(String(decoding: json, as: UTF8.self) == amount.description)
            #expect(Amount(exactly: Decimal(string: amount.description)!) == amount)
            if amount >= .zero {
                for identifier in ["en_US", "de_DE", "fr_FR", "hi_IN", "ar_EG"] {
                    let locale = Locale(identifier: identifier)
                    let text = AmountText.text(amount, locale: locale)
                    // Written with grouping, read back when there is none to read.
                    if amount < Amount(1000) { #expect((try? AmountText.amount(text, locale: locale)) == amount, "\(identifier): \(text)") }
                }
            }
        }
    }

    @Test("JSON: whole amounts are integers, decimals are numbers, a fourth decimal is refused")
    func json() throws {
        #expect(String(decoding: try JSONEncoder().encode([Amount(3), Amount(thousandths: 2500)]), as: UTF8.self) == "[3,2.5]")
        #expect(
            try JSONDecoder().decode([Amount].self, from: Data("[1.25, 0.001, 72.4, 10]".utf8)).map(\.thousandths) == [
                1250, 1, 72400, 10000,
            ])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Amount.self, from: Data("0.0001".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Amount.self, from: Data("1e12".utf8)) }
    }

    @Test(
        "Typed in a locale",
        arguments: [
            ("2,5", "de_DE", "2.5"), ("2.5", "de_DE", "2.5"), ("2.5", "en_US", "2.5"), ("2,5", "en_US", "2.5"),
            ("1.234", "en_US", "1.234"), ("1,234", "de_DE", "1.234"), ("0,125", "en_US", "0.125"), ("1234,5", "en_US", "1234.5"),
            ("1.234", "fr_FR", "1.234"), (",5", "de_DE", "0.5"), ("10", "de_DE", "10"), (" 7,25 ", "de_DE", "7.25"),
            ("72.400", "en_US", "72.4"), ("٢٫٥", "ar_EG", "2.5"), ("۷٫۲۵", "fa_IR", "7.25"), ("2.5", "ar_EG", "2.5"),
        ])
    func typed(_ text: String, _ locale: String, _ expected: String) throws {
        #expect(try AmountText.amount(text, locale: Locale(identifier: locale)).description == expected)
    }

    @Test(
        "Refused with a reason",
        arguments: [
            ("1.234", "de_DE", "thousands separator"), ("1,234", "en_US", "thousands separator"), ("1.234,5", "de_DE", "more than one"),
            ("2.5555", "en_US", "more than 3 decimals"), ("-2", "en_US", "negative"), ("abc", "en_US", "not a number"),
            ("", "en_US", "value is needed"), ("12345678901", "en_US", "too large"), (".", "en_US", "not a number"),
        ])
    func refused(_ text: String, _ locale: String, _ reason: String) {
        #expect {
            try AmountText.amount(text, locale: Locale(identifier: locale))
        } throws: { error in
            String(describing: error).contains(reason)
        }
    }

    @Test("Shown in a locale: its separators, no trailing zeros")
    func shown() {
        let de = Locale(identifier: "de_DE")
        let en = Locale(identifier: "en_US")
        #expect(AmountText.text(Amount(thousandths: 2500), locale: de) == "2,5")
        #expect(AmountText.text(Amount(thousandths: 2500), locale: en) == "2.5")
        #expect(AmountText.text(Amount(10_000), locale: de) == "10.000")
        #expect(AmountText.text(Amount(10_000), locale: en) == "10,000")
        #expect(AmountText.text(Amount(thousandths: 1_234_125), locale: de) == "1.234,125")
        #expect(AmountText.text(Amount(thousandths: 1), locale: en) == "0.001")
        #expect(AmountText.text(Amount(thousandths: 2500), locale: Locale(identifier: "ar_EG")) == "٢٫٥")
    }
}
