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
        // The settings under their keys (as `config get` and `config set` take them), then the
        // database and today under labels in the current language, lined up with the keys.
        let rows: [(label: String, value: String)] = [
            ("timezone", settings.timeZone),
            ("day-start", "\(settings.dayStartHour)"),
            ("first-weekday", weekday),
            ("locale", settings.locale),
            ("language", settings.language ?? "auto (\(Words.current.language.tag))"),
            (t("database", context: "config label"), path),
            (t("today", context: "config label"), session.today.iso),
        ]
        let width = (rows.map(\.label.displayWidth).max() ?? 0) + 2
        for row in rows { session.print(row.label.padded(to: width) + row.value) }
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
