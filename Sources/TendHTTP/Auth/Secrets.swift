import Crypto
import Foundation
import TendCore

/// Bearer secrets (API tokens, session cookies, invite codes) and what the server derives from
/// them. Only SHA-256 hashes of secrets are stored.
package enum Secrets {
    /// 32 random bytes from the system's CSPRNG, base64url without padding (43 characters).
    package static func generate() -> String {
        let key = SymmetricKey(size: .bits256)
        return key.withUnsafeBytes { base64URL(Data($0)) }
    }

    /// The SHA-256 hash of a secret, lower-case hex: what the store keeps and looks up.
    package static func hash(_ secret: String) -> String {
        hex(SHA256.hash(data: Data(utf8: secret)))
    }

    /// The CSRF token of a session: an HMAC keyed by the session's own secret, so every instance
    /// behind a load balancer computes the same token with no shared key, and nobody who lacks the
    /// (HttpOnly) cookie can.
    package static func csrfToken(forSession secret: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(utf8: "tend-csrf-v1"), using: SymmetricKey(data: Data(utf8: secret)))
        return base64URL(Data(mac))
    }

    /// Compares in time independent of where the texts differ.
    package static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    /// Base64url without padding (RFC 4648 §5). Made from the bytes directly: every page a
    /// session loads derives its CSRF token, and Foundation's `replacingOccurrences` (three
    /// passes through NSString) would be a noticeable part of serving a cached Today page.
    package static func base64URL(_ data: Data) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((data.count * 4 + 2) / 3)
        var index = data.startIndex
        while index < data.endIndex {
            let count = min(3, data.endIndex - index)
            var group = UInt32(data[index]) << 16
            if count > 1 { group |= UInt32(data[index + 1]) << 8 }
            if count > 2 { group |= UInt32(data[index + 2]) }
            for position in 0...count { out.append(alphabet[Int(group >> (18 - 6 * UInt32(position)) & 0x3F)]) }
            index += count
        }
        return String(decoding: out, as: UTF8.self)
    }

    package static func hex<D: Sequence<UInt8>>(_ bytes: D) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
