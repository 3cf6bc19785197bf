/// Why a push subscription, a webhook or a calendar feed request was refused, with the form field
/// it is about (the web pages show the message there; the API answers 422).
package enum ReminderTargetError: Error, Hashable, Sendable, CustomStringConvertible {
    case endpoint(String)
    case keys(String)
    case url(String)
    case format(String)
    case accessToken(String)

    /// The field of the web form the message belongs beside.
    package var field: String {
        switch self {
        case .endpoint, .keys: "push"
        case .url: "webhookURL"
        case .format: "webhookFormat"
        case .accessToken: "webhookToken"
        }
    }

    package var description: String {
        switch self {
        case .endpoint(let message), .keys(let message), .url(let message), .format(let message), .accessToken(let message):
            message
        }
    }
}
