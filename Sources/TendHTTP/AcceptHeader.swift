import Foundation

/// Content negotiation for error answers outside the API: whether a request's `Accept` prefers
/// an HTML page to a JSON problem body (RFC 9110 §12.5.1).
package enum AcceptHeader {
    /// Each media type is weighed by the most specific range that matches it (`text/html` before
    /// `text/*` before `*/*`); HTML wins when its weight is higher than JSON's, or equal with a
    /// more specific range (or the same one listed first). So a browser's `text/html,…,*/*;q=0.8`
    /// gets a page, while `*/*` alone (curl, scripts), no header, `application/json` or
    /// `application/json, text/html;q=0.1` get JSON. Media types are compared case-insensitively.
    package static func prefersHTML(_ accept: String?) -> Bool {
        let ranges = parse(accept ?? "")
        let html = best(["text/html", "application/xhtml+xml"], in: ranges)
        let json = best(["application/json", "application/problem+json"], in: ranges)
        guard let html, html.quality > 0 else { return false }
        guard let json else { return true }
        if html.quality != json.quality { return html.quality > json.quality }
        if html.specificity != json.specificity { return html.specificity > json.specificity }
        return html.position < json.position
    }

    struct Range {
        var type: Substring
        var subtype: Substring
        var quality: Double
        var position: Int
    }

    struct Match {
        var quality: Double
        var specificity: Int
        var position: Int
    }

    static func parse(_ header: String) -> [Range] {
        header.lowercased().split(separator: ",").enumerated().compactMap { position, item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let media = (parts.first ?? "").split(separator: "/", maxSplits: 1)
            guard media.count == 2, !media[0].isEmpty, !media[1].isEmpty else { return nil }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = min(1, max(0, Double(parameter.dropFirst(2)) ?? 0))
            }
            return Range(type: media[0], subtype: media[1], quality: quality, position: position)
        }
    }

    /// The best weighing among `types`, each by its most specific matching range.
    static func best(_ types: [String], in ranges: [Range]) -> Match? {
        types.compactMap { type -> Match? in
            let media = type.split(separator: "/")
            return ranges.compactMap { range -> Match? in
                let specificity: Int
                if range.type == media[0] && range.subtype == media[1] {
                    specificity = 2
                } else if range.type == media[0] && range.subtype == "*" {
                    specificity = 1
                } else if range.type == "*" && range.subtype == "*" {
                    specificity = 0
                } else {
                    return nil
                }
                return Match(quality: range.quality, specificity: specificity, position: range.position)
            }.max { ($0.specificity, -$0.position) < ($1.specificity, -$1.position) }
        }.max { ($0.quality, $0.specificity, -$0.position) < ($1.quality, $1.specificity, -$1.position) }
    }
}
