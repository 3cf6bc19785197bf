import Foundation
import HTTPTypes
import Hummingbird
import TendCore
import TendDelivery
import TendStore
import TendWords

/// Sign-in by a reverse proxy that has already signed the person in (`--trusted-header`): the
/// header names the user, and Tend believes it only when the connection itself comes from one of
/// the trusted proxies (`--trusted-proxy`, this machine by default) — never from the forwarded
/// client address, which the client could write. Tend then starts its own browser session for
/// that user, so CSRF tokens and signing out work as with a password; the next request through
/// the proxy signs in again.
package struct TrustedHeaderSignIn: Sendable {
    package let header: HTTPField.Name
    package let store: any TendStore & AccountStore
    package let configuration: ServerConfiguration
    package let counts: TrustedHeaderCounts

    package init?(store: any TendStore & AccountStore, configuration: ServerConfiguration, counts: TrustedHeaderCounts) {
        guard let name = configuration.trustedHeader, let header = HTTPField.Name(name) else { return nil }
        self.header = header
        self.store = store
        self.configuration = configuration
        self.counts = counts
    }

    /// The username the request's trusted proxy vouches for; `nil` when the request carries no
    /// such header, or carries it from an address that is no trusted proxy (then it is ignored
    /// and counted).
    package func vouchedUsername(_ request: Request, context: TendRequestContext) -> String? {
        guard let value = request.headers[header] else { return nil }
        guard let peer = context.remoteAddress?.ipAddress.flatMap(IPAddress.init),
            configuration.trustedProxies.contains(where: { $0.contains(peer) })
        else {
            counts.ignored()
            return nil
        }
        return value.trimmingCharacters(in: .whitespaces)
    }

    /// The account `username` names, created when it is new and `--trusted-header-signup` allows
    /// it; a 403 problem otherwise (a proxy's user without a Tend account must not fall through
    /// to a sign-in form they cannot use).
    package func account(for username: String) async throws -> Account {
        if let account = try await store.account(named: username) {
            try AccountService.requireApproved(account)
            return account
        }
        guard configuration.trustedHeaderSignup else {
            counts.refused()
            throw Problem(
                .forbidden, code: "no-account",
                detail: t(
                    "the proxy signed in “{username}”, who has no Tend account: ask the owner to invite them, or run tend serve with --trusted-header-signup",
                    ["username": String(username.prefix(64))]))
        }
        do {
            try User.validate(username: username)
        } catch {
            counts.refused()
            throw Problem(
                .forbidden, code: "no-account",
                detail: t("the proxy's user name cannot be a Tend username: {reason}", ["reason": error.description]))
        }
        // Never used to sign in: the proxy is how this person signs in. A password can be set later.
        let unusable = try await Passwords(cost: configuration.bcryptCost).hashOfUnknownPassword()
        do {
            let account = try await store.createAccount(
                username: username, passwordHash: unusable, settings: UserSettings(), policy: .open,
                approved: !configuration.approveSignups, now: configuration.now())
            counts.signedUp()
            try AccountService.requireApproved(account)
            return account
        } catch StoreError.conflict {
            // Made by a concurrent first request of the same person.
            guard let account = try await store.account(named: username) else { throw StoreError.conflict(t("username taken")) }
            try AccountService.requireApproved(account)
            return account
        }
    }
}
