import Foundation

/// A database written by an earlier release and what that release said about it
/// (`Tests/Golden/migrations/NAME`, made by `scripts/make-migration-fixture`), for the tests that
/// migrate it and compare what the current release says, value by value.
public struct ReleaseFixture: Sendable {
    public let folder: URL

    /// The fixture `name` under `Tests/Golden/migrations`.
    public init(_ name: String, filePath: String = #filePath) {
        var url = URL(fileURLWithPath: filePath)
        while url.lastPathComponent != "Sources" && url.lastPathComponent != "Tests" && url.path != "/" {
            url.deleteLastPathComponent()
        }
        folder = url.deletingLastPathComponent().appendingPathComponent("Tests/Golden/migrations/\(name)")
    }

    public func url(_ file: String) -> URL { folder.appendingPathComponent(file) }

    /// A JSON file of the fixture, parsed.
    public func json(_ file: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url(file)), options: [.fragmentsAllowed])
    }

    /// Where `now` differs from `before`, the earlier release's reading of the same data: every
    /// value `before` holds must be in `now`, equal (numbers compared as exact decimals, so the
    /// earlier release's whole `8` equals a current `8` however it is written). Keys only `now`
    /// has are listed in `added` with their values (new fields), not reported as differences.
    public static func differences(before: Any, now: Any, path: String = "") -> (differences: [String], added: [String: Any]) {
        var differences: [String] = []
        var added: [String: Any] = [:]
        compare(before, now, path: path.isEmpty ? "$" : path, differences: &differences, added: &added)
        return (differences, added)
    }

    private static func compare(_ before: Any, _ now: Any, path: String, differences: inout [String], added: inout [String: Any]) {
        switch (before, now) {
        case (let before as [String: Any], let now as [String: Any]):
            for key in before.keys.sorted() {
                guard let value = now[key] else {
                    differences.append("\(path).\(key): gone (was \(before[key]!))")
                    continue
                }
                compare(before[key]!, value, path: "\(path).\(key)", differences: &differences, added: &added)
            }
            for key in now.keys.sorted() where before[key] == nil {
                // One entry per field, not per habit: the path without array positions.
                added[generalized("\(path).\(key)")] = now[key]
            }
        case (let before as [Any], let now as [Any]):
            if before.count != now.count {
                differences.append("\(path): \(before.count) items, now \(now.count)")
            }
            for (index, pair) in zip(before, now).enumerated() {
                compare(pair.0, pair.1, path: "\(path)[\(index)]", differences: &differences, added: &added)
            }
        case (let before as NSNumber, let now as NSNumber):
            if isBoolean(before) != isBoolean(now) || Decimal(string: "\(before)") != Decimal(string: "\(now)") {
                differences.append("\(path): \(shown(before)), now \(shown(now))")
            }
        case (let before as String, let now as String):
            if before != now { differences.append("\(path): \(before.debugDescription), now \(now.debugDescription)") }
        case (is NSNull, is NSNull):
            break
        default:
            differences.append("\(path): \(before), now \(now)")
        }
    }

    private static func shown(_ number: NSNumber) -> String {
        isBoolean(number) ? (number.boolValue ? "true" : "false") : "\(number)"
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        // JSONSerialization reads true and false as NSNumbers of Bool, whose type code is "c".
        String(cString: number.objCType) == "c"
    }

    private static func generalized(_ path: String) -> String {
        path.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[]", options: .regularExpression)
    }
}
