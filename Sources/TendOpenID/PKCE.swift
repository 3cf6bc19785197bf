import Crypto
import Foundation
import TendCore

/// Proof Key for Code Exchange (RFC 7636) with the S256 method: the verifier stays with Tend, its
/// SHA-256 goes to the provider with the authorization request, and the code is worth nothing
/// without the verifier.
public struct PKCE: Hashable, Sendable {
    public let verifier: String

    /// A new random verifier (43 characters).
    public init() {
        verifier = OpenIDText.random()
    }

    public init(verifier: String) {
        self.verifier = verifier
    }

    /// BASE64URL(SHA256(ASCII(verifier))), RFC 7636 §4.2.
    public var challenge: String {
        Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    public static let method = "S256"
}
