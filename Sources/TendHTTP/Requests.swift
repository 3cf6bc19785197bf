import Foundation
import Hummingbird
import TendCore
import TendWords

/// Reading path and query parameters.
extension TendRequestContext {
    /// A path id; text that is no UUID names nothing, so it is not found.
    package func pathID<Owner>(_ name: String, _ what: String) throws -> TypedID<Owner> {
        guard let text = parameters.get(name), let uuid = UUID(text: text) else {
            throw Problem.notFound(Self.notFoundDetail(what))
        }
        return TypedID(rawValue: uuid)
    }

    /// A path segment as text (a group's name), percent-decoded: the router leaves the encoding
    /// in place. Text that does not decode names nothing, so it is not found.
    package func pathText(_ name: String, _ what: String) throws -> String {
        guard let raw = parameters.get(name), let text = raw.removingPercentEncoding else {
            throw Problem.notFound(Self.notFoundDetail(what))
        }
        return text
    }

    /// "… not found" in words, for what a path names (`habit`, `routine`, …): each a sentence of
    /// its own; a name not listed here is put into "{what} not found" as it is (English).
    package static func notFoundDetail(_ what: String) -> String {
        switch what {
        case "habit": t("habit not found")
        case "routine": t("routine not found")
        case "reminder": t("reminder not found")
        case "group": t("group not found")
        case "token": t("token not found")
        case "invite": t("invite not found")
        case "push subscription": t("push subscription not found")
        case "webhook": t("webhook not found")
        case "device": t("device not found")
        case "account": t("account not found")
        case "provider": t("provider not found")
        default: t("{what} not found", ["what": what])
        }
    }

    /// A path day, `YYYY-MM-DD` (400 for `2025-02-30`).
    package func day(_ name: String) throws -> Day {
        try Day(iso: parameters.get(name) ?? "")
    }
}

extension Request {
    package func query(_ name: String) -> String? {
        uri.queryParameters[Substring(name)].map(String.init)
    }

    /// A query day: `YYYY-MM-DD`, `today`, `yesterday` or `tomorrow` (absent: `default`), from
    /// `RecordableDays.floor` to a year after `today` (400 otherwise: views and statistics walk
    /// the days up to it, and nothing is recorded outside them).
    package func queryDay(_ name: String, today: Day, default fallback: Day? = nil) throws -> Day {
        guard let text = query(name), !text.isEmpty else { return fallback ?? today }
        let day: Day
        switch text.lowercased() {
        case "today": day = today
        case "yesterday": day = today.previous
        case "tomorrow": day = today.next
        default: day = try Day(iso: text)
        }
        if let refusal = RecordableDays.viewingRefusal(for: day, today: today, what: "'\(name)'") {
            throw Problem.badRequest(refusal)
        }
        return day
    }

    package func queryInt(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = query(name), !text.isEmpty else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw Problem.badRequest(
                t(
                    "'{name}' must be a whole number from {lowest} to {highest}",
                    ["name": name, "lowest": String(range.lowerBound), "highest": String(range.upperBound)]))
        }
        return value
    }

    package func queryBool(_ name: String) throws -> Bool {
        guard let text = query(name)?.lowercased(), !text.isEmpty else { return false }
        switch text {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw Problem.badRequest(t("'{name}' must be true or false", ["name": name]))
        }
    }
}

extension Request {
    /// Whether the body is declared JSON: the media type `application/json`, parameters such as
    /// `charset` allowed. A cross-site HTML form can send only `text/plain`, a URL-encoded or a
    /// multipart body without the browser asking the server first (a CORS preflight, which Tend
    /// never grants), so a JSON route that insists on this cannot be driven by another site's form.
    package var declaresJSON: Bool {
        guard let type = headers[.contentType] else { return false }
        return Self.isJSONMediaType(type)
    }

    /// Whether a `Content-Type` value names `application/json` (any ASCII case, spaces or tabs
    /// around it, parameters after a `;`), compared byte by byte: it is asked on every request
    /// with a body.
    package static func isJSONMediaType(_ value: String) -> Bool {
        let bytes = value.utf8
        var start = bytes.startIndex
        var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        let space = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while start < end, space(bytes[start]) { start = bytes.index(after: start) }
        while start < end, space(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        let wanted = "application/json".utf8
        guard bytes.distance(from: start, to: end) == wanted.count else { return false }
        let lowercased = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte }
        return zip(bytes[start..<end], wanted).allSatisfy { lowercased($0) == $1 }
    }
}
