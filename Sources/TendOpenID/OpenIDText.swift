import Crypto
import Foundation
import TendCore

/// Small text helpers of the relying party.
enum OpenIDText {
    /// 32 random bytes from the system's CSPRNG, base64url without padding (43 characters): a
    /// state, nonce or PKCE verifier (RFC 7636 asks 43–128 characters of its unreserved set).
    static func random() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Base64URL.encode(Data($0)) }
    }

    static func shortHash(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).prefix(5).map { String(format: "%02x", $0) }.joined()
    }

    static func isLoopback(host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }
}
