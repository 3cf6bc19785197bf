import CTendSpawn
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, in its own process group, with every descriptor
/// above stderr closed in the child (glibc's `closefrom` action) and signals at their defaults.
///
/// Not Foundation's `Process`: on Linux, to close the parent's descriptors in the child, it lists
/// `/proc/self/fd` and copies each entry's whole 256-byte name field, reading past the end of
/// glibc's 32 KiB directory buffer once the process has ~1,350 descriptors open. Where that buffer
/// ends a mapping, `Process.run()` dies of SIGSEGV. The test runner gets there with its tests'
/// SQLite pools open side by side (~1,500 descriptors at its peak); a long-running process would
/// too. Configure, then `run()` once; the configuration is not read after that.
public final class SpawnedProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// The parent's own descriptor.
        case inherit
        /// `/dev/null`.
        case null
        /// A pipe: the child gets the end it needs, the parent closes that end once it started.
        case pipe(Pipe)
        /// A file handle the parent keeps.
        case handle(FileHandle)
    }

    /// How the child ended.
    public enum Termination: Equatable, Sendable {
        case exit(Int32)
        case signal(Int32)

        /// The exit code, or the number of the signal that ended it (as Foundation's
        /// `terminationStatus`).
        public var status: Int32 {
            switch self {
            case .exit(let code), .signal(let code): code
            }
        }
    }

    public var executableURL: URL?
    public var arguments: [String] = []
    /// `nil`: the parent's environment.
    public var environment: [String: String]?
    public var currentDirectoryURL: URL?
    public var standardInput: Stream = .null
    public var standardOutput: Stream = .inherit
    public var standardError: Stream = .inherit

    private struct State {
        var pid: pid_t = 0
        var termination: Termination?
        var waiters: [CheckedContinuation<Termination, Never>] = []
    }

    private let state = Mutex(State())
    /// Left once the child has been reaped (for the blocking `waitUntilExit`).
    private let exited = DispatchGroup()

    public init() {}

    /// The child's pid once `run()` returned (0 before).
    public var processIdentifier: Int32 { state.withLock { $0.pid } }

    /// Started and not yet reaped.
    public var isRunning: Bool { state.withLock { $0.pid != 0 && $0.termination == nil } }

    /// How it ended; `nil` while it runs.
    public var termination: Termination? { state.withLock { $0.termination } }

    /// Starts the child. Throws the `posix_spawn` error (a missing executable: ENOENT).
    public func run() throws {
        guard let executable = executableURL?.path else { throw POSIXError(.ENOENT) }
        precondition(processIdentifier == 0, "a SpawnedProcess runs once")

        var actions = posix_spawn_file_actions_t()
        try check(posix_spawn_file_actions_init(&actions))
        defer { posix_spawn_file_actions_destroy(&actions) }
        try redirect(standardInput, to: STDIN_FILENO, reading: true, actions: &actions)
        try redirect(standardOutput, to: STDOUT_FILENO, reading: false, actions: &actions)
        try redirect(standardError, to: STDERR_FILENO, reading: false, actions: &actions)
        try check(tend_spawn_file_actions_addclosefrom(&actions, 3))
        if let directory = currentDirectoryURL?.path {
            try check(tend_spawn_file_actions_addchdir(&actions, directory))
        }

        var attributes = posix_spawnattr_t()
        try check(posix_spawnattr_init(&attributes))
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own group (as Foundation's Process): a signal to the parent's group misses it.
        // An empty mask and default handlers: the spawning thread may block signals (Dispatch's
        // threads do) and the parent ignores SIGPIPE; neither is the child's business.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        try check(posix_spawnattr_setsigmask(&attributes, &noSignals))
        try check(posix_spawnattr_setsigdefault(&attributes, &allSignals))
        try check(posix_spawnattr_setpgroup(&attributes, 0))
        try check(posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)))

        let argv = ([executable] + arguments).map { strdup($0) }
        let environment = self.environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        try check(posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil]))

        // The child holds its ends now; the parent's copies would keep a reader from ever seeing
        // the end of the output.
        if case .pipe(let pipe) = standardInput { try? pipe.fileHandleForReading.close() }
        if case .pipe(let pipe) = standardOutput { try? pipe.fileHandleForWriting.close() }
        if case .pipe(let pipe) = standardError { try? pipe.fileHandleForWriting.close() }

        exited.enter()
        let child = pid
        state.withLock { $0.pid = child }
        let reaper = Thread { [self] in reap(child) }
        reaper.name = "reaper \(child)"
        reaper.start()
    }

    /// Sends `signal` while the child runs (never to a pid it no longer owns: the child is reaped
    /// only under the same lock).
    public func send(_ signal: Int32) {
        state.withLock { state in
            if state.pid != 0, state.termination == nil { kill(state.pid, signal) }
        }
    }

    /// SIGTERM.
    public func terminate() { send(SIGTERM) }

    /// Blocks until the child has ended (not on a cooperative thread).
    public func waitUntilExit() {
        precondition(processIdentifier != 0, "not started")
        exited.wait()
    }

    /// Waits until the child has ended.
    public func exit() async -> Termination {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Termination? in
                if let termination = state.termination { return termination }
                state.waiters.append(continuation)
                return nil
            }
            if let done { continuation.resume(returning: done) }
        }
    }

    /// The exit code or signal number once it ended (as Foundation's `terminationStatus`).
    public var terminationStatus: Int32 {
        guard let termination else { preconditionFailure("still running") }
        return termination.status
    }

    /// On its own thread for the child's lifetime: waits for the end without reaping (`WNOWAIT`),
    /// records it, and reaps under the lock `send` takes.
    private func reap(_ pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        var status: Int32 = 0
        let waiters = state.withLock { state -> [CheckedContinuation<Termination, Never>] in
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            let signalled = status & 0x7f
            state.termination = signalled == 0 ? .exit((status >> 8) & 0xff) : .signal(signalled)
            defer { state.waiters = [] }
            return state.waiters
        }
        let termination = self.termination!
        for waiter in waiters { waiter.resume(returning: termination) }
        exited.leave()
    }

    private func redirect(
        _ stream: Stream, to target: Int32, reading: Bool, actions: inout posix_spawn_file_actions_t
    ) throws {
        switch stream {
        case .inherit:
            return
        case .null:
            try check(posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0))
        case .pipe(let pipe):
            let end = reading ? pipe.fileHandleForReading : pipe.fileHandleForWriting
            try check(posix_spawn_file_actions_adddup2(&actions, end.fileDescriptor, target))
        case .handle(let handle):
            try check(posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target))
        }
    }

    private func check(_ result: Int32) throws {
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
    }
}
