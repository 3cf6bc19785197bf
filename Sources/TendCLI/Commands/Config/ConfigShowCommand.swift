import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendStore
import TendWords

/// `tend config show`.
struct ConfigShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the settings.",
        discussion: HelpText.fitted("Example:\n  tend config show --json")
    )

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let session = try await Session.open(options)
        try ConfigShowCommand.show(session)
    }

    static func show(_ session: Session) throws {
        let settings = session.user.settings
        let path = session.options.databasePath(environment: session.context.environment)
        if session.options.json {
            try session.printJSON(ConfigJSON(settings: settings, database: path, today: session.today))
            return
        }
        let weekday =
            settings.firstWeekday.map { Weekday(rawValue: $0)!.code }
            ?? "locale (\(Weekday(rawValue: session.calendar.firstWeekday)!.code))"
        session.print("timezone       \(settings.timeZone)")
        session.print("day-start      \(settings.dayStartHour)")
        session.print("first-weekday  \(weekday)")
        session.print("locale         \(settings.locale)")
        session.print("language       \(settings.language ?? "auto (\(Words.current.language.tag))")")
        session.print("database       \(path)")
        session.print("today          \(session.today.iso)")
    }
}

struct ConfigJSON: Encodable {
    var timezone: String
    var dayStart: Int
    @NullWhenAbsent var firstWeekday: String?
    var locale: String
    /// `null`: the shell's.
    @NullWhenAbsent var language: String?
    var database: String
    var today: String

    init(settings: UserSettings, database: String, today: Day) {
        timezone = settings.timeZone
        dayStart = settings.dayStartHour
        firstWeekday = settings.firstWeekday.flatMap { Weekday(rawValue: $0)?.code }
        locale = settings.locale
        language = settings.language
        self.database = database
        self.today = today.iso
    }

    enum CodingKeys: String, CodingKey { case timezone, dayStart, firstWeekday, locale, language, database, today }
}
