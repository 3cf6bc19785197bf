import Foundation
import NIOPosix
import Synchronization
import TendTestSupport
import Testing

@testable import TendReminders

/// Name lookups for deliveries run on a pool of their own, within a timeout (issue 40): on NIO's
/// shared pool, 1,000 webhooks to names that did not resolve held a password sign-in for 218 s.
@Suite("Host lookups have their own threads and a timeout")
struct HostResolverTests {
    @Test("A lookup runs on the resolver's pool, not NIO's shared one")
    func ownPool() async throws {
        let name = Recorded()
        _ = try await HostResolver.resolve("example.invalid", port: 443) { _, _ in
            name.value.withLock { $0 = currentThreadName() }
            return []
        }
        let thread = name.value.withLock { $0 }
        #expect(thread.hasPrefix("TP-#"), "\(thread)")
    }

    @Test("A lookup that hangs is given up at the timeout; a queued one behind it never runs")
    func timeout() async throws {
        // Given lookups that block until the test lets them go, more than the pool has threads
        let gate = Gate()
        let started = Counter()
        let answers = await withTaskGroup(of: Bool.self) { group in
            for n in 0..<(HostResolver.threads * 2) {
                group.addTask {
                    do {
                        _ = try await HostResolver.resolve("slow\(n).example", port: 443, timeout: .milliseconds(300)) { _, _ in
                            started.value.add(1, ordering: .relaxed)
                            gate.wait()
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
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        // Then every send was answered "not in time" while its lookup still hung (no time bound:
        // the gate opens only after all answers, so waiting for a lookup could never return)
        #expect(answers == Array(repeating: true, count: HostResolver.threads * 2))
        #expect(!gate.isOpen)
        // And only as many lookups started as the pool has threads: once the gate opens, the
        // queued ones find their sends answered and never run
        gate.open()
        try await Task.sleep(for: .milliseconds(500))
        #expect(started.value.load(ordering: .relaxed) == HostResolver.threads)
    }

    @Test("While every resolver thread hangs, NIO's shared pool (bcrypt's, imports') answers")
    func sharedPoolFree() async throws {
        // Given the resolver's threads all blocked in lookups until the test lets them go
        let gate = Gate()
        let started = Counter()
        let blocked = Task {
            await withTaskGroup(of: Void.self) { group in
                for n in 0..<HostResolver.threads {
                    group.addTask {
                        _ = try? await HostResolver.resolve("hang\(n).example", port: 443, timeout: .seconds(60)) { _, _ in
                            started.value.add(1, ordering: .relaxed)
                            gate.wait()
                            return []
                        }
                    }
                }
            }
        }
        while started.value.load(ordering: .relaxed) < HostResolver.threads { try await Task.sleep(for: .milliseconds(10)) }
        // When work is sent to the shared pool, Then it runs while they still hang (had the
        // lookups run there, it would wait for the gate, which opens only after it answered)
        let answer = try await NIOThreadPool.singleton.runIfActive { 42 }
        #expect(answer == 42)
        #expect(!gate.isOpen)
        gate.open()
        await blocked.value
    }
}

/// A latch blocking threads until opened (the lookups run on threads, not tasks). It opens by
/// itself after a minute, so that code that waits for a lookup fails its test instead of hanging it.
private final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let opened = Atomic<Bool>(false)
    private let safety = Mutex<Task<Void, Never>?>(nil)

    init() {
        let task = Task { [weak self] in
            try? await Task.sleep(for: .seconds(60))
            self?.open()
        }
        safety.withLock { $0 = task }
    }

    var isOpen: Bool { opened.load(ordering: .acquiring) }

    func wait() {
        semaphore.wait()
        semaphore.signal()
    }

    func open() {
        guard opened.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        safety.withLock { $0?.cancel() }
        semaphore.signal()
    }
}

private final class Counter: Sendable {
    let value = Atomic<Int>(0)
}

private final class Recorded: Sendable {
    let value = Mutex("")
}
