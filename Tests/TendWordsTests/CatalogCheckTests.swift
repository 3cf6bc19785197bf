import Foundation
import Testing

@testable import TendWords

/// The catalog check (docs/translating.md): every shipped language says every message of the
/// English template, with the same placeholders, every plural form its language needs, and no
/// entry left empty, marked fuzzy or copied from English unless it is listed as the same word.
@Suite("Catalog check")
struct CatalogCheckTests {
    /// Messages that are rightly the same as English (a name, a unit, a borrowed word); a copy not
    /// listed here is taken for an untranslated entry. These are the same in every language.
    static let sameEverywhere: Set<String> = [
        "{count} KiB", "{count} MiB", "{hours} h", "{hours} h {minutes} min", "{hours} h {minutes} min {seconds} s", "{minutes} min",
        "{minutes} min {seconds} s", "{seconds} s", "Webhook", "createdOn: {reason}",
    ]

    /// Words a language writes as English does (a name, a borrowed word), listed by its translators.
    static let sameAsEnglish: [Language: Set<String>] = [
        .german: [
            "Cyan", "Emoji", "Export", "Format", "Import", "Indigo", "Mint", "Name", "Offline", "Orange", "Pause", "Pink", "Test",
            "offline", "offline: {error}",
        ],
        .french: [
            "Cyan", "Format", "Indigo", "Note", "Notes", "Notifications", "Orange", "Routines", "Test", "Total", "cyan", "emoji", "indigo",
            "notes", "orange", "score", "total",
        ],
        .spanish: [
            "Emoji", "Total", "color", "emoji", "id", "total", "{count} byte", "{count} bytes",
        ],
        .portugueseBrazil: [
            "Backup", "Emoji", "Total", "emoji", "id", "total", "{count} byte", "{count} bytes",
        ],
        .italian: [
            "Backup", "Emoji", "Offline", "Password", "database", "emoji", "id", "offline", "offline: {error}", "{count} byte",
        ],
        .dutch: [
            "Conflict", "Emoji", "Indigo", "Later", "Offline", "Routines", "Tip: {title}. {message} (tend tips dismiss {id})", "Tips",
            "Week", "Week {start} – {end}", "database", "emoji", "id", "indigo", "offline", "offline: {error}", "score",
            "score {ring} {percent}", "score: {legend}", "{count} byte", "{count} bytes",
        ],
        .polish: [
            "Emoji", "Format", "Import", "Tag", "Test", "emoji", "id",
        ],
    ]

    static func template() throws -> Catalog { try Catalog.parse(ShippedCatalogs.template) }

    @Test("The English template parses and every message in it is unique")
    func templateParses() throws {
        let template = try Self.template()
        #expect(Set(template.entries.map(\.key)).count == template.entries.count)
        for entry in template.entries {
            let empty = entry.translations.allSatisfy(\.isEmpty)
            #expect(empty, "\(entry.key): the template holds no translations")
        }
    }

    @Test("Every language has every message, no other, each with its plural forms", arguments: Language.shipped.filter { $0 != .english })
    func complete(_ language: Language) throws {
        let text = try #require(ShippedCatalogs.text(language), "no catalog for \(language.tag)")
        let catalog = try Catalog.parse(text)
        let template = try Self.template()
        let forms = language.pluralCategories.count
        #expect(catalog.header["Plural-Forms"]?.hasPrefix("nplurals=\(forms);") == true, "\(language.tag): \(catalog.header)")
        #expect(catalog.header["Language"] == language.tag.replacingOccurrences(of: "-", with: "_"))
        for entry in template.entries {
            guard let translated = catalog.entry(entry.key) else {
                Issue.record("\(language.tag): \(entry.key) is missing")
                continue
            }
            #expect(translated.sourcePlural == entry.sourcePlural, "\(language.tag): \(entry.key)'s English plural differs")
            #expect(
                translated.translations.count == (entry.isPlural ? forms : 1),
                "\(language.tag): \(entry.key) has \(translated.translations.count) forms")
            #expect(!translated.flags.contains("fuzzy"), "\(language.tag): \(entry.key) is marked fuzzy")
            let translatedAll = translated.translations.allSatisfy { !$0.isEmpty }
            #expect(translatedAll, "\(language.tag): \(entry.key) is not translated")
        }
        let known = Set(template.entries.map(\.key))
        for entry in catalog.entries where !known.contains(entry.key) {
            Issue.record("\(language.tag): \(entry.key) is not in the template (run scripts/extract-words)")
        }
    }

    @Test(
        "Every translation keeps the English placeholders: the same names, none added",
        arguments: Language.shipped.filter { $0 != .english })
    func placeholders(_ language: Language) throws {
        let catalog = try Catalog.parse(try #require(ShippedCatalogs.text(language)))
        for entry in catalog.entries {
            let english = Set(Words.placeholders(entry.key.source) + Words.placeholders(entry.sourcePlural ?? ""))
            for (index, text) in entry.translations.enumerated() where !text.isEmpty {
                var names = Set(Words.placeholders(text))
                #expect(names.isSubset(of: english), "\(language.tag): \(entry.key) has \(names.subtracting(english).sorted())")
                // The forms for one exact number (zero, one, two) may say it in words: "einen Tag".
                if entry.isPlural, [.zero, .one, .two].contains(language.pluralCategories[index]) { names.insert("count") }
                #expect(english.isSubset(of: names), "\(language.tag): \(entry.key) lacks \(english.subtracting(names).sorted())")
            }
        }
    }

    @Test(
        "No translation is a copy of the English unless it is listed as the same word",
        arguments: Language.shipped.filter { $0 != .english })
    func noCopies(_ language: Language) throws {
        let catalog = try Catalog.parse(try #require(ShippedCatalogs.text(language)))
        let allowed = Self.sameEverywhere.union(Self.sameAsEnglish[language] ?? [])
        for entry in catalog.entries where !allowed.contains(entry.key.source) {
            let english = [entry.key.source, entry.sourcePlural].compactMap { $0 }
            // Only words count: a message that is all placeholders and symbols ("{value} {unit}") stays.
            guard entry.key.source.contains(where: \.isLetter) else { continue }
            let letters = Words.fill(entry.key.source, Words.placeholders(entry.key.source).map { ($0, "") })
            guard letters.contains(where: \.isLetter) else { continue }
            for text in entry.translations {
                #expect(!english.contains(text), "\(language.tag): \(entry.key) is the English text")
            }
        }
    }
}
