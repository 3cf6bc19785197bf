import Foundation
import TendCore

/// The HTTP request that hands one reminder to a webhook: made here, pure; sent by
/// `WebhookSender` (TendReminders).
public struct WebhookRequest: Hashable, Sendable {
    public typealias Header = WebPushRequest.Header

    public let method = "POST"
    /// The user's URL for Tend's JSON; the ntfy server's root for ntfy (``NtfyMessage``).
    public let url: URL
    public let headers: [Header]
    public let body: Data

    /// - Parameters:
    ///   - accessToken: sent as `Authorization: Bearer …` (ntfy's access tokens, `tk_…`).
    ///   - deliveryID: the firing's delivery on this channel; sent as `Idempotency-Key` so a
    ///     receiver can drop a resend after a lost answer.
    ///   - actionURL: the signed "Done" URL ntfy's button calls; `actionLabel` its words.
    public init(
        payload: WebhookPayload, url: URL, format: WebhookFormat, accessToken: String?, deliveryID: UUID, actionURL: URL?,
        actionLabel: String = "Done", openURL: URL? = nil
    ) throws(WebhookRequestError) {
        var headers = [Header("Content-Type", "application/json"), Header("Idempotency-Key", deliveryID.text())]
        if let accessToken {
            // A token is a header value: control characters or spaces would split or bend the header.
            guard !accessToken.isEmpty, accessToken.utf8.count <= 512, accessToken.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else {
                throw .invalidAccessToken
            }
            headers.append(Header("Authorization", "Bearer \(accessToken)"))
        }
        switch format {
        case .json:
            self.url = url
            self.body = payload.json()
        case .ntfy:
            let message: NtfyMessage
            do {
                message = try NtfyMessage(payload, topicURL: url, actionURL: actionURL, actionLabel: actionLabel, openURL: openURL)
            } catch {
                throw .ntfy(error)
            }
            self.url = message.publishURL
            self.body = message.json()
        }
        self.headers = headers
    }

    /// The value of a header, its name compared case-insensitively as HTTP does.
    public subscript(header name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why a webhook request cannot be made.
public enum WebhookRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    case ntfy(NtfyTopicError)
    case invalidAccessToken

    public var description: String {
        switch self {
        case .ntfy(let error): error.description
        case .invalidAccessToken: "an access token is 1 to 512 visible ASCII characters without spaces"
        }
    }
}
