import Foundation
import Testing
import TendCore
import TendStore
import TendTestSupport

@Suite("SQLite store passes the store contract")
struct SQLiteContractTests {
    @Test(arguments: StoreContract.cases)
    func inMemory(_ check: StoreContractCase) async throws {
        try await check.run(on: SQLiteStore(inMemoryDevice: "test"))
    }

    @Test(arguments: StoreContract.cases)
    func onDisk(_ check: StoreContractCase) async throws {
        let directory = try TemporaryDirectory()
        try await check.run(on: SQLiteStore(path: directory.path("tend.sqlite"), device: "test"))
    }

    @Test(arguments: AccountContract.cases)
    func accountsInMemory(_ check: AccountContractCase) async throws {
        try await check.run(on: SQLiteStore(inMemoryDevice: "test"))
    }

    @Test(arguments: AccountContract.cases)
    func accountsOnDisk(_ check: AccountContractCase) async throws {
        let directory = try TemporaryDirectory()
        try await check.run(on: SQLiteStore(path: directory.path("tend.sqlite"), device: "test"))
    }
}
