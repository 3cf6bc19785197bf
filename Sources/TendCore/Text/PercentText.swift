import Foundation
import Synchronization

/// A share written as a whole percentage in the person's locale's style: "25%" in en_US,
/// "25 %" in de_DE and fr_FR, "%25" in tr_TR. The CLI and the web write percentages the same way.
public struct PercentText: Hashable, Sendable {
    public let prefix: String
    public let suffix: String

    /// Reads the locale's percent pattern once (a formatter per number would be slow in a
    /// 200-day heatmap).
    public init(locale identifier: String) {
        // The default locale's pattern, known without ICU: the first NumberFormatter of a process
        // loads ICU's number data (~1 ms), which `tend today`'s start-up would pay. A test checks it
        // against NumberFormatter's.
        if identifier == "en_US" {
            (prefix, suffix) = ("", "%")
            return
        }
        // A server writes a page per request: each locale's pattern is read once per process.
        if let known = Self.patterns.withLock({ $0[identifier] }) {
            (prefix, suffix) = known
            return
        }
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: identifier)
        formatter.numberStyle = .percent
        prefix = formatter.positivePrefix ?? ""
        suffix = formatter.positiveSuffix ?? "%"
        Self.patterns.withLock { patterns in
            // Locales are a few hundred at most; a bound all the same.
            if patterns.count > 1000 { patterns.removeAll() }
            patterns[identifier] = (prefix, suffix)
        }
    }

    private static let patterns = Mutex<[String: (String, String)]>([:])

    /// `fraction` (0…1) as "25%"; digits are always 0–9.
    public func callAsFunction(_ fraction: Double) -> String {
        prefix + String(Int((fraction * 100).rounded())) + suffix
    }

    /// A whole percentage already rounded (0…100).
    public func callAsFunction(whole percent: Int) -> String {
        prefix + String(percent) + suffix
    }
}
