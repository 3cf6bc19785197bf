import Foundation
import TendCore
import TendOpenID
import TendStore

/// `/settings/sign-in`: the providers linked to this account, and — for the server's owner — the
/// accounts waiting for approval (`--approve-signups`).
struct SignInSettingsPage: Sendable, Hashable {
    var identities: [Identity]
    var isOwner: Bool
    var waiting: [Waiting]
    /// Names of the configured providers, for the hint on how to link one.
    var providers: [String]
    var notice: String?

    struct Identity: Sendable, Hashable {
        var provider: String
        var issuer: String
        var subject: String
        var label: String
        var linkedOn: String
    }

    struct Waiting: Sendable, Hashable {
        var id: String
        var username: String
        var since: String
    }

    static func identities(_ links: [LinkedIdentity]) -> [Identity] {
        let format = Date.ISO8601FormatStyle().year().month().day()
        return links.map {
            Identity(
                provider: OpenIDProviderSettings.displayName(issuer: $0.issuer), issuer: $0.issuer, subject: $0.subject, label: $0.label,
                linkedOn: $0.createdAt.formatted(format))
        }
    }

    static func waiting(_ accounts: [Account]) -> [Waiting] {
        let format = Date.ISO8601FormatStyle().year().month().day()
        return accounts.map { Waiting(id: $0.user.id.description, username: $0.user.username, since: $0.createdAt.formatted(format)) }
    }
}
