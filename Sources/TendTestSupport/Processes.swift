import Dispatch
import Foundation
@_exported import TendSpawn

/// Runs blocking work (waiting for a child process, reading a pipe to its end) on a Dispatch
/// thread, never on one of Swift concurrency's cooperative threads. There are only as many of
/// those as cores (two on the build machine): a test that blocked them stalled every other test
/// running beside it, which showed up as timeouts in unrelated PostgreSQL tests.
public func offCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}

/// What a finished child process gave back.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var out: Data
    public var err: Data
}

/// A child process, driven without blocking the cooperative pool.
public struct ChildProcess: Sendable {
    public let process: SpawnedProcess

    public init(_ process: SpawnedProcess) { self.process = process }

    /// Starts the process with its stdout and stderr piped, reads both to their end (in parallel,
    /// so neither pipe fills up) and waits for its exit.
    public func run() async throws -> ProcessOutput {
        try await start().output()
    }

    /// Starts the process with its stdout and stderr piped; once this returns, the process has a
    /// pid (killing `processIdentifier` before that would be `kill(0, …)`: the caller's own
    /// process group, the test runner included).
    public func start() throws -> Started {
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = .pipe(out)
        process.standardError = .pipe(err)
        try process.run()
        return Started(child: self, out: out, err: err)
    }

    /// A started child whose output is still to be collected.
    public struct Started: @unchecked Sendable {
        let child: ChildProcess
        let out: Pipe
        let err: Pipe

        public var processIdentifier: Int32 { child.process.processIdentifier }

        /// The reading end of its stdout, for a test that reads as it goes (then not `output()`).
        public var standardOutput: FileHandle { out.fileHandleForReading }

        /// Reads stdout and stderr to their end (in parallel, so neither pipe fills up) and waits
        /// for the exit.
        public func output() async throws -> ProcessOutput {
            let out = out
            let err = err
            async let outData = offCooperativePool { out.fileHandleForReading.readDataToEndOfFile() }
            async let errData = offCooperativePool { err.fileHandleForReading.readDataToEndOfFile() }
            let (o, e) = try await (outData, errData)
            return ProcessOutput(status: await child.exit(), out: o, err: e)
        }
    }

    /// Waits for the (started) process to end: its exit code, or the signal that ended it.
    public func exit() async -> Int32 {
        await process.exit().status
    }
}
