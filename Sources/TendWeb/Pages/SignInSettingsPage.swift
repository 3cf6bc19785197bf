import Foundation
import TendAPI
import TendCore
import TendOpenID
import TendStore
import TendWords

/// `/settings/sign-in`: the providers linked to this account, and — for the server's owner — the
/// accounts waiting for approval (`--approve-signups`).
struct SignInSettingsPage: Sendable, Hashable {
    var identities: [Identity]
    var isOwner: Bool
    var waiting: [Waiting]
    /// Names of the configured providers, for the hint on how to link one.
    var providers: [String]
    var notice: String?
    /// The owner's invites, newest first.
    var invites: [InviteRow] = []
    /// An invite link just made: shown once (the server keeps only its code's hash).
    var newInvite: NewInvite?

    struct InviteRow: Sendable, Hashable {
        var id: String
        /// "made 2026-11-28, open until 2026-12-05", "used", "expired 2026-11-20".
        var state: String
        var isOpen: Bool
        var revokeAction: String
    }

    struct NewInvite: Sendable, Hashable {
        var link: String
        var expires: String
    }

    static func invites(_ invites: [Invite], now: Date) -> [InviteRow] {
        let format = Date.ISO8601FormatStyle().year().month().day()
        return invites.sorted { $0.createdAt > $1.createdAt }.map { invite in
            let made = invite.createdAt.formatted(format)
            let state: String
            let open = invite.usedBy == nil && invite.expiresAt > now
            if invite.usedBy != nil {
                state = t("made {made}, used", ["made": made])
            } else if open {
                state = t("made {made}, open until {expires}", ["made": made, "expires": invite.expiresAt.formatted(format)])
            } else {
                state = t("made {made}, expired {expired}", ["made": made, "expired": invite.expiresAt.formatted(format)])
            }
            return InviteRow(id: invite.id.description, state: state, isOpen: open, revokeAction: WebPaths.revokeInvite(invite.id))
        }
    }

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
