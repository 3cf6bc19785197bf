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

/// An error as the API answers it: an RFC 9457 problem body with a status, a stable `code` and a
/// `detail` a person can act on. ``ProblemMiddleware`` turns every error into one.
public struct Problem: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var detail: String
    public var code: String
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, code: String, detail: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers
    }

    public var description: String { "\(status.code) \(code): \(detail)" }

    public var details: ProblemDetails {
        ProblemDetails(title: status.reasonPhrase, status: status.code, detail: detail, code: code)
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
            .contentTooLarge, code: "too-large", detail: "the request body is larger than \(bytes(limit)), more than this route accepts")
    }
    public static func tooManyRequests(retryAfter seconds: Int, what: String = "sign-in attempts") -> Problem {
        Problem(
            .tooManyRequests, code: "rate-limited",
            detail: "too many \(what); try again in \(seconds) second\(seconds == 1 ? "" : "s")",
            headers: [.retryAfter: String(seconds)])
    }

    /// A body that is not declared JSON on a route that reads JSON. Browsers post `text/plain`
    /// forms across sites without asking first; demanding `application/json` makes them ask.
    public static func unsupportedMediaType(_ given: String?) -> Problem {
        Problem(
            .unsupportedMediaType, code: "unsupported-media-type",
            detail: "the body must be JSON, sent with Content-Type: application/json (got \(given.map { "'\($0.prefix(100))'" } ?? "none"))"
        )
    }
    /// A request from another site's page to a route that sets the session cookie.
    public static func crossOrigin(_ origin: String) -> Problem {
        Problem(
            .forbidden, code: "cross-origin",
            detail: "this request comes from another site's page (Origin: \(origin.prefix(100))); sign in on Tend's own pages")
    }
    /// The server is too busy with password hashing to take another one now.
    public static func busy(retryAfter seconds: Int) -> Problem {
        Problem(
            .serviceUnavailable, code: "busy",
            detail: "the server is busy checking other passwords; try again in \(seconds) second\(seconds == 1 ? "" : "s")",
            headers: [.retryAfter: String(seconds)])
    }

    package static func bytes(_ count: Int) -> String {
        count >= 1 << 20 ? "\(count >> 20) MiB" : count >= 1 << 10 ? "\(count >> 10) KiB" : "\(count) bytes"
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
            case .unknownRoutine: return .notFound("routine not found")
            case .unknownHabit: return .notFound("that habit is not in the routine")
            default: return .invalid(error.description)
            }
        case is NIOTooManyBytesError:
            return Problem(.contentTooLarge, code: "too-large", detail: "the request body is larger than this route accepts")
        case let error as HTTPError:
            return Problem(error.status, code: slug(error.status), detail: error.body ?? error.status.reasonPhrase, headers: error.headers)
        case let error as any HTTPResponseError:
            guard error.status.kind != .serverError else { return nil }
            return Problem(error.status, code: slug(error.status), detail: error.status.reasonPhrase)
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

    /// A decoding error in words about the request body, never about Tend's types.
    package static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the body" : "'" + text.drop(while: { $0 == "." }) + "'"
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) has the wrong type (expected \(jsonType(type)))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is missing a value (expected \(jsonType(type)))"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is required"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "the body is not valid JSON" }
            return "\(path(context.codingPath)) is invalid: \(context.debugDescription)"
        @unknown default:
            return "the body cannot be read"
        }
    }

    package static func jsonType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object or value"
        }
    }
}
