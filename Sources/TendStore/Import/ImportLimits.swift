/// Bounds that keep a hostile or broken file from exhausting memory or time.
public struct ImportLimits: Hashable, Sendable {
    /// The largest file accepted, in bytes.
    public var maximumFileSize: Int
    /// The largest single entry of a ZIP once uncompressed, in bytes.
    public var maximumZipEntrySize: Int
    /// The most bytes all entries of a ZIP may uncompress to.
    public var maximumZipTotalSize: Int
    /// The most entries (files and folders) a ZIP may hold.
    public var maximumZipEntries: Int
    public var maximumHabits: Int
    /// Entries over all habits.
    public var maximumEntries: Int

    public init(
        maximumFileSize: Int = 256 << 20, maximumZipEntrySize: Int = 128 << 20, maximumZipTotalSize: Int = 256 << 20,
        maximumZipEntries: Int = 10_000, maximumHabits: Int = 5_000, maximumEntries: Int = 5_000_000
    ) {
        self.maximumFileSize = maximumFileSize
        self.maximumZipEntrySize = maximumZipEntrySize
        self.maximumZipTotalSize = maximumZipTotalSize
        self.maximumZipEntries = maximumZipEntries
        self.maximumHabits = maximumHabits
        self.maximumEntries = maximumEntries
    }

    public static let standard = ImportLimits()

    func checkCounts(habits: Int, entries: Int) throws(ImportError) {
        guard habits <= maximumHabits else { throw .tooMany(what: "habits", limit: maximumHabits) }
        guard entries <= maximumEntries else { throw .tooMany(what: "entries", limit: maximumEntries) }
    }
}
