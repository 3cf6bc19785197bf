import Foundation
import Hummingbird
import TendCore

/// Reading path and query parameters.
extension TendRequestContext {
    /// A path id; text that is no UUID names nothing, so it is not found.
    package func pathID<Owner>(_ name: String, _ what: String) throws -> TypedID<Owner> {
        guard let text = parameters.get(name), let uuid = UUID(text: text) else {
            throw Problem.notFound("\(what) not found")
        }
        return TypedID(rawValue: uuid)
    }

    /// A path day, `YYYY-MM-DD` (400 for `2025-02-30`).
    package func day(_ name: String) throws -> Day {
        try Day(iso: parameters.get(name) ?? "")
    }
}

extension Request {
    package func query(_ name: String) -> String? {
        uri.queryParameters[Substring(name)].map(String.init)
    }

    /// A query day: `YYYY-MM-DD`, `today`, `yesterday` or `tomorrow` (absent: `default`).
    package func queryDay(_ name: String, today: Day, default fallback: Day? = nil) throws -> Day {
        guard let text = query(name), !text.isEmpty else { return fallback ?? today }
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.previous
        case "tomorrow": return today.next
        default: return try Day(iso: text)
        }
    }

    package func queryInt(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = query(name), !text.isEmpty else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw Problem.badRequest("'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    package func queryBool(_ name: String) throws -> Bool {
        guard let text = query(name)?.lowercased(), !text.isEmpty else { return false }
        switch text {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw Problem.badRequest("'\(name)' must be true or false")
        }
    }
}
