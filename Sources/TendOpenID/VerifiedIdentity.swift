/// A person the provider vouched for in a valid ID token.
public struct VerifiedIdentity: Hashable, Sendable {
    public var issuer: String
    /// The provider's stable id of the person (`sub`).
    public var subject: String
    /// `preferred_username`, else the local part of `email`, else empty: offered as a username.
    public var suggestedUsername: String
    /// `email`, else `preferred_username`, else `name`, else the subject: how the link is labelled.
    public var label: String

    public init(issuer: String, subject: String, suggestedUsername: String, label: String) {
        self.issuer = issuer
        self.subject = subject
        self.suggestedUsername = suggestedUsername
        self.label = label
    }
}
