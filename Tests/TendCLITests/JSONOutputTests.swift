import Foundation
import TendTestSupport
import Testing

@testable import TendCLI

@Suite("--json output")
struct JSONOutputTests {
    @Test("Empty arrays and objects are [] and {}, not a bracket, a blank line and a bracket (issue 41)")
    func emptyContainers() async throws {
        // Given an empty database and a habit with no reminders and no tags
        let cli = try await CLIHarness(timeZone: "UTC")
        let empty = await cli.run(["list", "--json"])
        #expect(empty.status == 0, "\(empty.err)")
        #expect(empty.out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(await cli.run(["add", "Read"]).status == 0)
        let list = await cli.run(["list", "--json"])
        #expect(list.out.contains(#""reminders" : []"#) && list.out.contains(#""tags" : []"#), "\(list.out)")
        // And the output is the same JSON as before
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [[String: Any]])
        #expect(parsed.count == 1 && (parsed[0]["tags"] as? [Any])?.isEmpty == true)
    }

    @Test("Brackets and line breaks inside strings are text: left as they are")
    func stringsUntouched() throws {
        let json = Data("{\n  \"a\" : \"[\\n  ]\",\n  \"b\" : \"{ }\\\\\",\n  \"c\" : {\n\n  },\n  \"d\" : [\n\n  ]\n}".utf8)
        let collapsed = String(decoding: JSONPrinter.collapsingEmptyContainers(json), as: UTF8.self)
        #expect(collapsed == "{\n  \"a\" : \"[\\n  ]\",\n  \"b\" : \"{ }\\\\\",\n  \"c\" : {},\n  \"d\" : []\n}")
    }
}
