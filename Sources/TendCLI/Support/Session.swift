import Foundation
import TendCore
import TendStore

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
            store = try SQLiteStore(path: path, device: "cli", connections: .single)
        } catch let error as StoreError {
            throw CLIError("cannot open \(path): \(error.description)")
        } catch {
            throw CLIError("cannot open \(path): \(error)")
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
        return Session(store: store, user: user, context: context, options: options)
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
    var now: Date { context.now() }
    /// Today in the configured zone with the configured day start (never the process's TZ).
    var today: Day { user.settings.today(now: now) }

    /// `--date`: `today`, `yesterday`, `tomorrow` or `YYYY-MM-DD` (absent: today).
    func day(_ text: String?) throws -> Day {
        guard let text else { return today }
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.previous
        case "tomorrow": return today.next
        default: return try Day(iso: text)
        }
    }

    var style: Style { Style(context: context, options: options) }

    func print(_ text: String = "") { context.print(text) }

    func printJSON(_ value: some Encodable) throws {
        print(try JSONOutput.encode(value))
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

/// Finding a habit by what a person typed.
enum HabitLookup {
    static func find(_ reference: String, in habits: [Habit]) throws -> Habit {
        let key = HabitRules.nameKey(reference)
        if let habit = habits.first(where: { HabitRules.nameKey($0.name) == key }) { return habit }
        if let habit = habits.first(where: { $0.id.description == key }) { return habit }
        if key.count >= 8, let habit = habits.first(where: { $0.id.description.hasPrefix(key) }),
            habits.count(where: { $0.id.description.hasPrefix(key) }) == 1
        {
            return habit
        }
        if let suggestion = closestName(to: reference, among: habits.map(\.name)) {
            throw CLIError("no habit named '\(reference)'; did you mean '\(suggestion)'?")
        }
        throw CLIError("no habit named '\(reference)' (`tend list --all` shows your habits)")
    }

    /// The name nearest to `text` by edit distance, if near enough to be a typo.
    static func closestName(to text: String, among names: [String]) -> String? {
        let target = Array(text.lowercased())
        var best: (name: String, distance: Int)?
        for name in names {
            let candidate = Array(name.lowercased())
            let distance = editDistance(target, candidate)
            let allowed = max(2, min(target.count, candidate.count) / 3)
            let isPrefix = candidate.starts(with: target) && target.count >= 3
            guard distance <= allowed || isPrefix else { continue }
            let score = isPrefix ? min(distance, 1) : distance
            if best == nil || score < best!.distance { best = (name, score) }
        }
        return best?.name
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
