import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// An open database with its single local user: what every command works on.
struct Session {
    /// The local user's name; the CLI keeps one user per database.
    static let localUsername = User.localUsername

    let store: SQLiteStore
    var user: User
    let context: CLIContext
    let options: GlobalOptions

    /// Opens (creating on first use) the database and its local user, whose zone defaults to the system's.
    static func open(_ options: GlobalOptions) async throws -> Session {
        let context = CLIContext.current
        let path = options.databasePath(environment: context.environment)
        let store: SQLiteStore
        do {
            store = try SQLiteStore(path: path, device: "cli", uniqueDevice: true, connections: .single)
        } catch let error as StoreError {
            throw CLIError(t("cannot open {path}: {error}", ["path": path, "error": error.description]))
        } catch {
            throw CLIError(t("cannot open {path}: {error}", ["path": path, "error": "\(error)"]))
        }
        let user: User
        if let existing = try await store.user(named: localUsername) {
            user = existing
        } else if let owner = try await store.ownerAccount() {
            // `tend serve`'s first account took the local user over (and maybe renamed it).
            user = owner.user
        } else {
            do {
                user = try await store.createUser(username: localUsername, settings: defaultSettings())
            } catch StoreError.conflict {
                guard let existing = try await store.user(named: localUsername) else { throw StoreError.notFound("user") }
                user = existing
            }
        }
        Words.current.settle(language(user.settings, environment: context.environment))
        return Session(store: store, user: user, context: context, options: options)
    }

    /// The language the CLI speaks: the account's choice (`settings`, once the database is
    /// open), else the shell's, else English.
    static func language(_ settings: UserSettings?, environment: [String: String]) -> Language {
        settings?.chosenLanguage ?? Language.fromEnvironment(environment) ?? .english
    }

    /// The system's zone (if Tend knows it, else UTC), day start 0, first weekday from the locale.
    static func defaultSettings() -> UserSettings {
        var settings = UserSettings(timeZone: TimeZone.current.identifier)
        if (try? settings.validate()) == nil { settings.timeZone = "UTC" }
        return settings
    }

    var owner: User.ID { user.id }
    var calendar: TendCalendar { user.settings.calendar }
    /// Percentages in the user's locale's style.
    var percent: PercentText { PercentText(locale: user.settings.locale) }
    /// Amounts as the user's locale writes them ("2,5" in de_DE).
    var amounts: AmountStyle { AmountStyle(locale: user.settings.locale) }
    /// The user's locale, which typed amounts are read in.
    var locale: Locale { Locale(identifier: user.settings.locale) }
    var now: Date { context.now() }
    /// Today in the configured zone with the configured day start (never the process's TZ).
    var today: Day { user.settings.today(now: now) }

    /// `--date`: `today`, `yesterday`, `tomorrow`, a weekday (`fri`, `friday`: the latest one,
    /// today included) or `YYYY-MM-DD` (absent: today).
    func day(_ text: String?) throws -> Day {
        guard let text else { return today }
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.previous
        case "tomorrow": return today.next
        default:
            if text.allSatisfy(\.isLetter), let weekday = Weekday(code: text) {
                return today.adding(days: -((today.weekday.rawValue - weekday.rawValue + 7) % 7))
            }
            return try Day(iso: text)
        }
    }

    /// `--date` of a view of a month or a year: a day as ``day(_:)`` reads it, or a month
    /// (`YYYY-MM`), or with `years` a year (`YYYY`), which stands for its last day — today while
    /// it lasts.
    func periodDay(_ text: String?, years: Bool = false) throws -> Day {
        guard let text else { return today }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        guard digits, parts.first?.count == 4, let year = Int(parts[0]) else { return try day(text) }
        let first: Day
        let last: Day
        switch parts.count {
        case 2 where parts[1].count == 2:
            guard let month = Int(parts[1]), let day = try? Day(year: year, month: month, day: 1) else {
                throw CLIError(t("'{text}' is not a month (use YYYY-MM, e.g. 2026-02)", ["text": text]))
            }
            (first, last) = (day, day.lastOfMonth)
        case 1 where years:
            guard let day = try? Day(year: year, month: 1, day: 1) else {
                throw CLIError(t("'{text}' is not a year (use YYYY)", ["text": text]))
            }
            (first, last) = (day, try Day(year: year, month: 12, day: 31))
        case 1: throw CLIError(t("'{text}' is a year; this view takes a month (YYYY-MM, e.g. {text}-02) or a day", ["text": text]))
        default:
            return try day(text)
        }
        return (first...last).contains(today) ? today : last
    }

    var style: Style { Style(context: context, options: options) }

    func print(_ text: String = "") { context.print(text) }

    func printJSON(_ value: some Encodable) throws {
        print(try JSONPrinter.encode(value))
    }

    // MARK: Habits by name or id

    /// The habit a person means by `reference`: its id, or its name (case-insensitive); an unknown
    /// name suggests the closest one.
    func habit(_ reference: String, includeArchived: Bool = true) async throws -> Habit {
        let habits = try await store.habits(owner: owner, includeArchived: includeArchived)
        return try HabitLookup.find(reference, in: habits)
    }

    /// Active habits with only the entries that the statuses of `from…through` depend on
    /// (``HistoryWindow``), in two queries, so views of recent days do not read years of history.
    func recentTrackedHabits(from: Day, through: Day) async throws -> [TrackedHabit] {
        try await store.trackedHabits(
            owner: owner, includeArchived: false, window: HistoryWindow(from: from, through: through, today: today))
    }

    /// One habit with its whole history (two queries, whatever the number of habits).
    func trackedHabit(_ reference: String) async throws -> TrackedHabit {
        try await trackedHabit(id: habit(reference).id)
    }

    func trackedHabit(id: Habit.ID) async throws -> TrackedHabit {
        let habit = try await store.habit(owner: owner, id: id)
        let entries = try await store.entries(owner: owner, habit: id, from: .minimum, through: .maximum)
        return TrackedHabit(habit: habit, entries: entries)
    }
}
