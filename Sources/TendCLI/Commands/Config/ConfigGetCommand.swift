import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend config get KEY`.
struct ConfigGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print one setting's value.",
        discussion: HelpText.fitted(
            """
            Prints the value in the form `config set` takes: first-weekday prints `locale` while \
            the week follows the locale, language prints `auto` while Tend speaks the shell's \
            language. With --json: {"key": …, "value": …}, where day-start is a number and \
            first-weekday and language are null while they follow the locale or the shell.

            Examples:
              tend config get timezone
              tend config get day-start --json
            """)
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: "timezone, day-start, first-weekday, locale or language.") var key: ConfigSetCommand.Key

    func run() async throws {
        let session = try await Session.open(options)
        let settings = session.user.settings
        let value: SettingJSON.Value
        switch key {
        case .timezone: value = .text(settings.timeZone)
        case .dayStart: value = .number(settings.dayStartHour)
        case .firstWeekday: value = settings.firstWeekday.flatMap { Weekday(rawValue: $0) }.map { .text($0.code) } ?? .none
        case .locale: value = .text(settings.locale)
        case .language: value = settings.language.map { .text($0) } ?? .automatic
        }
        if options.json { return try session.printJSON(SettingJSON(key: key.rawValue, value: value)) }
        switch value {
        case .text(let text): session.print(text)
        case .number(let number): session.print(String(number))
        case .none: session.print("locale")
        case .automatic: session.print("auto")
        }
    }
}

/// `config get --json`: `{"key": "timezone", "value": "Europe/Berlin"}`.
struct SettingJSON: Encodable {
    enum Value {
        case text(String)
        case number(Int)
        /// Follows the locale (first-weekday).
        case none
        /// Follows the shell (language).
        case automatic
    }

    var key: String
    var value: Value

    enum CodingKeys: String, CodingKey { case key, value }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        switch value {
        case .text(let text): try c.encode(text, forKey: .value)
        case .number(let number): try c.encode(number, forKey: .value)
        case .none, .automatic: try c.encodeNil(forKey: .value)
        }
    }
}
