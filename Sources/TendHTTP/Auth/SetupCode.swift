import Crypto

/// The one-time code that lets a fresh server's first account be created from another machine:
/// `tend serve` prints it at a start without an owner, and the person who set the server up types
/// it into the sign-up form. 80 random bits in Crockford's base32 (no I, L, O or U to misread),
/// in four groups: `7K3Q-MZ9X-2WDP-A4TB`.
package enum SetupCode {
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    package static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<16).map { _ in alphabet[Int(generator.next(upperBound: UInt8(32)))] }
        return stride(from: 0, to: 16, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// Whether `given` is `expected` as people type it: in any case, with or without the dashes
    /// and spaces. Compared in constant time.
    package static func matches(_ given: String, _ expected: String) -> Bool {
        guard given.utf8.count <= 64 else { return false }
        return Secrets.constantTimeEqual(normalized(given), normalized(expected))
    }

    private static func normalized(_ text: String) -> String {
        String(text.uppercased().filter { $0 != "-" && !$0.isWhitespace })
    }
}
