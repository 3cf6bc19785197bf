import Foundation
import JWTKit

/// The claims of an ID token Tend reads (OpenID Connect Core §2). jwt-kit checks the signature;
/// ``OpenIDClient`` checks the claims itself against its own clock, so `verify(using:)` does nothing.
struct IDTokenClaims: JWTPayload {
    var iss: String
    var sub: String
    var aud: AudienceClaim
    var exp: Double
    var iat: Double?
    var nbf: Double?
    var nonce: String?
    var azp: String?
    var preferredUsername: String?
    var email: String?
    var name: String?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nbf, nonce, azp, email, name
        case preferredUsername = "preferred_username"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
