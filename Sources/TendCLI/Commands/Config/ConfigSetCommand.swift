import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend config set KEY VALUE`.
struct ConfigSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change one setting.",
        discussion: """
            timezone: an IANA zone (Europe/Berlin). day-start: the hour (0–23) before which it is \
            still yesterday. first-weekday: mon … sun, 1 (Sunday) … 7, or `locale`. locale: en_US, de_DE …

            Examples:
              tend config set timezone Europe/Berlin
              tend config set day-start 4
              tend config set first-weekday mon
            """
    )

    enum Key: String, ExpressibleByArgument, CaseIterable {
        case timezone, dayStart = "day-start", firstWeekday = "first-weekday", locale
    }

    @OptionGroup var options: GlobalOptions
    @Argument(help: "timezone, day-start, first-weekday or locale.") var key: Key
    @Argument(help: "The new value.") var value: String

    func run() async throws {
        var session = try await Session.open(options)
        var settings = session.user.settings
        let text = value.trimmingCharacters(in: .whitespaces)
        switch key {
        case .timezone:
            guard TimeZone(identifier: text) != nil else {
                throw CLIError(SettingsError.unknownTimeZone(text).description)
            }
            settings.timeZone = text
        case .dayStart:
            let hourText = text.hasSuffix(":00") ? String(text.dropLast(3)) : text
            guard let hour = Int(hourText), (0...23).contains(hour) else {
                throw CLIError("day-start must be an hour from 0 to 23, not '\(text)'")
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
                throw CLIError("first-weekday must be mon … sun, 1 (Sunday) … 7 (Saturday) or locale, not '\(text)'")
            }
        case .locale:
            settings.locale = text
        }
        try settings.validate()
        session.user = try await session.store.updateSettings(owner: session.owner, settings)
        if options.quiet { return }
        try ConfigShowCommand.show(session)
    }
}
