import Foundation

/// An RFC 9457 problem body (`application/problem+json`): what every error of the API answers.
///
/// `type` is `about:blank` (the status says what kind of problem it is) and `title` the status's
/// reason phrase; `detail` says what went wrong with this request in words a person can act on;
/// `code` is a stable machine-readable tag (`not-found`, `invalid`, `csrf` …).
public struct ProblemDetails: Codable, Hashable, Sendable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    public var code: String

    public init(type: String = "about:blank", title: String, status: Int, detail: String, code: String) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.code = code
    }

    public static let mediaType = "application/problem+json"
}
