import Foundation
import TendCore
import TendStore
import TendWords

/// The formats Tend imports, recognised by their content.
public enum ImportFormat: String, Codable, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `{"format":"tend","version":1,…}`: complete and lossless.
    case tendJSON
    /// Tend's spreadsheet layout (habit rows and entry rows in one file).
    case tendCSV
    /// Loop Habit Tracker's SQLite backup (`Loop Habits Backup.db`).
    case loopDatabase
    /// Loop Habit Tracker's CSV export (`Habits.csv` and one `Checkmarks.csv` per habit, zipped).
    case loopCSVZip
    /// HabitBull's CSV export (`HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText`).
    case habitBullCSV
    /// harsh's `habits` and `log` files (one, the other, both one after the other, or a ZIP of both).
    case harsh
    /// Beaver Habit Tracker's JSON export (`{"habits": [{"name", "records", "tags", …}]}`).
    case beaverJSON
    /// Rewire's SQLite database (tables `habits`, `checkins`, `unit`).
    case rewireDatabase
    /// Tickmate's SQLite database (tables `tracks`, `ticks`, `track2groups`).
    case tickmateDatabase

    public var description: String {
        switch self {
        case .tendJSON: t("Tend JSON export")
        case .tendCSV: t("Tend CSV export")
        case .loopDatabase: t("Loop Habit Tracker backup")
        case .loopCSVZip: t("Loop Habit Tracker CSV export")
        case .habitBullCSV: t("HabitBull CSV export")
        case .harsh: t("harsh habits and log")
        case .beaverJSON: t("Beaver Habit Tracker export")
        case .rewireDatabase: t("Rewire database")
        case .tickmateDatabase: t("Tickmate database")
        }
    }
}

/// One habit read from a file, with its entries, before it is checked against Tend's rules.
public struct ImportedHabit: Hashable, Sendable {
    public var habit: Habit
    /// May hold values Tend's screens would refuse (negative, huge, odd days): the planner adjusts them.
    public var entries: [Entry]

    public init(habit: Habit, entries: [Entry] = []) {
        self.habit = habit
        self.entries = entries
    }
}

/// What every reader produces: the same shape whatever the format, so that one planner decides
/// what an import changes.
public struct ImportedData: Hashable, Sendable {
    public var format: ImportFormat
    /// In the file's order.
    public var habits: [ImportedHabit]
    public var routines: [Routine]
    /// The groups the file describes (order, emoji; Tend JSON only). Habits name their own group.
    public var groups: [HabitGroup]
    /// Settings carried by the file (Tend JSON only); applied to an account that has no data yet.
    public var settings: UserSettings?
    public var tips: TipState?
    /// What the reader already adjusted or left out, as sentences.
    public var adjustments: [String]
    /// Entries the reader did not turn into entries, with the reason (Loop's automatic checks).
    public var skipped: [String]
    /// How many of the file's entries the reader left out.
    public var skippedEntries: Int

    public init(
        format: ImportFormat, habits: [ImportedHabit] = [], routines: [Routine] = [], groups: [HabitGroup] = [],
        settings: UserSettings? = nil,
        tips: TipState? = nil, adjustments: [String] = [], skipped: [String] = [], skippedEntries: Int = 0
    ) {
        self.skippedEntries = skippedEntries
        self.format = format
        self.habits = habits
        self.routines = routines
        self.groups = groups
        self.settings = settings
        self.tips = tips
        self.adjustments = adjustments
        self.skipped = skipped
    }

    var entryCount: Int { habits.reduce(0) { $0 + $1.entries.count } }

    /// "“Read”, “Run” and 3 more" for a sentence.
    static func listed(_ names: [String]) -> String {
        let quoted = names.prefix(5).map { "“\($0)”" }
        let head =
            quoted.count > 1
            ? t("{items} and {last}", context: "list", ["items": quoted.dropLast().joined(separator: ", "), "last": quoted.last!])
            : quoted.joined()
        return names.count > 5
            ? tPlural(
                "{items} and {count} more", "{items} and {count} more", count: names.count - 5, ["items": quoted.joined(separator: ", ")])
            : head
    }
}
