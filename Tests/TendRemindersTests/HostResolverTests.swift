import Foundation
import NIOPosix
import Synchronization
import Testing

@testable import TendReminders

/// Name lookups for deliveries run on a pool of their own, within a timeout (issue 40): on NIO's
/// shared pool, 1,000 webhooks to names that did not resolve held a password sign-in for 218 s.
@Suite("Host lookups have their own threads and a timeout")
struct HostResolverTests {
    /// The calling thread's name as the kernel knows it (NIO names its pools' threads: the shared
    /// pool's are SGLTN-TP-#n, another pool's TP-#n).
    static func threadName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
    }

    @Test("A lookup runs on the resolver's pool, not NIO's shared one")
    func ownPool() async throws {
        let name = Recorded()
        _ = try await HostResolver.resolve("example.invalid", port: 443) { _, _ in
            name.value.withLock { $0 = Self.threadName() }
            return []
        }
        let thread = name.value.withLock { $0 }
        #expect(thread.hasPrefix("TP-#"), "\(thread)")
    }

    @Test("A lookup that hangs is given up at the timeout; a queued one behind it never runs")
    func timeout() async throws {
        // Given lookups that block far longer than the timeout, more than the pool has threads
        let started = Counter()
        let clock = ContinuousClock()
        let begin = clock.now
        let failures = await withTaskGroup(of: Bool.self) { group in
            for n in 0..<(HostResolver.threads * 2) {
                group.addTask {
                    do {
                        _ = try await HostResolver.resolve("slow\(n).example", port: 443, timeout: .milliseconds(300)) { _, _ in
                            started.value.add(1, ordering: .relaxed)
                            Thread.sleep(forTimeInterval: 2)
                            return []
                        }
                        return false
                    } catch let error as HostResolutionError {
                        return error.code == nil && error.description.contains("did not resolve in time")
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        // Then every send is answered at the timeout, well before the lookups end
        #expect(failures == HostResolver.threads * 2)
        #expect(clock.now - begin < .milliseconds(1_500))
        // And only as many lookups started as the pool has threads: the queued ones were dropped
        try await Task.sleep(for: .milliseconds(2_500))
        #expect(started.value.load(ordering: .relaxed) == HostResolver.threads)
    }

    @Test("While every resolver thread hangs, NIO's shared pool (bcrypt's, imports') answers at once")
    func sharedPoolFree() async throws {
        // Given the resolver's threads all blocked in lookups
        let blocked = Task {
            await withTaskGroup(of: Void.self) { group in
                for n in 0..<HostResolver.threads {
                    group.addTask {
                        _ = try? await HostResolver.resolve("hang\(n).example", port: 443, timeout: .seconds(3)) { _, _ in
                            Thread.sleep(forTimeInterval: 1.5)
                            return []
                        }
                    }
                }
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        // When work is sent to the shared pool, Then it runs while they hang
        let clock = ContinuousClock()
        let begin = clock.now
        let answer = try await NIOThreadPool.singleton.runIfActive { 42 }
        #expect(answer == 42)
        #expect(clock.now - begin < .milliseconds(1_000))
        await blocked.value
    }
}

private final class Counter: Sendable {
    let value = Atomic<Int>(0)
}

private final class Recorded: Sendable {
    let value = Mutex("")
}
