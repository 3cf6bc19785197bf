import Crypto
import Foundation
import TendCore

/// Makes the `Authorization` header by which the server identifies itself to a push service
/// (RFC 8292): an ES256-signed JWT for the endpoint's origin, and the public key.
public struct VAPIDSigner: Sendable {
    /// RFC 8292 §2: a push service must reject tokens that expire more than 24 hours ahead.
    public static let maximumValidity: Int = 24 * 60 * 60
    /// Half the maximum: a token made now stays usable for a while (callers may cache it per
    /// origin) and a clock a few hours off does not push it past the limit.
    public static let defaultValidity: Int = 12 * 60 * 60

    public let keyPair: VAPIDKeyPair
    public let subject: VAPIDSubject

    public init(keyPair: VAPIDKeyPair, subject: VAPIDSubject) {
        self.keyPair = keyPair
        self.subject = subject
    }

    /// `vapid t=<jwt>, k=<public key>` for a request to `endpoint`.
    public func authorization(for endpoint: URL, now: Date, validity: Int = defaultValidity) throws(VAPIDError) -> String {
        "vapid t=\(try token(for: endpoint, now: now, validity: validity)), k=\(keyPair.publicKey)"
    }

    /// The JWT: `base64url(header).base64url(claims).base64url(r || s)`.
    public func token(for endpoint: URL, now: Date, validity: Int = defaultValidity) throws(VAPIDError) -> String {
        guard validity > 0, validity <= Self.maximumValidity else { throw .invalidValidity(seconds: validity) }
        // Whole seconds, rounded down: `exp` never lands beyond now + validity.
        let expiry = Int(now.timeIntervalSince1970.rounded(.down)) + validity
        let claims = VAPIDClaims(aud: try Self.audience(for: endpoint), exp: expiry, sub: subject.value)
        let input = Self.signingInput(claims)
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try keyPair.signingKey.signature(for: Data(utf8: input))
        } catch {
            throw .signingFailed
        }
        // JWS (RFC 7518 §3.4) wants the raw 64-byte r || s, not the DER form.
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// The header is a fixed text and the claims are encoded with sorted keys and unescaped
    /// slashes, so the same claims always give the same bytes (RFC 8292's example's among them).
    public static func signingInput(_ claims: VAPIDClaims) -> String {
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Three plain fields cannot fail to encode.
        let body = try! encoder.encode(claims)
        return Base64URL.encode(Data(utf8: header)) + "." + Base64URL.encode(body)
    }

    /// The origin of the push resource (RFC 6454 serialisation): lower-case scheme and host, the
    /// port only when it is not the scheme's default. Push services compare `aud` to it.
    public static func audience(for endpoint: URL) throws(VAPIDError) -> String {
        guard let components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host?.lowercased(), !host.isEmpty
        else {
            throw .invalidEndpoint(endpoint.absoluteString)
        }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let defaultPort = scheme == "https" ? 443 : 80
        if let port = components.port, port != defaultPort {
            return "\(scheme)://\(bracketed):\(port)"
        }
        return "\(scheme)://\(bracketed)"
    }
}
