import Foundation
import TendCore

extension UUID {
    /// An op-log id: a version-7 UUID (RFC 9562), the operation's timestamp in milliseconds
    /// first, then 74 random bits from the system's generator.
    ///
    /// Ids made later sort after earlier ones, so the op log's unique index on ids grows at its
    /// end instead of being written at a random place by every operation (a page less to write
    /// and sync per check-in). And Foundation's `UUID()` opens /dev/urandom on every call on
    /// Linux (≈ 10 µs); an op id is made on every write.
    package static func timeOrdered(milliseconds: Int64) -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            let time = UInt64(max(0, milliseconds))
            for index in 0..<6 { raw[index] = UInt8(truncatingIfNeeded: time >> (40 - 8 * index)) }
            raw[6] = (raw[6] & 0x0F) | 0x70  // version 7
            raw[8] = (raw[8] & 0x3F) | 0x80  // RFC 9562 variant
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }

    /// A version-8 (custom) UUID from the first 16 of `bytes` (a hash of what it names), with
    /// RFC 9562's version and variant bits set: deterministic ids for things that carry none.
    package static func version8(_ bytes: some Sequence<UInt8>) -> UUID {
        var raw = Array(bytes.prefix(16))
        precondition(raw.count == 16, "a UUID needs 16 bytes")
        raw[6] = (raw[6] & 0x0F) | 0x80
        raw[8] = (raw[8] & 0x3F) | 0x80
        return raw.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
    }
}
