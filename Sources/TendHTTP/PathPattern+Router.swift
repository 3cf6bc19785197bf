import Hummingbird
import TendAPI

extension PathPattern {
    /// The pattern as the router registers it, below a group's `prefix` (`/api/v1`) if any.
    package func route(under prefix: String = "") -> RouterPath {
        precondition(pattern.hasPrefix(prefix), "\(pattern) is not under \(prefix)")
        return RouterPath(String(pattern.dropFirst(prefix.count)))
    }
}
