import Foundation
import TendAPI

/// The sign-in page: what it shows.
struct LoginPage: Sendable, Hashable {
    var username = ""
    /// Why the last attempt failed, in words.
    var error: String?
    /// Where to go once signed in (a path on this site).
    var next = WebPaths.today()
    /// The pre-session form token (`_csrf`).
    var formToken: String
    /// Just signed out: app.js tells the service worker to forget the kept Today page.
    var signedOut = false
    /// Signed out because the account was just deleted.
    var deleted = false
    /// Whether the sign-up link leads anywhere without an invite.
    var signUpOpen = false
    /// "Sign in with …" buttons: each provider's start path and name (`--oidc`).
    var providers: [Provider] = []

    struct Provider: Sendable, Hashable {
        var path: String
        var name: String
    }

    var nextField: String? { next == WebPaths.today() ? nil : next }
}
