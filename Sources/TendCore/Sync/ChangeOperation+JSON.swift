import Foundation

/// Operations read and written without the coders where their change allows it (see
/// ``Change/read(_:)``): a sync moves them by the hundred thousand.
extension ChangeOperation {
    /// An operation at the scanner's position, or `nil` where `JSONDecoder` must decide.
    public static func read(_ scanner: inout JSONScanner) -> ChangeOperation? {
        var id: UUID?
        var device: String?
        var timestamp: HybridTimestamp?
        var change: Change?
        let read = scanner.object { scanner, key in
            if key.spells("change") {
                guard change == nil, let value = Change.read(&scanner) else { return false }
                change = value
            } else if key.spells("device") {
                guard device == nil, let text = scanner.string() else { return false }
                device = text
            } else if key.spells("id") {
                guard id == nil, let bytes = scanner.plainStringBytes(), let value = UUID(utf8: bytes) else { return false }
                id = value
            } else if key.spells("timestamp") {
                guard timestamp == nil, let text = scanner.string(), let value = HybridTimestamp(text) else { return false }
                timestamp = value
            } else {
                return scanner.skipValue()
            }
            return true
        }
        guard read, let id, let device, let timestamp, let change else { return nil }
        return ChangeOperation(id: id, device: device, timestamp: timestamp, change: change)
    }

    /// An array of operations, or `nil` where `JSONDecoder` must decide.
    public static func readArray(_ scanner: inout JSONScanner) -> [ChangeOperation]? {
        var list: [ChangeOperation] = []
        let read = scanner.array { scanner in
            guard let operation = ChangeOperation.read(&scanner) else { return false }
            list.append(operation)
            return true
        }
        return read ? list : nil
    }

    /// `[…]` of `operations` as ``writeJSON(to:)`` writes each.
    public static func writeJSON(_ operations: [ChangeOperation], to output: inout JSONOutput) throws {
        output.raw("[")
        for (index, operation) in operations.enumerated() {
            if index > 0 { output.raw(",") }
            try operation.writeJSON(to: &output)
        }
        output.raw("]")
    }

    /// The operation as `JSONEncoder` with sorted keys and unescaped slashes writes it.
    public func writeJSON(to output: inout JSONOutput) throws {
        output.raw(#"{"change":"#)
        if !change.writeJSON(to: &output) {
            output.raw(try Self.encoder.encode(change))
        }
        output.raw(#","device":"#)
        output.string(device)
        output.raw(#","id":""#)
        output.raw(id.text(uppercase: true))
        output.raw(#"","timestamp":"#)
        output.string(timestamp.description)
        output.raw("}")
    }

    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
