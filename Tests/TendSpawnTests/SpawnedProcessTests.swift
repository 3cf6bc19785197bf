import Foundation
import TendSpawn
import TendTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Child processes started with posix_spawn")
struct SpawnedProcessTests {
    /// Runs `/bin/sh -c script` with stdout piped; its output and how it ended.
    static func shell(
        _ script: String, configure: (SpawnedProcess) -> Void = { _ in }
    ) async throws -> (out: String, termination: SpawnedProcess.Termination) {
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let out = Pipe()
        process.standardOutput = .pipe(out)
        configure(process)
        try process.run()
        // Read to the end: it comes only once every copy of the pipe's writing end is closed,
        // the parent's included.
        let data = try await offCooperativePool { out.fileHandleForReading.readDataToEndOfFile() }
        return (String(decoding: data, as: UTF8.self), await process.exit())
    }

    @Test(
        "With 1,500 descriptors open in the parent (where Foundation's Process.run() reads past its buffer), the child starts and holds none of them"
    )
    func manyDescriptorsOpen() async throws {
        let opened = (0..<1_500).map { _ in open("/dev/null", O_RDONLY) }
        defer { for descriptor in opened { close(descriptor) } }
        #expect(opened.allSatisfy { $0 >= 0 })
        let result = try await Self.shell("ls /proc/$$/fd")
        #expect(result.termination == .exit(0))
        // stdin, stdout, stderr and nothing else (the shell's own script descriptor, if any,
        // would be above 2 but not one of the parent's 1,500).
        let descriptors = result.out.split(separator: "\n").compactMap { Int($0) }
        #expect(Array(descriptors.prefix(3)) == [0, 1, 2])
        #expect(descriptors.count <= 4, "inherited: \(descriptors)")
    }

    @Test("Exit codes, a signal's end, terminate() and a missing executable")
    func endings() async throws {
        #expect(try await Self.shell("exit 3").termination == .exit(3))
        #expect(try await Self.shell("kill -KILL $$").termination == .signal(SIGKILL))

        let sleeper = SpawnedProcess()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        #expect(sleeper.processIdentifier > 0)
        #expect(sleeper.isRunning)
        sleeper.terminate()
        #expect(await sleeper.exit() == .signal(SIGTERM))
        #expect(!sleeper.isRunning)
        #expect(sleeper.terminationStatus == SIGTERM)
        sleeper.terminate()  // after the end: sends nothing
        sleeper.waitUntilExit()  // returns at once

        let missing = SpawnedProcess()
        missing.executableURL = URL(fileURLWithPath: "/nonexistent/tend")
        #expect(throws: POSIXError.self) { try missing.run() }
        #expect(missing.processIdentifier == 0)
    }

    @Test("Arguments, environment, working directory and a piped stdin reach the child as given")
    func configuration() async throws {
        let input = Pipe()
        let result = try await Self.shell(#"printf '%s|%s|%s|' "$1" "$TEND_SPAWN_TEST" "$(pwd)"; cat"#) { process in
            process.arguments += ["sh", "one two"]
            process.environment = ["TEND_SPAWN_TEST": "é=1", "PATH": "/usr/bin:/bin"]
            process.currentDirectoryURL = URL(fileURLWithPath: "/tmp")
            process.standardInput = .pipe(input)
            input.fileHandleForWriting.write(Data("from stdin".utf8))
            try? input.fileHandleForWriting.close()
        }
        #expect(result.termination == .exit(0))
        #expect(result.out == "one two|é=1|/tmp|from stdin")
    }

    @Test("The child starts with no signal blocked and none ignored (SIGPIPE is, here), in a process group of its own")
    func signalsAndGroup() async throws {
        // The parent ignores SIGPIPE (as a server does); the child must not inherit that.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/cat")
        process.arguments = ["/proc/self/status", "/proc/self/stat"]
        let out = Pipe()
        process.standardOutput = .pipe(out)
        try process.run()
        let data = try await offCooperativePool { out.fileHandleForReading.readDataToEndOfFile() }
        #expect(await process.exit() == .exit(0))
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.contains("SigBlk:\t0000000000000000"), "\(lines)")
        // Signals 1–31 (32 and 33 are glibc's own, which its posix_spawn leaves ignored).
        let ignored = try #require(lines.first { $0.hasPrefix("SigIgn:") }.flatMap { UInt64($0.dropFirst(8), radix: 16) })
        #expect(ignored & 0x7fff_ffff == 0, "ignored: \(String(ignored, radix: 16))")
        // /proc/self/stat: "pid (comm) state ppid pgrp …"
        let stat = try #require(lines.last).split(separator: " ")
        #expect(stat.count > 4 && stat[0] == stat[4], "the child leads its own group: \(stat.prefix(5))")
        #expect(Int32(stat[0]) == process.processIdentifier)
    }
}
