import Foundation
import Synchronization

/// Tend's words in one language: every sentence a person reads goes through here. The English
/// text in the code is the catalog's key (gettext's `msgid`); placeholders are named, `{habit}`,
/// so a translation may put them in any order; a message with a number takes the plural form CLDR
/// gives for that number in the language.
///
///     words("Time for {habit}", ["habit": habit.name])
///     words.plural("{count} day", "{count} days", count: 3)
public struct Words: Sendable {
    private let fixedLanguage: Language
    private let catalog: Catalog?
    /// Set for ``settling(_:)``'s words: the language may still change once.
    private let slot: LanguageSlot?

    public init(_ language: Language) {
        self.init(language, catalog: ShippedCatalogs.catalog(language))
    }

    init(_ language: Language, catalog: Catalog?) {
        fixedLanguage = language
        self.catalog = catalog
        slot = nil
    }

    private init(slot: LanguageSlot) {
        fixedLanguage = .english
        catalog = nil
        self.slot = slot
    }

    public var language: Language { slot?.language ?? fixedLanguage }

    /// Words in `language` until ``settle(_:)`` names another: for a CLI run, which speaks the
    /// shell's language until it has opened the database holding the account's choice.
    public static func settling(_ language: Language) -> Words { Words(slot: LanguageSlot(language)) }

    /// Switches ``settling(_:)``'s words to `language` (other words keep theirs).
    public func settle(_ language: Language) { slot?.set(language) }

    /// These words with their language as it is now.
    private var settled: Words? { slot.map { Words.of($0.language) } }

    /// The English source, unchanged.
    public static let english = Words(.english)

    /// The words of `language`, made when a language is first spoken: a run of the CLI or a
    /// server that speaks English and German parses those two catalogs, not all ten.
    public static func of(_ language: Language) -> Words {
        if language == .english { return .english }
        return made.withLock { made in
            if let words = made[language] { return words }
            let words = Words(language)
            made[language] = words
            return words
        }
    }

    private static let made = Mutex<[Language: Words]>([:])

    /// The words of whoever the current task works for: a request's account, the CLI's shell.
    @TaskLocal public static var current: Words = .english

    /// The translation of `source` (English, with `{name}` placeholders), with `values` put in.
    public func callAsFunction(_ source: String, context: String = "", _ values: KeyValuePairs<String, String> = [:]) -> String {
        if let settled { return settled(source, context: context, values) }
        let text = translation(Catalog.Key(source, context: context), form: nil) ?? source
        return Self.fill(localized(text, source: source), values)
    }

    /// The form of a message with a number that `count` takes in this language: `one` and
    /// `other` are the English forms; `{count}` is replaced by `count` as this language writes it,
    /// unless `values` gives it (a decimal amount already formatted, say).
    public func plural(
        _ one: String, _ other: String, count: Int, context: String = "", _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        plural(one, other, operands: PluralOperands(count), shown: number(count), context: context, values)
    }

    /// The form for a number shown as `shown` whose operands are `operands` (a decimal amount:
    /// "2,5" in German has v = 1 and takes the form for 2.5, not for 2).
    public func plural(
        _ one: String, _ other: String, operands: PluralOperands, shown: String, context: String = "",
        _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        if let settled { return settled.plural(one, other, operands: operands, shown: shown, context: context, values) }
        let category = PluralRules.category(language.pluralRules, operands)
        let englishForm = PluralRules.category(.oneOther, operands) == .one ? one : other
        let form = language.pluralCategories.firstIndex(of: category) ?? (language.pluralCategories.count - 1)
        let text = translation(Catalog.Key(one, context: context), form: form) ?? englishForm
        var filled: [(String, String)] = [("count", shown)]
        for (key, value) in values {
            if key == "count" { filled[0].1 = value } else { filled.append((key, value)) }
        }
        return Self.fill(localized(text, source: englishForm), filled)
    }

    /// A whole number as this language writes it (grouping, digits).
    public func number(_ value: Int) -> String {
        // English keeps the plain digits Tend has always printed ("1000 days").
        if language == .english || language == .pseudo { return String(value) }
        return Self.numberFormats.withLock { formats in
            if let formatter = formats[language] { return formatter.string(from: NSNumber(value: value)) ?? String(value) }
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: language.numberLocale)
            formatter.numberStyle = .decimal
            formats[language] = formatter
            return formatter.string(from: NSNumber(value: value)) ?? String(value)
        }
    }

    private static let numberFormats = LockedFormatters()

    private func translation(_ key: Catalog.Key, form: Int?) -> String? {
        guard let entry = catalog?.entry(key) else { return nil }
        let index = form ?? 0
        guard index < entry.translations.count, !entry.translations[index].isEmpty else { return nil }
        return entry.translations[index]
    }

    private func localized(_ text: String, source: String) -> String {
        language == .pseudo ? PseudoLanguage.transform(source) : text
    }

    /// `text` with each `{name}` replaced by its value; an unknown name is left as it is written.
    static func fill<S: Sequence>(_ text: String, _ values: S) -> String where S.Element == (key: String, value: String) {
        fill(text, values.map { ($0.key, $0.value) })
    }

    static func fill(_ text: String, _ values: [(String, String)]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                result += rest[open...]
                return result
            }
            let name = rest[rest.index(after: open)..<close]
            if let value = values.first(where: { $0.0 == name })?.1 {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The placeholders `{name}` in `text`, in order.
    public static func placeholders(_ text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

extension Language {
    /// The locale whose number and date style this language's messages use.
    public var numberLocale: String {
        switch self {
        case .pseudo: "en"
        case .chineseSimplified: "zh_Hans"
        case .portugueseBrazil: "pt_BR"
        default: rawValue
        }
    }
}

/// The language of ``Words/settling(_:)``'s words.
private final class LanguageSlot: Sendable {
    private let current: Mutex<Language>
    init(_ language: Language) { current = Mutex(language) }
    var language: Language { current.withLock { $0 } }
    func set(_ language: Language) { current.withLock { $0 = language } }
}

/// NumberFormatter is not thread-safe; one per language behind a lock.
private final class LockedFormatters: @unchecked Sendable {
    private let lock = NSLock()
    private var formats: [Language: NumberFormatter] = [:]

    func withLock<T>(_ body: (inout [Language: NumberFormatter]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&formats)
    }
}

/// The current words' translation of `source` (``Words/current``): what pages, messages and
/// notifications call. `source` must be a string literal, so `scripts/extract-words` finds it.
public func t(_ source: String, context: String = "", _ values: KeyValuePairs<String, String> = [:]) -> String {
    Words.current(source, context: context, values)
}

/// The current words' form of a message with a number (``Words/plural(_:_:count:context:_:)``).
public func tPlural(
    _ one: String, _ other: String, count: Int, context: String = "", _ values: KeyValuePairs<String, String> = [:]
) -> String {
    Words.current.plural(one, other, count: count, context: context, values)
}
