import Foundation

/// The `sub` claim of VAPID tokens (`--vapid-subject`): a contact for the push service's
/// operator, `mailto:` with an address or an `https:` URL (RFC 8292 §2.1).
///
/// Stricter than the RFC where push services are: Apple's answers 403 BadJwtToken when the
/// subject names `localhost` or a `.local` host, so those are refused here, when the server
/// starts, rather than on every delivery to an iPhone.
public struct VAPIDSubject: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public init(_ text: String) throws(VAPIDError) {
        func refuse(_ reason: String) -> VAPIDError { .invalidSubject(text, reason: reason) }
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw refuse("it must be a mailto: address or an https: URL without spaces, e.g. mailto:admin@example.com")
        }
        let lowered = text.lowercased()
        if lowered.hasPrefix("mailto:") {
            let address = text.dropFirst("mailto:".count)
            let parts = address.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, Self.isDomainName(parts[1]) else {
                throw refuse("mailto: must be followed by one address, e.g. mailto:admin@example.com")
            }
            if let reason = Self.refusedHost(String(parts[1])) { throw refuse(reason) }
        } else if lowered.hasPrefix("https:") {
            guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty,
                text.dropFirst("https:".count).hasPrefix("//")
            else {
                throw refuse("an https: subject must be a URL with a host, e.g. https://tend.example.com")
            }
            if let reason = Self.refusedHost(host) { throw refuse(reason) }
        } else if lowered.hasPrefix("http:") {
            throw refuse("push services accept https: URLs only, not http:")
        } else {
            throw refuse("it must be a mailto: address or an https: URL, e.g. mailto:admin@example.com")
        }
        value = text
    }

    public var description: String { value }

    /// Why a host cannot stand in a subject: push services want a contact reachable from outside.
    private static func refusedHost(_ host: String) -> String? {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
        let local = "Apple's push service refuses local hosts (403 BadJwtToken): use a public address or host name"
        if name == "localhost" || name.hasSuffix(".localhost") || name.hasSuffix(".local") { return local }
        if name == "::1" || name == "0.0.0.0" || name.hasPrefix("127.") { return local }
        return nil
    }

    /// Labels of letters, digits and hyphens, at least two of them (`example.com`).
    private static func isDomainName(_ text: Substring) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
            }
    }
}
