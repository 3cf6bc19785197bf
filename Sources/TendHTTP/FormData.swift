import Foundation
import TendCore

/// A decoded `application/x-www-form-urlencoded` body (or query string): what a web form
/// sends. Later values of a repeated name are kept in ``all(_:)``; the subscript answers the first.
package struct FormData: Sendable, Hashable {
    package private(set) var pairs: [(name: String, value: String)]

    package init(_ text: String) {
        pairs = text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    package subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value sent under `name`, in order (checkboxes, multiple selects).
    package func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    private static func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    package static func == (lhs: FormData, rhs: FormData) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    package func hash(into hasher: inout Hasher) {
        for pair in pairs {
            hasher.combine(pair.name)
            hasher.combine(pair.value)
        }
    }
}

extension FormData {
    /// `op`: the id a page gave this change (a Today card's tap, −1 or reset), so the same form
    /// sent again — or queued offline under that id after its answer was lost, and pushed by sync —
    /// is stored once. Absent or not a UUID: the change gets a new id.
    package var operationID: UUID? { self["op"].flatMap { UUID(text: $0) } }
}
