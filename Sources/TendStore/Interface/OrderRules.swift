import Foundation
import TendCore

/// The checks of a new manual order of habits or routines, for the stores to run inside their
/// write on the ids as they are then.
package enum OrderRules {
    /// `requested` first, then every other id of `current` in its place. An id the owner does not
    /// have is "not found" (another owner's ids are simply unknown), one listed twice is invalid.
    package static func reordered<ID: Hashable>(_ requested: [ID], current: [ID], what: String) throws(StoreError) -> [ID] {
        let known = Set(current)
        guard requested.allSatisfy({ known.contains($0) }) else { throw .notFound(what) }
        let listed = Set(requested)
        guard listed.count == requested.count else { throw .invalid("a \(what) appears twice in the order") }
        return requested + current.filter { !listed.contains($0) }
    }
}
