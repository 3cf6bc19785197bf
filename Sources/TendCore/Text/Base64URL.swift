import Foundation

/// Base64url (RFC 4648 §5), the alphabet of JWTs (VAPID, ID tokens) and of every key, secret
/// and token of Web Push.
public enum Base64URL {
    /// Without padding: JWTs (RFC 7515) and the VAPID `k=` parameter must not carry `=`.
    /// Byte by byte: every push and action link signs one, and `replacingOccurrences` went
    /// through NSString three times.
    public static func encode(_ data: Data) -> String {
        var bytes = Array(data.base64EncodedData())
        while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "+"): bytes[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): bytes[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Accepts text with or without padding, as browsers hand `p256dh` and `auth` out either
    /// way; nil for anything else (standard base64's `+` and `/`, whitespace, a bad length).
    public static func decode(_ text: some StringProtocol) -> Data? {
        var body = Substring(text)
        while body.hasSuffix("=") { body.removeLast() }
        guard body.utf8.allSatisfy(isAlphabet), body.utf8.count % 4 != 1 else { return nil }
        var standard = body.utf8.map { byte in
            switch byte {
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            default: byte
            }
        }
        standard += Array(repeating: UInt8(ascii: "="), count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: Data(standard))
    }

    /// Whether every character of `text` is of the URL- and filename-safe alphabet (no padding):
    /// also the rule of RFC 8030 push topics and ntfy topic names.
    public static func isAlphabet(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy(isAlphabet)
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
