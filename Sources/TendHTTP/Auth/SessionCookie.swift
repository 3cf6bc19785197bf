import Hummingbird

/// The session cookie's name and attributes.
package enum SessionCookie {
    /// Over TLS the cookie is `Secure` and carries the `__Host-` prefix (bound to this host, path
    /// `/`, never set over plain HTTP); otherwise it is `tend_session`.
    package static let secureName = "__Host-tend_session"
    package static let plainName = "tend_session"

    package static func cookie(secret: String, secure: Bool, maxAge: Int) -> Cookie {
        Cookie(
            name: secure ? secureName : plainName, value: secret, maxAge: maxAge, path: "/", secure: secure,
            httpOnly: true, sameSite: .lax)
    }

    package static func cleared(secure: Bool) -> Cookie {
        Cookie(name: secure ? secureName : plainName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// The session secret a request carries, if any. Over TLS only the `__Host-` cookie counts: a
    /// plain-named one may have been planted over plain HTTP or by a sibling subdomain (cookie
    /// tossing), and would sign the browser in as someone else.
    package static func secret(in request: Request, secure: Bool) -> String? {
        let cookies = request.cookies
        for name in secure ? [secureName] : [secureName, plainName] {
            if let value = cookies[name]?.value, !value.isEmpty { return value }
        }
        return nil
    }
}
