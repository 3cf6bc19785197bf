import Foundation

/// What an edit form showed, as JSON in a hidden field posted back with it: read against the
/// form's fields, it tells which fields the person changed, so a page opened before another
/// device's change applies only those and leaves the newer values alone (docs/sync.md).
enum FormSnapshot {
    /// The hidden field's text for `value` (sorted keys: the same value always reads the same).
    static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The value a posted snapshot describes, or `nil` when there is none or it cannot be read
    /// (then the whole form applies, as before snapshots existed).
    static func value<Value: Decodable>(_ type: Value.Type, from text: String?) -> Value? {
        guard let text, !text.isEmpty else { return nil }
        return try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
