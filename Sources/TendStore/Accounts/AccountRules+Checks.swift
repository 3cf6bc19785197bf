import Foundation
import TendCore
import TendWords

/// The decisions every account store makes the same way, so the three agree word for word.
extension AccountRules {
    /// The hash of the invite a later sign-up under `policy` must consume (`nil`: open
    /// registration needs none), or why it may not sign up at all.
    package static func inviteHash(requiredBy policy: RegistrationPolicy) throws(StoreError) -> String? {
        switch policy {
        case .open: nil
        case .invite(let hash?): hash
        case .invite(nil): throw .forbidden(t("registration needs an invite"))
        }
    }

    /// Checks that the invite a sign-up presented (`nil`: no invite has that code) can be consumed.
    package static func checkUsable(_ invite: Invite?, now: Date) throws(StoreError) {
        guard let invite else { throw .forbidden(t("this invite code is not valid")) }
        guard invite.usedBy == nil else { throw .forbidden(t("this invite has already been used")) }
        guard invite.expiresAt > now else { throw .forbidden(t("this invite has expired")) }
    }

    static func isUnexpired(_ expiresAt: Date?, now: Date) -> Bool {
        expiresAt.map { $0 > now } ?? true
    }

    /// Whether authenticating at `now` should write `now` as the token's last use.
    static func needsLastUsedRefresh(_ lastUsedAt: Date?, now: Date) -> Bool {
        guard let lastUsedAt else { return true }
        return now.timeIntervalSince(lastUsedAt) > lastUsedResolution
    }

    /// The newest first, as listings return tokens and invites (ties broken by id, so the order is stable).
    static func newestFirst(_ a: (Date, UUID), _ b: (Date, UUID)) -> Bool {
        a.0 != b.0 ? a.0 > b.0 : a.1.text() > b.1.text()
    }

    package static func usernameTaken(_ username: String) -> StoreError {
        .conflict(t("the username “{username}” is taken", ["username": username]))
    }

    // Computed on each use: in the words of whoever asks.
    package static var notOwner: StoreError { .forbidden(t("only the server's owner can invite people")) }
    package static var alreadyAccount: StoreError { .conflict(t("this user already has a password")) }
}
