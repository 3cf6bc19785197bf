import Foundation
import TendCore
import TendSQLite
import TendStore
import TendTestSupport
import Testing

/// The tips a use case answers are recorded by the use case, so every caller (the CLI, the API,
/// the web) retires them alike.
@Suite("Use cases record the tips they answer")
struct UseCaseTipTests {
    static let day = Fixtures.day("2026-03-10")

    @Test("Resetting a day retires “Manage a habit”; a check-in does not")
    func resetRetiresManageHabit() async throws {
        let store = try SQLiteStore(inMemoryDevice: "tips")
        let ana = try await store.createUser(username: "ana", settings: UserSettings(timeZone: "Europe/Berlin"))
        let read = try await store.createHabit(owner: ana.id, Habit(name: "Read", createdOn: Self.day))
        _ = try await store.recordDay(owner: ana.id, habit: read.id, day: Self.day, [.tap])
        #expect(!(try await store.tipState(owner: ana.id)).isRetired(.manageHabit))
        _ = try await store.recordDay(owner: ana.id, habit: read.id, day: Self.day, [.reset])
        #expect(try await store.tipState(owner: ana.id).isRetired(.manageHabit))
    }
}
