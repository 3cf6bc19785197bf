import Foundation
import TendCore
import TendWords

/// The checks of a new manual order of habits or routines, for the stores to run inside their
/// write on the ids as they are then.
package enum OrderRules {
    /// `requested` first, then every other id of `current` in its place. An id the owner does not
    /// have is "not found" (another owner's ids are simply unknown), one listed twice is invalid.
    package static func reordered<ID: Hashable>(_ requested: [ID], current: [ID], what: String) throws(StoreError) -> [ID] {
        let known = Set(current)
        guard requested.allSatisfy({ known.contains($0) }) else { throw .notFound(what) }
        let listed = Set(requested)
        guard listed.count == requested.count else {
            switch what {
            case "habit": throw .invalid(t("a habit appears twice in the order"))
            case "routine": throw .invalid(t("a routine appears twice in the order"))
            default: throw .invalid(t("a {what} appears twice in the order", ["what": what]))
            }
        }
        return requested + current.filter { !listed.contains($0) }
    }
}
