import Foundation
import TendCore

// PENDING (issue 14, this session): the SQL stores' planning, answers, retries and pruning are
// being written on the `store-planning` branch, which deletes this file. Not to be merged as is.
extension SQLiteStore {
    public func calendarFeedGeneration(owner: User.ID) async throws -> Int { throw StoreError.conflict("pending") }
    public func rotateCalendarFeed(owner: User.ID) async throws -> Int { throw StoreError.conflict("pending") }
    public func planReminders(now: Date, limit: Int, plan: @Sendable (User, [Habit]) -> [ReminderFiring]) async throws -> [User.ID] {
        throw StoreError.conflict("pending")
    }
    public func requestPlanning(owner: User.ID) async throws { throw StoreError.conflict("pending") }
    public func firing(owner: User.ID, id: ReminderFiring.ID) async throws -> ReminderFiring { throw StoreError.conflict("pending") }
    public func answerFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, answer: FiringAnswer, snooze: ReminderFiring?, now: Date
    ) async throws -> Bool { throw StoreError.conflict("pending") }
    public func claimDueRetries(now: Date, limit: Int, claimant: String, lease: TimeInterval) async throws -> [ClaimedDelivery] {
        throw StoreError.conflict("pending")
    }
    public func pruneReminderHistory(before: Date) async throws -> Int { throw StoreError.conflict("pending") }
}

extension PostgresStore {
    public func calendarFeedGeneration(owner: User.ID) async throws -> Int { throw StoreError.conflict("pending") }
    public func rotateCalendarFeed(owner: User.ID) async throws -> Int { throw StoreError.conflict("pending") }
    public func planReminders(now: Date, limit: Int, plan: @Sendable (User, [Habit]) -> [ReminderFiring]) async throws -> [User.ID] {
        throw StoreError.conflict("pending")
    }
    public func requestPlanning(owner: User.ID) async throws { throw StoreError.conflict("pending") }
    public func firing(owner: User.ID, id: ReminderFiring.ID) async throws -> ReminderFiring { throw StoreError.conflict("pending") }
    public func answerFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, answer: FiringAnswer, snooze: ReminderFiring?, now: Date
    ) async throws -> Bool { throw StoreError.conflict("pending") }
    public func claimDueRetries(now: Date, limit: Int, claimant: String, lease: TimeInterval) async throws -> [ClaimedDelivery] {
        throw StoreError.conflict("pending")
    }
    public func pruneReminderHistory(before: Date) async throws -> Int { throw StoreError.conflict("pending") }
}
