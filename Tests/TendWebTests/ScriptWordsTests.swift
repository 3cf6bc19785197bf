import Foundation
import NIOCore
import TendCore
import TendTestSupport
import Testing

@testable import TendWeb

/// app.js writes an offline card's words itself; they must be the server's (TodayPage), so one
/// table of cases runs against both (node, where it is installed).
@Suite("app.js words match the server's")
struct ScriptWordsTests {
    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("duration(seconds) says what DurationText.words says, to the second", .enabled(if: node != nil))
    func duration() async throws {
        let script = String(buffer: WebAssets.script.body)
        let function = try #require(Self.function("duration", in: script))
        let cases = [0, 1, 45, 60, 600, 750, 3600, 3630, 3900, 5430, 86_399, 86_400]
        let program = function + "\nconsole.log(JSON.stringify([\(cases.map(String.init).joined(separator: ","))].map(duration)));"
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: try #require(Self.node))
        process.arguments = ["-e", program]
        process.standardInput = .null
        let result = try await ChildProcess(process).run()
        #expect(result.status == 0, "\(String(decoding: result.err, as: UTF8.self))")
        let words = try JSONDecoder().decode([String].self, from: result.out)
        #expect(words == cases.map(DurationText.words))
    }

    /// The text of `function name(…) { … }` in `script`, to its closing brace.
    static func function(_ name: String, in script: String) -> String? {
        guard let start = script.range(of: "function \(name)(") else { return nil }
        var depth = 0
        var index = start.lowerBound
        while index < script.endIndex {
            switch script[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return String(script[start.lowerBound...index]) }
            default: break
            }
            index = script.index(after: index)
        }
        return nil
    }
}
