/// At most `limit` bodies at a time; the others wait their turn (first come, first served).
///
/// PostgreSQL tests use it: when a full run starts, dozens of suites each create a database and
/// open connections at once, and on two cores some connections would then wait past their 15 s
/// connect timeout. With a few at a time each test's clock starts when it may run. Re-entrant
/// within a task (a test that already holds a turn never waits for a second one).
public actor AsyncLimiter {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    @TaskLocal private static var held: Set<ObjectIdentifier> = []

    public init(limit: Int) {
        precondition(limit > 0)
        self.limit = limit
    }

    /// PostgreSQL test databases in use at once, across the test process.
    public static let postgres = AsyncLimiter(limit: 6)

    public nonisolated func run<T>(_ body: () async throws -> T) async throws -> T {
        let me = ObjectIdentifier(self)
        if Self.held.contains(me) { return try await body() }
        await acquire()
        do {
            let result = try await Self.$held.withValue(Self.held.union([me])) { try await body() }
            await release()
            return result
        } catch {
            await release()
            throw error
        }
    }

    private func acquire() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
