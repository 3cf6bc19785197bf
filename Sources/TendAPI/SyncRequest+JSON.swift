import Foundation
import TendCore

/// A sync request's JSON read and written without the coders (``ChangeOperation/read(_:)``): the
/// first sync of years of history is a few hundred thousand operations.
extension SyncRequest {
    /// The request in `bytes`, or `nil` where `JSONDecoder` must decide (and report what is wrong).
    public init?(fastJSON bytes: [UInt8]) {
        var scanner = JSONScanner(bytes)
        var device: String?
        var cursor: String?
        var operations: [ChangeOperation]?
        var pull: Bool?
        var decimalAmounts: Bool?
        var measurements: Bool?
        var seen = Set<String>()
        let read = scanner.object { scanner, key in
            guard seen.insert(String(decoding: key, as: UTF8.self)).inserted else { return false }
            if key.spells("device") {
                guard let text = scanner.string() else { return false }
                device = text
            } else if key.spells("cursor") {
                if scanner.null() { return true }
                guard let text = scanner.string() else { return false }
                cursor = text
            } else if key.spells("operations") {
                guard let list = ChangeOperation.readArray(&scanner) else { return false }
                operations = list
            } else if key.spells("pull") {
                if scanner.null() { return true }
                guard let flag = scanner.boolean() else { return false }
                pull = flag
            } else if key.spells("decimalAmounts") {
                if scanner.null() { return true }
                guard let flag = scanner.boolean() else { return false }
                decimalAmounts = flag
            } else if key.spells("measurements") {
                if scanner.null() { return true }
                guard let flag = scanner.boolean() else { return false }
                measurements = flag
            } else {
                return scanner.skipValue()
            }
            return true
        }
        guard read, scanner.atEnd(), let device, let operations else { return nil }
        self.init(
            device: device, cursor: cursor, operations: operations, pull: pull, decimalAmounts: decimalAmounts, measurements: measurements)
    }

    /// The request as `JSONEncoder` with sorted keys writes it.
    public func json() throws -> [UInt8] {
        var output = JSONOutput(capacity: 256 + operations.count * 160)
        output.raw("{")
        if let cursor {
            output.key("cursor")
            output.string(cursor)
            output.raw(",")
        }
        if let decimalAmounts {
            output.key("decimalAmounts")
            output.boolean(decimalAmounts)
            output.raw(",")
        }
        output.key("device")
        output.string(device)
        if let measurements {
            output.raw(#","measurements":"#)
            output.boolean(measurements)
        }
        output.raw(#","operations":"#)
        try ChangeOperation.writeJSON(operations, to: &output)
        if let pull {
            output.raw(#","pull":"#)
            output.boolean(pull)
        }
        output.raw("}")
        return output.bytes
    }
}
