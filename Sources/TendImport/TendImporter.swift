import Foundation
import TendCore
import TendStore
import TendWords

/// Imports and exports one user's data: Tend JSON (lossless), Tend CSV (spreadsheets), and Loop
/// Habit Tracker's backup database and CSV export.
///
/// An import reads the file into ``ImportedData``, lets ``ImportPlanner`` decide the changes
/// against the user's current data, and applies them in one transaction — or, in a dry run, only
/// reports them. A file that cannot be read throws an ``ImportError`` and changes nothing.
public struct TendImporter: Sendable {
    public var limits: ImportLimits
    private let now: @Sendable () -> Date

    /// - Parameter now: the wall clock, for the creation day of habits whose file gives none.
    public init(limits: ImportLimits = .standard, now: @escaping @Sendable () -> Date = { Date() }) {
        self.limits = limits
        self.now = now
    }

    // MARK: Reading

    /// The format of `data`, judged by its content (the file name is only a hint for messages);
    /// `nil` when it is none Tend imports.
    public func detectFormat(data: Data, filename: String? = nil) -> ImportFormat? {
        if TendJSONFormat.matches(data) { return .tendJSON }
        if BeaverJSONFormat.matches(data) { return .beaverJSON }
        if TendCSVFormat.matches(data) { return .tendCSV }
        if let format = ImportDatabase.format(of: data) { return format }
        if LoopCSVFormat.matches(data, limits: limits) { return .loopCSVZip }
        if HabitBullCSVFormat.matches(data) { return .habitBullCSV }
        if HarshFormat.matches(data) { return .harsh }
        if ZipReader.isZip(data), let zip = try? ZipReader(data, limits: limits), !HarshFormat.paths(in: zip).isEmpty {
            return .harsh
        }
        return nil
    }

    /// Reads `data` into the intermediate form every format shares.
    public func read(_ data: Data, filename: String? = nil, today: Day) throws(ImportError) -> ImportedData {
        // In English: ``ImportError/tooLarge(what:limit:)`` names the part as the readers do.
        let name = filename.map { "“\($0)”" } ?? "the file"
        guard data.count <= limits.maximumFileSize else { throw .tooLarge(what: name, limit: limits.maximumFileSize) }
        guard !data.isEmpty else {
            throw .unrecognizedFormat(filename.map { t("“{file}” is empty", ["file": $0]) } ?? t("the file is empty"))
        }
        if TendCSVFormat.matches(data) { return try TendCSVFormat.decode(data, limits: limits, today: today) }
        if HabitBullCSVFormat.matches(data) { return try HabitBullCSVFormat.decode(data, limits: limits, today: today) }
        if ImportDatabase.isSQLite(data) { return try ImportDatabase.read(data, limits: limits, today: today) }
        if ZipReader.isZip(data) {
            // harsh's two files zipped together; anything else is taken for Loop's export, which says what is missing.
            if !LoopCSVFormat.matches(data, limits: limits), let files = try HarshFormat.files(in: try ZipReader(data, limits: limits)) {
                return try HarshFormat.decode(files, limits: limits, today: today)
            }
            return try LoopCSVFormat.decode(data, limits: limits, today: today)
        }
        if BeaverJSONFormat.matches(data) { return try BeaverJSONFormat.decode(data, limits: limits, today: today) }
        if data.first(where: { !TendJSONFormat.isWhitespace($0) }).map({ $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) ?? false {
            return try TendJSONFormat.decode(data, limits: limits)
        }
        if HarshFormat.matches(data) { return try HarshFormat.decode(data, limits: limits, today: today) }
        throw .unrecognizedFormat(
            filename.map {
                t(
                    "“{file}” is neither JSON, Tend's or HabitBull's CSV, harsh's text files, an SQLite database nor a ZIP file",
                    ["file": $0])
            } ?? t("the file is neither JSON, Tend's or HabitBull's CSV, harsh's text files, an SQLite database nor a ZIP file"))
    }

    /// The changes importing `data` would make to `state`, and their report.
    public func plan(
        _ data: Data, filename: String? = nil, into state: UserState, dryRun: Bool = false, mergeNames: Bool = false
    ) throws(ImportError) -> ImportPlan {
        let today = state.settings.today(now: now())
        let imported = try read(data, filename: filename, today: today)
        return try ImportPlanner.plan(imported, into: state, today: today, dryRun: dryRun, mergeNames: mergeNames)
    }

    /// Imports `data` into `owner`'s data in one transaction; a dry run applies nothing.
    /// `mergeNames`: see ``ImportPlanner/plan(_:into:today:dryRun:mergeNames:)``.
    public func importData(
        _ data: Data, filename: String? = nil, into store: any TendStore, owner: User.ID, dryRun: Bool = false,
        mergeNames: Bool = false
    ) async throws -> ImportReport {
        let state = try await store.exportState(owner: owner)
        let plan = try await BlockingWork.run { () throws(ImportError) in
            try self.plan(data, filename: filename, into: state, dryRun: dryRun, mergeNames: mergeNames)
        }
        if !dryRun, !plan.changes.isEmpty {
            try await store.applyChanges(owner: owner, plan.changes)
        }
        return plan.report
    }

    // MARK: Writing

    /// The complete, lossless JSON export of `owner`'s data.
    public func exportJSON(store: any TendStore, owner: User.ID) async throws -> Data {
        let state = try await store.exportState(owner: owner)
        return try await BlockingWork.run { try TendJSONFormat.encode(state) }
    }

    /// Habits and entries as one CSV file for spreadsheets.
    public func exportCSV(store: any TendStore, owner: User.ID) async throws -> Data {
        let state = try await store.exportState(owner: owner)
        return try await BlockingWork.run { TendCSVFormat.encode(state) }
    }

    /// Loop Habit Tracker's CSV layout, zipped.
    public func exportLoopCSVZip(store: any TendStore, owner: User.ID) async throws -> Data {
        let state = try await store.exportState(owner: owner)
        return try await BlockingWork.run { try LoopCSVFormat.encode(state) }
    }
}
