import Testing

@testable import TendWords

/// CLDR's own samples (`plurals.xml`, the `@integer` and `@decimal` lists) for each rule family.
@Suite("CLDR plural rules")
struct PluralRulesTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        var language: Language
        var category: PluralCategory
        var numbers: [String]
        var testDescription: String { "\(language.tag) \(category): \(numbers.joined(separator: " "))" }
    }

    static let samples: [Sample] = [
        Sample(language: .english, category: .one, numbers: ["1"]),
        Sample(language: .english, category: .other, numbers: ["0", "2", "16", "100", "1000", "0.0", "1.0", "1.5", "10.0"]),
        Sample(language: .german, category: .one, numbers: ["1"]),
        Sample(language: .german, category: .other, numbers: ["0", "2", "1.0", "0.5"]),
        Sample(language: .dutch, category: .other, numbers: ["0", "3", "1.00"]),
        Sample(language: .french, category: .one, numbers: ["0", "1", "0.0", "1.5", "1.0"]),
        Sample(language: .french, category: .many, numbers: ["1000000", "2000000"]),
        Sample(language: .french, category: .other, numbers: ["2", "17", "100", "1000", "2.0", "3.5", "1000000.5"]),
        Sample(language: .portugueseBrazil, category: .one, numbers: ["0", "1", "0.5", "1.5"]),
        Sample(language: .portugueseBrazil, category: .many, numbers: ["1000000"]),
        Sample(language: .portugueseBrazil, category: .other, numbers: ["2", "2.0", "100"]),
        Sample(language: .spanish, category: .one, numbers: ["1", "1.0", "1.00"]),
        Sample(language: .spanish, category: .many, numbers: ["1000000", "3000000"]),
        Sample(language: .spanish, category: .other, numbers: ["0", "2", "0.5", "1.5", "999999"]),
        Sample(language: .italian, category: .one, numbers: ["1"]),
        Sample(language: .italian, category: .many, numbers: ["1000000"]),
        Sample(language: .italian, category: .other, numbers: ["0", "2", "1.0", "1.5"]),
        Sample(language: .polish, category: .one, numbers: ["1"]),
        Sample(language: .polish, category: .few, numbers: ["2", "3", "4", "22", "23", "24", "32", "102", "1002"]),
        Sample(language: .polish, category: .many, numbers: ["0", "5", "11", "12", "13", "14", "19", "21", "25", "100", "111", "1000"]),
        Sample(language: .polish, category: .other, numbers: ["0.0", "1.5", "2.5", "1.0", "10.1"]),
        Sample(language: .arabic, category: .zero, numbers: ["0", "0.0", "0.00"]),
        Sample(language: .arabic, category: .one, numbers: ["1", "1.0"]),
        Sample(language: .arabic, category: .two, numbers: ["2", "2.0"]),
        Sample(language: .arabic, category: .few, numbers: ["3", "10", "103", "110", "1003", "3.0"]),
        Sample(language: .arabic, category: .many, numbers: ["11", "26", "99", "111", "1011", "11.0"]),
        Sample(language: .arabic, category: .other, numbers: ["100", "101", "102", "200", "1000", "0.1", "1.5", "2.5"]),
        Sample(language: .japanese, category: .other, numbers: ["0", "1", "2", "1.5"]),
        Sample(language: .chineseSimplified, category: .other, numbers: ["0", "1", "100"]),
    ]

    @Test("Each language's numbers take the category CLDR gives them", arguments: samples)
    func category(_ sample: Sample) throws {
        for number in sample.numbers {
            let operands = try #require(PluralOperands(decimal: number))
            #expect(PluralRules.category(sample.language.pluralRules, operands) == sample.category, "\(number)")
        }
    }

    @Test("Every category a language uses is reachable, and a language has no other")
    func categoriesMatchSamples() {
        for language in Language.shipped {
            let sampled = Set(Self.samples.filter { $0.language.pluralRules == language.pluralRules }.map(\.category))
            let used = Set(language.pluralCategories)
            #expect(sampled.isSubset(of: used), "\(language)")
            for number in Array(0..<300) + [1000, 1_000_000, 1_000_001, 2_000_000] {
                #expect(used.contains(PluralRules.category(language.pluralRules, PluralOperands(number))), "\(language) \(number)")
            }
        }
    }

    @Test("The operands of a shown number: integer, visible fraction digits, fraction with and without zeros")
    func operands() throws {
        let shown = try #require(PluralOperands(decimal: "12.50"))
        #expect(shown.i == 12 && shown.v == 2 && shown.f == 50 && shown.t == 5 && shown.n == 12.5)
        let negative = try #require(PluralOperands(decimal: "-3"))
        #expect(negative.i == 3 && negative.v == 0)
        #expect(PluralOperands(7) == PluralOperands(decimal: "7"))
        for bad in ["", ".", "1.", ".5", "1,5", "1e3", "٣", "1.2.3", "x"] {
            #expect(PluralOperands(decimal: bad) == nil, "\(bad)")
        }
    }
}
