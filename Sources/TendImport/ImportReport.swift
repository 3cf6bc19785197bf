import TendCore
import TendStore
import TendWords

/// What an import did (or, in a dry run, would do).
public struct ImportReport: Hashable, Sendable, CustomStringConvertible {
    public var format: ImportFormat
    public var dryRun: Bool
    /// Names of habits the import creates.
    public var habitsAdded: [String]
    /// Names of habits the user already had (same id); their attributes are kept.
    public var habitsMerged: [String]
    public var entriesAdded = 0
    /// Entries already there with the same value, skip mark and note.
    public var entriesUnchanged = 0
    /// Entries the user already had with a different value: the user's value is kept.
    public var entriesKept = 0
    /// Entries of the file that are not imported (automatic checks, impossible values or days).
    public var entriesSkipped = 0
    public var routinesAdded: [String]
    public var routinesMerged: [String]
    public var settingsApplied = false
    public var tipsApplied = 0
    /// Every change made to fit Tend's rules, as a sentence.
    public var adjustments: [String]
    /// What was left out, as sentences.
    public var skipped: [String]
    /// Where the user's existing data was kept over the file's.
    public var kept: [String]
    /// The number of changes applied (or that would be applied).
    public var changeCount = 0
    /// The user's habits whose names habits of the file have (same kind and type) and that were
    /// not merged: the file's are added as "Name (2)"; importing with `mergeNames` puts their
    /// check-ins into these instead.
    public var nameClashes: [String] = []

    public init(format: ImportFormat, dryRun: Bool = false) {
        self.format = format
        self.dryRun = dryRun
        habitsAdded = []
        habitsMerged = []
        routinesAdded = []
        routinesMerged = []
        adjustments = []
        skipped = []
        kept = []
    }

    /// The most sentences each of ``adjustments``, ``skipped`` and ``kept`` holds; the rest are
    /// counted in one last sentence. Readers say one thing per habit (5,000 at most), not per line,
    /// but a report people read and an API answer stay short whatever the file.
    public static let maximumMessages = 100

    /// Cuts each list of sentences to ``maximumMessages``, the last one saying how many more there were.
    mutating func limitMessages() {
        func limited(_ messages: [String]) -> [String] {
            guard messages.count > Self.maximumMessages else { return messages }
            let kept = messages.prefix(Self.maximumMessages - 1)
            let more = messages.count - kept.count
            return Array(kept) + [tPlural("and {count} more", "and {count} more", count: more, ["count": Self.grouped(more)])]
        }
        adjustments = limited(adjustments)
        skipped = limited(skipped)
        kept = limited(kept)
    }

    /// `2399990` as "2,399,990".
    static func grouped(_ count: Int) -> String {
        var digits = String(count.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (count < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// Whether the import changes nothing.
    public var changesNothing: Bool { changeCount == 0 }

    public var description: String {
        var lines: [String] = []
        let source = format.description
        lines.append(
            dryRun ? t("Dry run of an import from a {format}:", ["format": source]) : t("Imported from a {format}:", ["format": source]))
        lines.append(
            "  "
                + t(
                    "habits: {added} added, {merged} already there",
                    ["added": String(habitsAdded.count), "merged": String(habitsMerged.count)]))
        lines.append(
            "  "
                + t(
                    "entries: {added} added, {unchanged} unchanged, {kept} kept as you had them, {skipped} not imported",
                    [
                        "added": String(entriesAdded), "unchanged": String(entriesUnchanged), "kept": String(entriesKept),
                        "skipped": String(entriesSkipped),
                    ]))
        if !routinesAdded.isEmpty || !routinesMerged.isEmpty {
            lines.append(
                "  "
                    + t(
                        "routines: {added} added, {merged} already there",
                        ["added": String(routinesAdded.count), "merged": String(routinesMerged.count)]))
        }
        if settingsApplied { lines.append("  " + t("settings: taken from the file")) }
        if tipsApplied > 0 {
            lines.append("  " + tPlural("tips: {count} marked as seen", "tips: {count} marked as seen", count: tipsApplied))
        }
        for (title, items) in [(t("Adjusted:"), adjustments), (t("Not imported:"), skipped), (t("Kept:"), kept)] where !items.isEmpty {
            lines.append(title)
            lines.append(contentsOf: items.map { "  - \($0)" })
        }
        if !nameClashes.isEmpty {
            let names = nameClashes.prefix(5).map { "“\($0)”" }.joined(separator: ", ") + (nameClashes.count > 5 ? " …" : "")
            lines.append(
                tPlural(
                    "{count} habit has the name of one of yours ({names}): importing with --merge-names puts their check-ins into yours instead of adding copies.",
                    "{count} habits have the name of one of yours ({names}): importing with --merge-names puts their check-ins into yours instead of adding copies.",
                    count: nameClashes.count, ["names": names]))
        }
        if dryRun { lines.append(t("Nothing was changed (dry run).")) }
        return lines.joined(separator: "\n")
    }
}
