import Foundation
import TendWords

/// What a server accepts from a device that syncs, checked before anything is stored.
public enum SyncRules {
    /// The most operations one request may push (years of check-ins go in a few requests).
    public static let maximumPush = 5000
    /// The most operations one answer carries; a longer history comes in pages.
    public static let pageSize = 5000
    /// The most bytes of operations one answer carries (their stored JSON), unless a single
    /// operation is larger: with a count alone, a few large pushed imports would come back as one
    /// answer of over a hundred megabytes.
    public static let pageBytes = 4 << 20
    /// The most bytes of sync requests carrying operations one user may send an instance in an
    /// hour: a first sync of decades of check-ins is a few megabytes (imports, see
    /// ``compactionMinimum``); without a bound one account could grow the log and the pages
    /// everyone's reads wait behind by 16 MiB a request.
    public static let maximumPushBytesPerHour = 64 << 20
    /// How far in the server's future an operation may be stamped: beyond it, the device's clock
    /// is wrong, and its operations would order after every change made anywhere for as long.
    public static let maximumSkew: TimeInterval = 300
    /// The longest device id.
    public static let maximumDeviceLength = 64
    /// The largest counter a timestamp may carry: its text is then 4 hex digits, so the op log's
    /// text order of timestamps is their order.
    public static let maximumCounter = 0xFFFF
    /// A device's first push into an account that sent it nothing sends each habit's entries as
    /// one import (``Change/entriesImported(habit:entries:)``, stamped after everything in its log)
    /// instead of its log's entry operations, when these are at least this many: years of
    /// check-ins go as the entries they made (docs/sync.md, "A first sync"). Fewer go as they are.
    public static let compactionMinimum = 1000

    /// A device id: 1–64 characters of letters, digits, `.`, `_` and `-`.
    public static func validate(device: String) throws(RuleViolation) {
        guard !device.isEmpty, device.count <= maximumDeviceLength,
            device.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
            })
        else {
            throw RuleViolation(
                t(
                    "a device id is 1–{limit} letters, digits, '.', '_' or '-' (got '{device}')",
                    ["limit": String(maximumDeviceLength), "device": String(device.prefix(80))]))
        }
    }

    /// One pushed operation: its device and timestamp agree and are well formed, its clock is not
    /// more than ``maximumSkew`` ahead of `now`, and its change is valid.
    public static func validate(_ operation: ChangeOperation, now: Date) throws(RuleViolation) {
        try validate(device: operation.device)
        guard operation.timestamp.device == operation.device else {
            throw RuleViolation(
                t(
                    "operation {operation}: its timestamp names device '{named}', not '{device}'",
                    ["operation": operation.id.description, "named": operation.timestamp.device, "device": operation.device]))
        }
        guard operation.timestamp.milliseconds >= 0, operation.timestamp.counter >= 0,
            operation.timestamp.counter <= maximumCounter
        else {
            throw RuleViolation(
                t(
                    "operation {operation}: its timestamp {timestamp} is out of range",
                    ["operation": operation.id.description, "timestamp": operation.timestamp.description]))
        }
        let ahead = Double(operation.timestamp.milliseconds) / 1000 - now.timeIntervalSince1970
        guard ahead <= maximumSkew else {
            throw RuleViolation(
                t(
                    "operation {operation} is stamped {seconds} s in the server's future (at most {limit} s is accepted): the clock of device '{device}' is wrong; set it right and sync again",
                    [
                        "operation": operation.id.description, "seconds": String(Int(ahead.rounded())), "limit": String(Int(maximumSkew)),
                        "device": operation.device,
                    ]))
        }
        do {
            try HabitRules.validate([operation.change])
        } catch {
            throw RuleViolation(t("operation {operation}: {reason}", ["operation": operation.id.description, "reason": error.description]))
        }
        try validateDays(operation, now: now)
    }

    /// The days an operation carries, held to the bounds of a request's (``RecordableDays``):
    /// not before the floor, and not after the latest today anywhere on Earth (UTC+14's; the
    /// server does not know which zone the device was in), a schedule's start not more than
    /// ``RecordableDays/lookahead`` days after it.
    static func validateDays(_ operation: ChangeOperation, now: Date) throws(RuleViolation) {
        let latest = RecordableDays.latestToday(now: now)
        for day in operation.change.recordedDays {
            if let refusal = RecordableDays.refusal(for: day, today: latest) {
                throw RuleViolation(t("operation {operation}: {reason}", ["operation": operation.id.description, "reason": refusal]))
            }
        }
        do {
            try operation.change.schedule?.validateDays(today: latest)
        } catch {
            throw RuleViolation(t("operation {operation}: {reason}", ["operation": operation.id.description, "reason": error.description]))
        }
    }
}
