import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend config set KEY VALUE`.
struct ConfigSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change one setting.",
        discussion: HelpText.fitted(
            """
            timezone: an IANA zone (Europe/Berlin; a near miss such as europe/berlin is refused with \
            the name to use). day-start: the hour (0–23) before which it is still yesterday. \
            first-weekday: mon … sun, 1 (Sunday) … 7, or `locale`. locale: a language Foundation \
            knows, with an optional region: en_US, de_DE (de-DE is read as de_DE). language: the \
            language Tend speaks (\(Language.shippedList)), or auto \
            for the shell's (LC_ALL, LC_MESSAGES, LANG); --json output never changes with it.

            Examples:
              tend config set timezone Europe/Berlin
              tend config set day-start 4
              tend config set first-weekday mon
              tend config set locale de_DE
              tend config set language de
            """)
    )

    enum Key: String, ExpressibleByArgument, CaseIterable {
        case timezone
        case dayStart = "day-start"
        case firstWeekday = "first-weekday"
        case locale
        case language
    }

    @OptionGroup var options: GlobalOptions
    @Argument(help: "timezone, day-start, first-weekday, locale or language.") var key: Key
    @Argument(help: "The new value.") var value: String

    func run() async throws {
        var session = try await Session.open(options)
        var settings = session.user.settings
        let text = value.trimmingCharacters(in: .whitespaces)
        switch key {
        case .timezone:
            settings.timeZone = try ConfigSetCommand.timeZone(text)
        case .dayStart:
            let hourText = text.hasSuffix(":00") ? String(text.dropLast(3)) : text
            guard let hour = Int(hourText), (0...23).contains(hour) else {
                throw CLIError(t("day-start must be an hour from 0 to 23, not '{text}'", ["text": text]))
            }
            settings.dayStartHour = hour
        case .firstWeekday:
            if ["locale", "auto", "default"].contains(text.lowercased()) {
                settings.firstWeekday = nil
            } else if let number = Int(text), (1...7).contains(number) {
                settings.firstWeekday = number
            } else if let weekday = Weekday(code: text) {
                settings.firstWeekday = weekday.rawValue
            } else {
                throw CLIError(t("first-weekday must be mon … sun, 1 (Sunday) … 7 (Saturday) or locale, not '{text}'", ["text": text]))
            }
        case .locale:
            settings.locale = try ConfigSetCommand.locale(text)
        case .language:
            settings.language = try ConfigSetCommand.language(text)
        }
        try settings.validate()
        session.user = try await session.store.updateSettings(owner: session.owner, settings)
        Words.current.settle(Session.language(settings, environment: session.context.environment))
        if options.quiet { return }
        try ConfigShowCommand.show(session)
    }

    /// A zone Foundation knows, as given; otherwise the refusal names the zone meant: the same
    /// name in other case (`europe/berlin`), else the one zone of that city (`new york`), else
    /// the nearest by edit distance (not a bare region such as `Europe`, which many names start with).
    static func timeZone(_ text: String) throws -> String {
        if TimeZone(identifier: text) != nil { return text }
        let known = TimeZone.knownTimeZoneIdentifiers
        let lower = text.lowercased()
        let city = lower.replacingOccurrences(of: " ", with: "_")
        let cities = known.filter { $0.lowercased().split(separator: "/").last.map(String.init) == city }
        let nearest = HabitLookup.closestName(to: text, among: known).flatMap { name in
            name.lowercased().hasPrefix(lower) && known.count(where: { $0.lowercased().hasPrefix(lower) }) > 1 ? nil : name
        }
        let suggestion = known.first { $0.lowercased() == lower } ?? (cities.count == 1 ? cities[0] : nil) ?? nearest
        guard let suggestion else { throw CLIError(SettingsError.unknownTimeZone(text).description) }
        throw CLIError(t("unknown time zone '{text}'; did you mean {suggestion}?", ["text": text, "suggestion": suggestion]))
    }

    /// A shipped language for `text` (`de`, `pt-BR`, `pt_BR`, `zh`: the language it names, as
    /// the browser's choice would be read), or `nil` for `auto`.
    static func language(_ text: String) throws -> String? {
        if ["auto", "default", "system"].contains(text.lowercased()) { return nil }
        guard let language = Language(matching: text) else {
            throw CLIError(
                t("Tend does not speak '{text}': choose one of {languages}, or auto", ["text": text, "languages": Language.shippedList]))
        }
        return language.tag
    }

    /// A locale whose language Foundation knows (and whose region, if any, it knows too), in
    /// the `de_DE` form: `de-DE` and `DE_de` are read as `de_DE`; `@` keywords are kept.
    static func locale(_ text: String) throws -> String {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let base = parts[0].replacingOccurrences(of: "-", with: "_")
        let keywords = parts.count > 1 ? "@" + parts[1] : ""
        let available = Locale.availableIdentifiers
        if let known = available.first(where: { $0.caseInsensitiveCompare(base) == .orderedSame }) {
            return known + keywords
        }
        let codes = base.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        let languages = Set(available.map { $0.split(separator: "_")[0].lowercased() })
        let regions = Set(
            available.compactMap { identifier -> String? in
                identifier.split(separator: "_").dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
                    .map { $0.uppercased() }
            })
        if codes.count == 2, languages.contains(codes[0].lowercased()), regions.contains(codes[1].uppercased()) {
            return codes[0].lowercased() + "_" + codes[1].uppercased() + keywords
        }
        throw CLIError(
            t("unknown locale '{text}' (use a language and region Foundation knows, in the form en_US or de_DE)", ["text": text]))
    }
}
