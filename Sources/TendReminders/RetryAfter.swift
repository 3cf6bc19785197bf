import Foundation

/// The `Retry-After` header (RFC 9110 §10.2.3): seconds, or an HTTP date.
public enum RetryAfter {
    /// Seconds from `now`, never negative; nil when the value is neither form.
    public static func seconds(_ value: String, now: Date) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            // Beyond a day means the same as a day to a reminder; a huge number must not overflow.
            return min(Double(trimmed) ?? 86_400, 86_400)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return min(max(0, date.timeIntervalSince(now)), 86_400)
    }
}
