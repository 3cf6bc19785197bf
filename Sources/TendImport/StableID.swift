import Foundation
import TendStore

/// Deterministic ids for imported things that carry none, so that importing the same file again
/// finds what the first import created.
enum StableID {
    /// A version-8 (custom) UUID from a 128-bit FNV-1a hash of `key`, namespaced to Tend's import.
    static func uuid(_ key: String) -> UUID {
        let bytes = Array("tend-import:\(key)".utf8)
        let high = fnv1a(bytes, basis: 0xcbf2_9ce4_8422_2325)
        let low = fnv1a(bytes.reversed(), basis: 0x6c62_272e_07bb_0142)
        var raw = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            raw[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
            raw[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
        }
        return UUID.version8(raw)
    }

    private static func fnv1a(_ bytes: some Sequence<UInt8>, basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// A UUID from 32 hexadecimal digits (Loop's uuid column), dashes allowed; `nil` otherwise.
    static func uuid(hex text: String) -> UUID? {
        let digits = text.filter { $0 != "-" }.lowercased()
        guard digits.count == 32, digits.allSatisfy(\.isHexDigit) else { return nil }
        var parts: [String] = []
        var rest = Substring(digits)
        for length in [8, 4, 4, 4, 12] {
            parts.append(String(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        return UUID(uuidString: parts.joined(separator: "-"))
    }
}
