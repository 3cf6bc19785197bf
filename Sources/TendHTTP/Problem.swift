import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import TendAPI
import TendCore
import TendImport
import TendReminders
import TendStore
import TendWords

/// An error as the API answers it: an RFC 9457 problem body with a status, a stable `code` and a
/// `detail` a person can act on. ``ProblemMiddleware`` turns every error into one.
///
/// `title` and `detail` are in the words current where the problem is made (``Words/current``:
/// inside the account's routes, the account's language), `code` never changes with the language.
public struct Problem: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var detail: String
    public var code: String
    public var headers: HTTPFields
    /// The status's reason phrase in words (``title(_:)``), taken when the problem is made: the
    /// problem middleware that answers it runs outside the account's language.
    public var title: String

    public init(_ status: HTTPResponse.Status, code: String, detail: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers
        title = Self.title(status)
    }

    public var description: String { "\(status.code) \(code): \(detail)" }

    public var details: ProblemDetails {
        ProblemDetails(title: title, status: status.code, detail: detail, code: code)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try APIJSON.encoder().encode(details)
        var headers = headers
        headers[.contentType] = ProblemDetails.mediaType
        headers[.contentLength] = String(data.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: The problems Tend answers

    public static func badRequest(_ detail: String) -> Problem { Problem(.badRequest, code: "bad-request", detail: detail) }
    public static func unauthorized(_ detail: String) -> Problem {
        Problem(.unauthorized, code: "unauthorized", detail: detail, headers: [.wwwAuthenticate: "Bearer"])
    }
    public static func forbidden(_ detail: String) -> Problem { Problem(.forbidden, code: "forbidden", detail: detail) }
    public static func notFound(_ detail: String) -> Problem { Problem(.notFound, code: "not-found", detail: detail) }
    public static func conflict(_ detail: String) -> Problem { Problem(.conflict, code: "conflict", detail: detail) }
    public static func invalid(_ detail: String) -> Problem { Problem(.unprocessableContent, code: "invalid", detail: detail) }
    public static func tooLarge(_ limit: Int) -> Problem {
        Problem(
            .contentTooLarge, code: "too-large",
            detail: t("the request body is larger than {size}, more than this route accepts", ["size": bytes(limit)]))
    }

    /// What came too often, for a 429's words.
    public enum RateLimited: Sendable {
        case signInAttempts
        case testNotifications
        /// Sync requests' changes, by their bytes in the last hour.
        case syncChanges
    }

    public static func tooManyRequests(retryAfter seconds: Int, what: RateLimited = .signInAttempts) -> Problem {
        let detail =
            switch what {
            case .signInAttempts:
                tPlural(
                    "too many sign-in attempts; try again in {count} second", "too many sign-in attempts; try again in {count} seconds",
                    count: seconds)
            case .testNotifications:
                tPlural(
                    "too many test notifications; try again in {count} second",
                    "too many test notifications; try again in {count} seconds", count: seconds)
            case .syncChanges:
                tPlural(
                    "too many changes sent in the last hour; try again in {count} second",
                    "too many changes sent in the last hour; try again in {count} seconds", count: seconds)
            }
        return Problem(.tooManyRequests, code: "rate-limited", detail: detail, headers: [.retryAfter: String(seconds)])
    }

    /// A body that is not declared JSON on a route that reads JSON. Browsers post `text/plain`
    /// forms across sites without asking first; demanding `application/json` makes them ask.
    public static func unsupportedMediaType(_ given: String?) -> Problem {
        let detail =
            if let given {
                t("the body must be JSON, sent with Content-Type: application/json (got '{type}')", ["type": String(given.prefix(100))])
            } else {
                t("the body must be JSON, sent with Content-Type: application/json (got none)")
            }
        return Problem(.unsupportedMediaType, code: "unsupported-media-type", detail: detail)
    }
    /// A request from another site's page to a route that sets the session cookie.
    public static func crossOrigin(_ origin: String) -> Problem {
        Problem(
            .forbidden, code: "cross-origin",
            detail: t(
                "this request comes from another site's page (Origin: {origin}); sign in on Tend's own pages",
                ["origin": String(origin.prefix(100))]))
    }
    /// The server is too busy with password hashing to take another one now.
    public static func busy(retryAfter seconds: Int) -> Problem {
        Problem(
            .serviceUnavailable, code: "busy",
            detail: tPlural(
                "the server is busy checking other passwords; try again in {count} second",
                "the server is busy checking other passwords; try again in {count} seconds", count: seconds),
            headers: [.retryAfter: String(seconds)])
    }

    /// A size in words: whole MiB, KiB or bytes (English says "bytes" for every count, as it always has).
    package static func bytes(_ count: Int) -> String {
        if count >= 1 << 20 { return t("{count} MiB", ["count": Words.current.number(count >> 20)]) }
        if count >= 1 << 10 { return t("{count} KiB", ["count": Words.current.number(count >> 10)]) }
        return tPlural("{count} bytes", "{count} bytes", count: count)
    }

    /// A status's reason phrase in words ("Not Found"); a phrase Tend does not know stays as it is.
    package static func title(_ status: HTTPResponse.Status) -> String {
        let phrase = status.reasonPhrase
        return switch phrase {
        case "Bad Request": t("Bad Request")
        case "Unauthorized": t("Unauthorized")
        case "Forbidden": t("Forbidden")
        case "Not Found": t("Not Found")
        case "Method Not Allowed": t("Method Not Allowed")
        case "Not Acceptable": t("Not Acceptable")
        case "Request Timeout": t("Request Timeout")
        case "Conflict": t("Conflict")
        case "Gone": t("Gone")
        case "Length Required": t("Length Required")
        case "Precondition Failed": t("Precondition Failed")
        case "Content Too Large": t("Content Too Large")
        case "URI Too Long": t("URI Too Long")
        case "Unsupported Media Type": t("Unsupported Media Type")
        case "Range Not Satisfiable": t("Range Not Satisfiable")
        case "Expectation Failed": t("Expectation Failed")
        case "Unprocessable Content": t("Unprocessable Content")
        case "Precondition Required": t("Precondition Required")
        case "Too Many Requests": t("Too Many Requests")
        case "Request Header Fields Too Large": t("Request Header Fields Too Large")
        case "Internal Server Error": t("Internal Server Error")
        case "Not Implemented": t("Not Implemented")
        case "Bad Gateway": t("Bad Gateway")
        case "Service Unavailable": t("Service Unavailable")
        case "Gateway Timeout": t("Gateway Timeout")
        default: phrase
        }
    }

    /// The problem an error stands for; `nil` for an unexpected error (a 500 whose details are
    /// logged, never answered).
    package static func from(_ error: any Error) -> Problem? {
        switch error {
        case let problem as Problem:
            return problem
        case let error as StoreError:
            switch error {
            case .notFound: return .notFound(error.description)
            case .conflict(let reason): return .conflict(reason)
            case .invalid(let reason): return .invalid(reason)
            case .forbidden(let reason): return .forbidden(reason)
            case .newerSchema, .unreadable: return nil
            }
        case let error as DayError:
            return .badRequest(error.description)
        case let error as DecodingError:
            return .badRequest(describe(error))
        case let error as ImportError:
            if case .tooLarge = error { return Problem(.contentTooLarge, code: "too-large", detail: error.description) }
            return .invalid(error.description)
        case let error as RuleViolation:
            return .invalid(error.description)
        case let error as HabitValidationError:
            return .invalid(error.description)
        case let error as SettingsError:
            return .invalid(error.description)
        case let error as ReminderTargetError:
            return .invalid(error.description)
        case let error as TimeOfDayError:
            return .invalid(error.description)
        case let error as RoutineError:
            switch error {
            case .unknownRoutine: return .notFound(t("routine not found"))
            case .unknownHabit: return .notFound(t("that habit is not in the routine"))
            default: return .invalid(error.description)
            }
        case is NIOTooManyBytesError:
            return Problem(.contentTooLarge, code: "too-large", detail: t("the request body is larger than this route accepts"))
        case let error as HTTPError:
            // Hummingbird's own body, when it gives one, is its English.
            return Problem(error.status, code: slug(error.status), detail: error.body ?? title(error.status), headers: error.headers)
        case let error as any HTTPResponseError:
            guard error.status.kind != .serverError else { return nil }
            return Problem(error.status, code: slug(error.status), detail: title(error.status))
        default:
            return nil
        }
    }

    package static func slug(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "not-found"
        case .badRequest: "bad-request"
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .methodNotAllowed: "method-not-allowed"
        case .contentTooLarge: "too-large"
        case .unsupportedMediaType: "unsupported-media-type"
        default: "http-\(status.code)"
        }
    }

    /// A decoding error in words about the request body, never about Tend's types. A field is
    /// named as the body writes it (`'habits[0].name'`).
    package static func describe(_ error: DecodingError) -> String {
        /// The field at `codingPath`, `nil` for the body itself.
        func fieldName(_ codingPath: [any CodingKey]) -> String? {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            guard !text.isEmpty else { return nil }
            return "'" + text.drop(while: { $0 == "." }) + "'"
        }
        switch error {
        case .typeMismatch(let type, let context):
            guard let field = fieldName(context.codingPath) else {
                return t("the body has the wrong type (expected {type})", ["type": jsonType(type)])
            }
            return t("{field} has the wrong type (expected {type})", ["field": field, "type": jsonType(type)])
        case .valueNotFound(let type, let context):
            guard let field = fieldName(context.codingPath) else {
                return t("the body is missing a value (expected {type})", ["type": jsonType(type)])
            }
            return t("{field} is missing a value (expected {type})", ["field": field, "type": jsonType(type)])
        case .keyNotFound(let key, let context):
            return t("{field} is required", ["field": fieldName(context.codingPath + [key]) ?? ""])
        case .dataCorrupted(let context):
            guard let field = fieldName(context.codingPath) else { return t("the body is not valid JSON") }
            // Foundation's own words about the value.
            return t("{field} is invalid: {reason}", ["field": field, "reason": context.debugDescription])
        @unknown default:
            return t("the body cannot be read")
        }
    }

    /// What a decoding error expected, as the words after "expected".
    package static func jsonType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: t("a string", context: "expected JSON type")
        case is Int.Type, is Int64.Type, is Double.Type: t("a number", context: "expected JSON type")
        case is Bool.Type: t("true or false", context: "expected JSON type")
        default:
            String(describing: type).hasPrefix("Array")
                ? t("an array", context: "expected JSON type") : t("an object or value", context: "expected JSON type")
        }
    }
}
