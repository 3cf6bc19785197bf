/// An import report on the wire: the keys of `tend import --json` (docs/cli.md) and of
/// `POST /api/v1/import` (docs/server.md).
public struct ImportReportJSON: Codable, Hashable, Sendable {
    public var format: String
    public var dryRun: Bool
    public var habitsAdded: [String]
    public var habitsMerged: [String]
    public var entriesAdded: Int
    public var entriesUnchanged: Int
    public var entriesKept: Int
    public var entriesSkipped: Int
    public var routinesAdded: [String]
    public var routinesMerged: [String]
    public var settingsApplied: Bool
    public var adjustments: [String]
    public var skipped: [String]
    public var kept: [String]
    public var changeCount: Int
    /// Your habits whose names habits of the file have and that were not merged (the file's are
    /// added as "Name (2)"); importing with `mergeNames` puts their check-ins into yours.
    public var nameClashes: [String]

    public init(
        format: String, dryRun: Bool, habitsAdded: [String], habitsMerged: [String], entriesAdded: Int, entriesUnchanged: Int,
        entriesKept: Int, entriesSkipped: Int, routinesAdded: [String], routinesMerged: [String], settingsApplied: Bool,
        adjustments: [String], skipped: [String], kept: [String], changeCount: Int, nameClashes: [String] = []
    ) {
        self.format = format
        self.dryRun = dryRun
        self.habitsAdded = habitsAdded
        self.habitsMerged = habitsMerged
        self.entriesAdded = entriesAdded
        self.entriesUnchanged = entriesUnchanged
        self.entriesKept = entriesKept
        self.entriesSkipped = entriesSkipped
        self.routinesAdded = routinesAdded
        self.routinesMerged = routinesMerged
        self.settingsApplied = settingsApplied
        self.adjustments = adjustments
        self.skipped = skipped
        self.kept = kept
        self.changeCount = changeCount
        self.nameClashes = nameClashes
    }
}
