import Foundation

/// The bounded, printable text of a refusal that goes into the delivery log.
enum DeliveryReason {
    static let limit = 200

    /// `status: body` with control characters replaced and the text cut to ``limit`` characters.
    static func text(status: Int, body: String) -> String {
        let cleaned = String(body.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
            .trimmingCharacters(in: .whitespaces)
        let text = cleaned.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(cleaned)"
        return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }
}
