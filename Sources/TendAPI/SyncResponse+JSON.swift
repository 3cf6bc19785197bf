import Foundation
import TendCore

/// A sync answer's JSON read and written without the coders, as ``SyncRequest``'s: a new device
/// pulls a whole account in pages of operations.
extension SyncResponse {
    /// The answer in `bytes`, or `nil` where `JSONDecoder` must decide.
    public init?(fastJSON bytes: [UInt8]) {
        var scanner = JSONScanner(bytes)
        var accepted: Int?
        var duplicates: Int?
        var operations: [ChangeOperation]?
        var cursor: String?
        var more: Bool?
        var reset: Bool?
        var stored: Int64?
        var seen = Set<String>()
        let read = scanner.object { scanner, key in
            guard seen.insert(String(decoding: key, as: UTF8.self)).inserted else { return false }
            if key.spells("accepted") {
                guard let value = scanner.integer() else { return false }
                accepted = value
            } else if key.spells("duplicates") {
                guard let value = scanner.integer() else { return false }
                duplicates = value
            } else if key.spells("operations") {
                guard let list = ChangeOperation.readArray(&scanner) else { return false }
                operations = list
            } else if key.spells("cursor") {
                if scanner.null() { return true }
                guard let text = scanner.string() else { return false }
                cursor = text
            } else if key.spells("more") {
                guard let flag = scanner.boolean() else { return false }
                more = flag
            } else if key.spells("reset") {
                guard let flag = scanner.boolean() else { return false }
                reset = flag
            } else if key.spells("stored") {
                if scanner.null() { return true }
                guard let value = scanner.integer() else { return false }
                stored = Int64(value)
            } else {
                return scanner.skipValue()
            }
            return true
        }
        guard read, scanner.atEnd(), let accepted, let duplicates, let operations, let more, let reset else { return nil }
        self.init(
            accepted: accepted, duplicates: duplicates, operations: operations, cursor: cursor, more: more, reset: reset,
            stored: stored)
    }

    /// The answer as `JSONEncoder` with sorted keys writes it.
    public func json() throws -> [UInt8] {
        var output = JSONOutput(capacity: 256 + operations.count * 160)
        output.raw(#"{"accepted":"#)
        output.integer(accepted)
        if let cursor {
            output.raw(#","cursor":"#)
            output.string(cursor)
        }
        output.raw(#","duplicates":"#)
        output.integer(duplicates)
        output.raw(#","more":"#)
        output.boolean(more)
        output.raw(#","operations":"#)
        try ChangeOperation.writeJSON(operations, to: &output)
        output.raw(#","reset":"#)
        output.boolean(reset)
        if let stored {
            output.raw(#","stored":"#)
            output.integer(Int(stored))
        }
        output.raw("}")
        return output.bytes
    }
}
