import Crypto
import Foundation
import TendCore
import TendDelivery

/// What a push service checks of a VAPID `Authorization` header (RFC 8292), for tests and the
/// push-service double: the header's shape, the ES256 signature under the `k=` key, that the key
/// is the one the subscription was made with, `aud` = the endpoint's origin, `exp` in the future
/// and at most 24 hours ahead, and a usable `sub`.
public struct VAPIDVerifier: Sendable {
    /// The application server key the subscription was made with; nil accepts any key that
    /// verifies its own token.
    public let expectedPublicKey: String?

    public init(expectedPublicKey: String? = nil) {
        self.expectedPublicKey = expectedPublicKey
    }

    /// The verified claims, or the first check that fails.
    @discardableResult
    public func verify(authorization: String, endpoint: URL, now: Date) throws(VAPIDVerificationError) -> VAPIDClaims {
        let (token, key) = try Self.parse(authorization)
        if let expectedPublicKey, key != expectedPublicKey { throw .unexpectedKey }
        guard let keyBytes = Base64URL.decode(key),
            let publicKey = try? P256.Signing.PublicKey(x963Representation: keyBytes)
        else {
            throw .malformedKey
        }

        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let claimsBytes = Base64URL.decode(parts[1]),
            let signatureBytes = Base64URL.decode(parts[2])
        else {
            throw .malformedToken
        }
        guard let header = try? JSONDecoder().decode([String: String].self, from: headerBytes), header["alg"] == "ES256",
            header["typ"].map({ $0.uppercased() == "JWT" }) ?? true
        else {
            throw .wrongAlgorithm
        }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
            publicKey.isValidSignature(signature, for: Data(utf8: "\(parts[0]).\(parts[1])"))
        else {
            throw .badSignature
        }
        guard let claims = try? JSONDecoder().decode(VAPIDClaims.self, from: claimsBytes) else { throw .malformedToken }

        let audience: String
        do {
            audience = try VAPIDSigner.audience(for: endpoint)
        } catch {
            throw .wrongAudience(expected: endpoint.absoluteString, actual: claims.aud)
        }
        guard claims.aud == audience else { throw .wrongAudience(expected: audience, actual: claims.aud) }
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        guard claims.exp > nowSeconds else { throw .expired }
        guard claims.exp - nowSeconds <= VAPIDSigner.maximumValidity else { throw .expiresTooLate }
        guard (try? VAPIDSubject(claims.sub)) != nil else { throw .badSubject(claims.sub) }
        return claims
    }

    /// `vapid t=…, k=…`: the scheme case-insensitively, the two parameters in either order.
    static func parse(_ authorization: String) throws(VAPIDVerificationError) -> (token: String, key: String) {
        let trimmed = authorization.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(of: " "), trimmed[..<space].lowercased() == "vapid" else {
            throw .notVAPID
        }
        var parameters: [String: String] = [:]
        for item in trimmed[space...].split(separator: ",") {
            let pair = item.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "=") else { throw .malformedHeader }
            parameters[pair[..<equals].lowercased()] = String(pair[pair.index(after: equals)...])
        }
        guard let token = parameters["t"], let key = parameters["k"], !token.isEmpty, !key.isEmpty else {
            throw .malformedHeader
        }
        return (token, key)
    }
}

/// Why a push service refuses a request's VAPID credentials.
public enum VAPIDVerificationError: Error, Hashable, Sendable {
    case notVAPID
    case malformedHeader
    case malformedKey
    case unexpectedKey
    case malformedToken
    case wrongAlgorithm
    case badSignature
    case wrongAudience(expected: String, actual: String)
    case expired
    case expiresTooLate
    case badSubject(String)
}
