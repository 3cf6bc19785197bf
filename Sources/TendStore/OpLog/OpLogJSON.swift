import Foundation
import TendCore

/// The op log's JSON for a change: ``StoredJSON/text(_:)``'s, except that the entry changes (every
/// check-in's, and imports' thousands of entries) are written directly, byte for byte the same
/// (``Change/writeJSON(to:)``) — the encoder would be a sizeable part of a check-in's work on the
/// writer and most of a large sync's.
package enum OpLogJSON {
    package static func text(_ change: Change) throws -> String {
        var output = JSONOutput(capacity: 128)
        return change.writeJSON(to: &output) ? output.text : try StoredJSON.text(change)
    }
}
