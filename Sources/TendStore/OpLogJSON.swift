import Foundation
import TendCore

/// The op log's JSON for a change: ``StoredJSON/text(_:)``'s, except that
/// the day changes every check-in logs are written directly, byte for byte the same — the
/// encoder was a tenth of a check-in's work on the writer.
enum OpLogJSON {
    static func text(_ change: Change) throws -> String {
        switch change {
        case .entrySet(let habit, let day, let value): entry("entrySet", habit, day, after: ("value", String(value)))
        case .entryIncremented(let habit, let day, let by): entry("entryIncremented", habit, day, before: ("by", String(by)))
        case .entrySkipped(let habit, let day, let skipped):
            entry("entrySkipped", habit, day, after: ("skipped", skipped ? "true" : "false"))
        case .entryReset(let habit, let day): entry("entryReset", habit, day)
        default: try StoredJSON.text(change)
        }
    }

    /// `{"<name>":{…,"day":"…","habit":"…",…}}`, the third key sorted before "day" or after "habit".
    private static func entry(
        _ name: String, _ habit: Habit.ID, _ day: Day, before: (String, String)? = nil, after: (String, String)? = nil
    ) -> String {
        var text = #"{""# + name + #"":{"#
        if let (key, value) = before { text += "\"" + key + "\":" + value + "," }
        text += #""day":""# + day.iso + #"","habit":""# + habit.rawValue.text() + "\""
        if let (key, value) = after { text += ",\"" + key + "\":" + value }
        return text + "}}"
    }
}
