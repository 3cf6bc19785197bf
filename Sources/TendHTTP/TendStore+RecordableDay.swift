import Foundation
import TendCore
import TendStore

extension TendStore {
    /// `day`, when the owner can record on it: not after their today (by their zone and day
    /// start), not before ``RecordableDays/floor``. Otherwise 422, and nothing is written.
    package func recordableDay(_ day: Day, owner: User.ID, now: Date, settings: RecentSettings) async throws -> Day {
        // A day well in the past is recordable in every zone: no need to read the settings.
        if RecordableDays.certainly(day, now: now) == true { return day }
        let today = try await settings.settings(owner, store: self).today(now: now)
        if let refusal = RecordableDays.refusal(for: day, today: today) { throw Problem.invalid(refusal) }
        return day
    }
}
