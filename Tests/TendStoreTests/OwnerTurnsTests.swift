import Foundation
import Synchronization
import TendCore
import Testing

@testable import TendStore

/// Reads that may rebuild an owner's summaries take turns per owner (the first read after an
/// import would otherwise be done once per concurrent request), and only per owner.
@Suite("OwnerTurns: one turn at a time per owner")
struct OwnerTurnsTests {
    final class Counter: Sendable {
        let running = Mutex((now: 0, most: 0, done: 0))
        func enter() {
            running.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
        }
        func leave() {
            running.withLock {
                $0.now -= 1
                $0.done += 1
            }
        }
    }

    @Test("40 concurrent turns of one owner never overlap and all run; two owners' turns do")
    func turns() async throws {
        let turns = OwnerTurns()
        let alice = User.ID()
        let bob = User.ID()
        let one = Counter()
        let both = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    try await turns.withTurn(index % 2 == 0 ? alice : bob) {
                        if index % 2 == 0 { one.enter() }
                        both.enter()
                        try await Task.sleep(for: .milliseconds(2))
                        both.leave()
                        if index % 2 == 0 { one.leave() }
                        if index == 6 { throw CancellationError() }
                    }
                }
            }
            var failures = 0
            while true {
                do {
                    guard try await group.next() != nil else { break }
                } catch {
                    failures += 1
                }
            }
            #expect(failures == 1)
        }
        #expect(one.running.withLock { $0.most } == 1)
        #expect(one.running.withLock { $0.done } == 20)
        #expect(both.running.withLock { $0.most } == 2)
        #expect(both.running.withLock { $0.done } == 40)
    }
}
