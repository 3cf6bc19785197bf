import Foundation
import NIOCore
import Synchronization
import TendCore
import TendStore

/// The last `GET /api/v1/today` answer of each user, sent again while nothing it shows can have
/// changed — the same rule as the web's Today page cache (TendWeb's `TodayPageCache`): every
/// change of a user's data, from any device or instance, appends to their op log, so the op
/// log's latest position, read *before* the data, is the data's version. The rest of the key is
/// what the answer depends on besides the data: the asked day, today, the current routine time
/// (the plan puts it first) and the settings. Phones ask for today on every wake-up; an answer
/// for 10 years of history is ~3 ms of CPU to compute and a lookup to reuse.
final class TodayAnswerCache: Sendable {
    struct Key: Hashable, Sendable {
        var owner: User.ID
        var sequence: Int64
        var settings: UserSettings
        var day: Day
        var today: Day
        var routineTime: RoutineTime
    }

    /// The most users kept (beyond it the cache starts again: a bound, not an eviction policy).
    let capacity: Int
    private let answers = Mutex<[User.ID: (key: Key, json: ByteBuffer)]>([:])

    init(capacity: Int = 1_024) { self.capacity = capacity }

    /// The answer stored under exactly `key`, if any.
    func answer(for key: Key) -> ByteBuffer? {
        answers.withLock { answers in answers[key.owner].flatMap { $0.key == key ? $0.json : nil } }
    }

    func store(_ json: ByteBuffer, for key: Key) {
        answers.withLock { answers in
            if answers.count >= capacity, answers[key.owner] == nil { answers.removeAll(keepingCapacity: true) }
            answers[key.owner] = (key, json)
        }
    }
}
