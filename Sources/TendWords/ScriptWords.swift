import Foundation
import Synchronization

/// The messages the web app's JavaScript says (those whose `#:` reference in `tend.pot` is a `.js`
/// file), in one language, as the JSON a page carries for `words.js`:
///
///     {"lang":"de","forms":["one","other"],"messages":{"Done":"Erledigt","{count} day":["{count} Tag","{count} Tage"]}}
///
/// A message with a context is keyed `context + "\u{4}" + source` (gettext's separator); a plural
/// message has its forms in the order of `forms`, the CLDR categories the browser's
/// `Intl.PluralRules` names. English needs none: the scripts hold the English source.
public enum ScriptWords {
    public static func json(_ language: Language) -> String? {
        guard language != .english else { return nil }
        return made.withLock { made in
            if let kept = made[language] { return kept }
            let json = make(language)
            made[language] = .some(json)
            return json
        }
    }

    /// Made when a page in the language is first written.
    private static let made = Mutex<[Language: String?]>([:])

    private struct Document: Encodable {
        let lang: String
        let forms: [String]
        let messages: [String: Message]
    }

    private enum Message: Encodable {
        case text(String)
        case forms([String])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .forms(let forms): try container.encode(forms)
            }
        }
    }

    private static func make(_ language: Language) -> String? {
        guard let template = try? Catalog.parse(ShippedCatalogs.template) else { return nil }
        let catalog = ShippedCatalogs.catalog(language)
        var messages: [String: Message] = [:]
        for entry in template.entries where entry.references.contains(where: { $0.hasSuffix(".js") }) {
            let key = entry.key.context.isEmpty ? entry.key.source : entry.key.context + "\u{4}" + entry.key.source
            if language == .pseudo {
                messages[key] =
                    entry.sourcePlural.map { .forms([PseudoLanguage.transform(entry.key.source), PseudoLanguage.transform($0)]) }
                    ?? .text(PseudoLanguage.transform(entry.key.source))
                continue
            }
            guard let translated = catalog?.entry(entry.key), !translated.translations.contains(where: \.isEmpty) else { continue }
            messages[key] = translated.isPlural ? .forms(translated.translations) : .text(translated.translations[0])
        }
        let forms = language == .pseudo ? ["one", "other"] : language.pluralCategories.map(\.rawValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Document(lang: language.tag, forms: forms, messages: messages)) else { return nil }
        // Inside <script>: no "</script>" or "<!--" can end or bend it.
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
