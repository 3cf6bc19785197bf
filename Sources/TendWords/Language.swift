import Foundation

/// A language Tend speaks: English (the catalogs' source) and the shipped translations, plus a
/// pseudo-language for finding text that bypasses the catalog.
public enum Language: String, CaseIterable, Sendable, Codable, Hashable {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"
    case portugueseBrazil = "pt-BR"
    case italian = "it"
    case dutch = "nl"
    case polish = "pl"
    case japanese = "ja"
    case chineseSimplified = "zh-Hans"
    case arabic = "ar"
    /// English made accented and about 40 % longer (`[Ŧôđåý ~~~]`), generated from the source: a
    /// page in it shows at a glance any word that did not come from the catalog, and any box too
    /// narrow for a longer language. Never negotiated; chosen by name only.
    case pseudo = "qps"

    /// The BCP 47 tag (`lang` attributes, `Content-Language`, settings).
    public var tag: String { rawValue }

    /// The languages people can choose, English first, then by tag.
    public static let shipped: [Language] = allCases.filter { $0 != .pseudo }

    /// The shipped languages' tags as a list for a message: "en, de, fr, …".
    public static var shippedList: String { shipped.map(\.tag).joined(separator: ", ") }

    /// The language's name in itself, for the picker.
    public var autonym: String {
        switch self {
        case .english: "English"
        case .german: "Deutsch"
        case .french: "Français"
        case .spanish: "Español"
        case .portugueseBrazil: "Português (Brasil)"
        case .italian: "Italiano"
        case .dutch: "Nederlands"
        case .polish: "Polski"
        case .japanese: "日本語"
        case .chineseSimplified: "简体中文"
        case .arabic: "العربية"
        case .pseudo: "[Þšéûđô ~~~]"
        }
    }

    public var isRightToLeft: Bool { self == .arabic }

    /// `rtl` or `ltr`, for the `dir` attribute.
    public var direction: String { isRightToLeft ? "rtl" : "ltr" }

    public var pluralRules: PluralRules.Rules {
        switch self {
        case .english, .german, .dutch, .pseudo: .oneOther
        case .french, .portugueseBrazil: .french
        case .spanish: .spanish
        case .italian: .italian
        case .polish: .polish
        case .arabic: .arabic
        case .japanese, .chineseSimplified: .none
        }
    }

    /// The plural forms this language's catalog entries give, in order.
    public var pluralCategories: [PluralCategory] { PluralRules.categories(pluralRules) }

    /// The language for a tag (case-insensitive; `_` read as `-`): an exact shipped language, else
    /// one of the same base language (pt-PT → pt-BR, zh-CN and zh → zh-Hans, de-AT → de), else `nil`.
    /// Traditional Chinese (zh-Hant, zh-TW, zh-HK) is not Simplified Chinese: `nil`.
    public init?(matching tag: String) {
        let parts = tag.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(String.init)
        guard let base = parts.first, !base.isEmpty else { return nil }
        if tag.caseInsensitiveCompare("qps") == .orderedSame {
            self = .pseudo
            return
        }
        switch base {
        case "en": self = .english
        case "de": self = .german
        case "fr": self = .french
        case "es": self = .spanish
        case "pt": self = .portugueseBrazil
        case "it": self = .italian
        case "nl": self = .dutch
        case "pl": self = .polish
        case "ja": self = .japanese
        case "ar": self = .arabic
        case "zh":
            let rest = Set(parts.dropFirst())
            if rest.contains("hant") || rest.contains("tw") || rest.contains("hk") || rest.contains("mo") { return nil }
            self = .chineseSimplified
        default: return nil
        }
    }

    /// The best shipped language for an `Accept-Language` header: the listed tags by quality
    /// (ties in order), each matched as ``init(matching:)`` does; English when none matches.
    public static func negotiate(acceptLanguage header: String?) -> Language {
        guard let header else { return .english }
        var ranked: [(tag: String, quality: Double, position: Int)] = []
        for (position, item) in header.split(separator: ",").prefix(32).enumerated() {
            let fields = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = fields.first, !tag.isEmpty, tag != "*" else { continue }
            var quality = 1.0
            for parameter in fields.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0 { ranked.append((tag, quality, position)) }
        }
        ranked.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.position < $1.position }
        for candidate in ranked {
            if let language = Language(matching: candidate.tag), language != .pseudo { return language }
        }
        return .english
    }

    /// The language of a POSIX environment: `LC_ALL`, then `LC_MESSAGES`, then `LANG`, the first
    /// one set (`de_DE.UTF-8`, `pt_BR`); `C` and `POSIX` are English. `LANGUAGE` (GNU's list,
    /// `de:fr`) is read first when the locale is not C, as gettext does.
    public static func fromEnvironment(_ environment: [String: String]) -> Language? {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale else { return nil }
        let name = String(locale.split(separator: ".").first ?? "").split(separator: "@").first.map(String.init) ?? ""
        if name == "C" || name == "POSIX" || name.isEmpty { return .english }
        if let list = environment["LANGUAGE"], !list.isEmpty {
            for item in list.split(separator: ":") {
                if let language = Language(matching: String(item)) { return language }
            }
        }
        return Language(matching: name)
    }
}
