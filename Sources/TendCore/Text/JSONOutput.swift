/// JSON text written byte by byte, exactly as `JSONEncoder` with `.withoutEscapingSlashes` writes
/// it (the escapes below are its own): where Tend writes in bulk (the op log's entry changes, a
/// sync's operations), the encoder's boxes and containers were most of the work.
public struct JSONOutput {
    public var bytes: [UInt8] = []

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Raw JSON text (punctuation, a key written by hand, a value already encoded).
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    public mutating func raw(_ slice: some Collection<UInt8>) {
        bytes.append(contentsOf: slice)
    }

    /// `"key":`, for keys that need no escaping.
    public mutating func key(_ key: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case 0x08: raw(#"\b"#)
            case 0x09: raw(#"\t"#)
            case 0x0A: raw(#"\n"#)
            case 0x0C: raw(#"\f"#)
            case 0x0D: raw(#"\r"#)
            case 0..<0x20:
                raw(#"\u00"#)
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func integer(_ value: Int) {
        raw(String(value))
    }

    /// An amount as `Amount`'s `Codable` writes it: `3`, `2.5`.
    public mutating func amount(_ value: Amount) {
        raw(value.description)
    }

    public mutating func boolean(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
