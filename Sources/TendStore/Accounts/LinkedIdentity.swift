import Foundation
import TendCore

/// A person's account at an OpenID Connect provider, linked to a Tend account: signing in there
/// signs them in here. An identity (issuer and subject, as the ID token names them) belongs to at
/// most one account; an account may have several.
public struct LinkedIdentity: Hashable, Sendable {
    /// The provider's issuer URL, exactly as its ID tokens carry it.
    public var issuer: String
    /// The provider's stable id of the person (`sub`): never reassigned, unlike an email address.
    public var subject: String
    public var owner: User.ID
    /// How the provider named the person when the link was made (email or username), shown on the
    /// settings page so the owner can tell their links apart.
    public var label: String
    public var createdAt: Date

    public init(issuer: String, subject: String, owner: User.ID, label: String, createdAt: Date) {
        self.issuer = issuer
        self.subject = subject
        self.owner = owner
        self.label = label
        self.createdAt = createdAt
    }
}
