import Foundation
import TendStore
import TendTestSupport
import Testing

@Suite("Blocking work")
struct BlockingWorkTests {
    @Test("Runs on NIO's blocking pool (threads SGLTN-TP-#n), not on a cooperative thread, and hands back results and errors")
    func runsOnTheBlockingPool() async throws {
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { try await BlockingWork.run { currentThreadName() } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names.count == 4)
        #expect(names.allSatisfy { $0.contains("TP-#") }, "\(names)")
        #expect(!currentThreadName().contains("TP-#"))
        await #expect(throws: CocoaError.self) {
            try await BlockingWork.run { throw CocoaError(.fileNoSuchFile) }
        }
    }

    @Test("Work asked for is done and handed back even when its task is cancelled while it waits for a thread")
    func cancelledTasksStillFinish() async throws {
        // More tasks than the pool has threads, so some are queued when they are cancelled
        let count = 24
        let tasks = (0..<count).map { index in
            Task {
                try await BlockingWork.run {
                    Thread.sleep(forTimeInterval: 0.02)
                    return index
                }
            }
        }
        for task in tasks { task.cancel() }
        var values: [Int] = []
        for task in tasks { values.append(try await task.value) }
        #expect(values == Array(0..<count))
    }
}
