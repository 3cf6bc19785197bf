import Foundation
import TendTestSupport
import Testing

/// The import bombs' memory bound, measured on a real `tend` process (its peak resident set, read
/// from `/proc` while it runs), not inferred from the limits: the review of issue 40 found a 65 KB ZIP of newlines that
/// took `tend serve` from 65 MB to 2.3 GB. `scripts/import-memory` measures the same files through
/// `tend serve` in a release build (docs/performance.md, "Import memory").
@Suite("An import bomb stays within its memory bound in a real process")
struct ImportMemoryTests {
    /// Well above a debug `tend` with the file mapped (~100 MiB here), far below what reading a
    /// bomb whole costs; docs/security.md's bound for any import is ~1.3 GiB over the baseline.
    static let bound = 384 << 20

    @Test("harsh: a heading and 64 MiB of newlines are refused at the line limit, the peak under 384 MiB")
    func harshNewlines() async throws {
        // Given harsh's `habits` file: one heading and 64 MiB of empty lines (67 million lines)
        let cli = try await CLIHarness(timeZone: "UTC")
        let file = cli.directory.path("habits")
        var bomb = Data("! h\n".utf8)
        bomb.append(Data(repeating: UInt8(ascii: "\n"), count: 64 << 20))
        try bomb.write(to: URL(fileURLWithPath: file))
        // When the real binary is asked for a dry run
        let process = SpawnedProcess()
        process.executableURL = CLIHarness.binary
        process.arguments = ["--database", cli.database, "import", "--dry-run", file]
        let started = try ChildProcess(process).start()
        let peak = try await Self.peakResidentBytes(of: started.processIdentifier)
        let result = try await started.output()
        // Then it is refused by the line count, says so, and its peak stays within the bound
        let err = String(decoding: result.err, as: UTF8.self)
        #expect(result.status != 0)
        #expect(err.contains("lines in the harsh file"), "\(err)")
        #expect(peak > 0)
        #expect(peak < Self.bound, "peak \(peak >> 20) MiB")
    }

    /// The process's peak resident set (`VmHWM`, which only grows) as last read before it ended,
    /// polled every 10 ms. Not `wait4`'s `ru_maxrss`: on Linux a child started with
    /// `posix_spawn` (vfork) counts the parent's resident set at the spawn, the test runner's.
    static func peakResidentBytes(of pid: Int32) async throws -> Int {
        try await offCooperativePool {
            var peak = 0
            while let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
            {
                peak = max(peak, (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0) * 1024)
                Thread.sleep(forTimeInterval: 0.01)
            }
            return peak
        }
    }
}
