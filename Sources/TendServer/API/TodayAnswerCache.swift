import Foundation
import NIOCore
import TendCore
import TendHTTP

/// The last `GET /api/v1/today` answer of each user, sent again while nothing it shows can have
/// changed — the same rule as the web's Today page cache (TendWeb's `TodayPageCache`): every
/// change of a user's data, from any device or instance, appends to their op log, so the op
/// log's latest position, read *before* the data, is the data's version. The rest of the key is
/// what the answer depends on besides the data: the asked day, today, the current routine time
/// (the plan puts it first) and the settings. Phones ask for today on every wake-up; an answer
/// for 10 years of history is ~3 ms of CPU to compute and a lookup to reuse.
enum TodayAnswerCache {
    struct Key: Hashable, Sendable {
        var sequence: Int64
        var settings: UserSettings
        var day: Day
        var today: Day
        var routineTime: RoutineTime
    }

    /// The answers of as many users as the budget says (``CacheBudget/todayAnswers``).
    static func make(_ budget: CacheBudget) -> LatestPerOwner<Key, ByteBuffer> { LatestPerOwner(capacity: budget.todayAnswers) }
}
