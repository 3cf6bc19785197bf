/// Bounds that keep a hostile or broken file from exhausting memory or time. docs/security.md
/// ("Imports") lists each with the test that proves it.
public struct ImportLimits: Hashable, Sendable {
    /// The largest file accepted, in bytes.
    public var maximumFileSize: Int
    /// The largest single entry of a ZIP once uncompressed, in bytes.
    public var maximumZipEntrySize: Int
    /// The most bytes all entries of a ZIP may uncompress to, counted while inflating (a header can
    /// lie) over every file read from the archive.
    public var maximumZipTotalSize: Int
    /// The most entries (files and folders) a ZIP may hold.
    public var maximumZipEntries: Int
    public var maximumHabits: Int
    /// Entries over all habits.
    public var maximumEntries: Int
    /// The most fields one CSV record may have (Tend's CSV has 20 columns, Loop's at most 12).
    public var maximumCSVFields: Int
    /// The longest single CSV field, in bytes.
    public var maximumCSVFieldSize: Int
    /// The most bytes of names and notes one Loop backup may hold (each value is also capped by
    /// SQLite's own limit, 1 MiB, on the importer's connection).
    public var maximumTextBytes: Int
    /// The most values (objects, arrays, keys, scalars) a Tend JSON file may hold: Foundation's
    /// decoder indexes them all first, ~48 bytes each. 24 million allows the largest export the file
    /// size admits (~100 bytes and ~7 values per entry); a larger compact file can go as CSV.
    public var maximumJSONValues: Int

    public init(
        maximumFileSize: Int = 256 << 20, maximumZipEntrySize: Int = 128 << 20, maximumZipTotalSize: Int = 256 << 20,
        maximumZipEntries: Int = 10_000, maximumHabits: Int = 5_000, maximumEntries: Int = 5_000_000,
        maximumCSVFields: Int = 64, maximumCSVFieldSize: Int = 1 << 20, maximumTextBytes: Int = 64 << 20,
        maximumJSONValues: Int = 24_000_000
    ) {
        self.maximumFileSize = maximumFileSize
        self.maximumZipEntrySize = maximumZipEntrySize
        self.maximumZipTotalSize = maximumZipTotalSize
        self.maximumZipEntries = maximumZipEntries
        self.maximumHabits = maximumHabits
        self.maximumEntries = maximumEntries
        self.maximumCSVFields = maximumCSVFields
        self.maximumCSVFieldSize = maximumCSVFieldSize
        self.maximumTextBytes = maximumTextBytes
        self.maximumJSONValues = maximumJSONValues
    }

    public static let standard = ImportLimits()

    /// The most records one CSV file may have: a header, a row per habit and one per entry.
    public var maximumCSVRecords: Int { 1 + maximumHabits + maximumEntries }

    func checkCounts(habits: Int, entries: Int) throws(ImportError) {
        guard habits <= maximumHabits else { throw .tooMany(what: "habits", limit: maximumHabits) }
        guard entries <= maximumEntries else { throw .tooMany(what: "entries", limit: maximumEntries) }
    }
}
