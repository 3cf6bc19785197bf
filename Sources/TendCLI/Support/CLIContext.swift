import Foundation
import TendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command's output goes: the process's stdout/stderr, or a buffer in tests.
public protocol OutputSink: Sendable {
    func writeOut(_ text: String)
    func writeErr(_ text: String)
}

/// The process's standard output and error, written unbuffered.
public struct StandardOutput: OutputSink {
    public init() {}
    public func writeOut(_ text: String) { FileHandle.standardOutput.write(Data(utf8: text)) }
    public func writeErr(_ text: String) { FileHandle.standardError.write(Data(utf8: text)) }
}

/// Everything a command reads from the world besides its arguments: environment, terminals,
/// clock, output and the answer to a confirmation. Tests replace it through ``CLIContext/current``.
public struct CLIContext: Sendable {
    public var environment: [String: String]
    public var stdoutIsTerminal: Bool
    public var stdinIsTerminal: Bool
    public var now: @Sendable () -> Date
    public var output: any OutputSink
    /// Reads one line of input (a confirmation); `nil` at end of input.
    public var readLine: @Sendable () -> String?

    public init(
        environment: [String: String], stdoutIsTerminal: Bool, stdinIsTerminal: Bool,
        now: @escaping @Sendable () -> Date = { Date() }, output: any OutputSink,
        readLine: @escaping @Sendable () -> String? = { nil }
    ) {
        self.environment = environment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.now = now
        self.output = output
        self.readLine = readLine
    }

    /// The real process.
    public static var process: CLIContext {
        CLIContext(
            environment: ProcessInfo.processInfo.environment,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            output: StandardOutput(), readLine: { Swift.readLine() })
    }

    /// The context commands run in.
    @TaskLocal public static var current: CLIContext = .process

    func print(_ text: String = "") { output.writeOut(text + "\n") }
    func printError(_ text: String) { output.writeErr(text + "\n") }
}
