import Foundation

extension Change {
    /// The days this change records on (entries, a habit's creation): a device must not push
    /// what a request could not record (see ``RecordableDays``).
    public var recordedDays: [Day] {
        switch self {
        case .habitCreated(let habit):
            return [habit.createdOn]
        case .entrySet(_, let day, _), .entryIncremented(_, let day, _), .entrySkipped(_, let day, _), .entryReset(_, let day),
            .entryNoteSet(_, let day, _):
            return [day]
        case .entriesImported(_, let entries):
            return entries.map(\.day)
        default:
            return []
        }
    }

    /// The schedule this change sets, if any (its "every N days" start is a day too).
    public var schedule: Schedule? {
        switch self {
        case .habitCreated(let habit): return habit.schedule
        case .habitUpdated(_, let patch): return patch.schedule
        default: return nil
        }
    }
}
