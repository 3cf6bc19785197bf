import Testing

/// One check of a store contract (``StoreContract``, ``AccountContract``, ``ReminderContract``),
/// run against every store implementation with a fresh, empty store.
public struct ContractCase<Store: Sendable>: Sendable, CustomTestStringConvertible {
    public let name: String
    let body: @Sendable (Store) async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (Store) async throws -> Void) {
        self.name = name
        self.body = body
    }

    public var testDescription: String { name }

    /// Runs the check on a fresh, empty store.
    public func run(on store: Store) async throws {
        try await body(store)
    }
}
