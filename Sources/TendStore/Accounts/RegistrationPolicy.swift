import Foundation
import TendCore

/// Who may create an account when one already exists (the first account is always allowed and
/// becomes the owner).
public enum RegistrationPolicy: Hashable, Sendable {
    /// Only with an invite: the SHA-256 hash (hex) of the invite code, consumed by the sign-up.
    case invite(codeHash: String?)
    /// Anyone (`tend serve --open-registration`).
    case open
}
