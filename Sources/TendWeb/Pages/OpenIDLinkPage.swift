import Foundation

/// `/login/oidc/link`: a provider vouched for someone Tend does not know yet. They link the
/// identity to their account (with its password) or, where sign-up allows, get a new account.
struct OpenIDLinkPage: Sendable, Hashable {
    /// The provider's host, and how it named the person.
    var provider: String
    var label: String
    /// What the link form keeps when refused.
    var username = ""
    /// The new account form's username (the provider's suggestion until changed).
    var newUsername: String
    var timeZone = ""
    var zones: [String]
    var formToken: String
    /// Whether the new-account form is shown (`--open-registration` or `--approve-signups`).
    var signUpOpen: Bool
    /// New accounts wait for the owner (`--approve-signups`).
    var approvalNeeded: Bool
    var linkError: String?
    var signupError: String?
}
