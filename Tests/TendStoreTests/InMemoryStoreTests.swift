import TendCore
import TendStore
import TendTestSupport
import Testing

@Suite("In-memory store passes the store contract")
struct InMemoryStoreTests {
    @Test(arguments: StoreContract.cases)
    func contract(_ check: StoreContractCase) async throws {
        try await check.run(on: InMemoryStore())
    }

    @Test(arguments: AccountContract.cases)
    func accounts(_ check: AccountContractCase) async throws {
        try await check.run(on: InMemoryStore())
    }

    @Test(arguments: ReminderContract.cases)
    func reminders(_ check: ReminderContractCase) async throws {
        try await check.run(on: InMemoryStore())
    }

    @Test(arguments: SyncContract.cases)
    func sync(_ check: SyncContractCase) async throws {
        try await check.run(on: InMemoryStore())
    }
}
