import Foundation
import TendCore

/// A value that fills a `{name}` of a ``PathPattern``.
public protocol PathParameter {
    /// The value as one path segment (never a `/`).
    var pathSegment: String { get }
}

/// A route's path, defined once: the router registers its ``pattern`` (`/habits/{id}`) and links
/// fill it in (`/habits/6f1c…`), so a renamed route cannot leave a link behind.
public struct PathPattern: Sendable, CustomStringConvertible {
    /// The path with `{name}` for each parameter, as Hummingbird's router reads it.
    public let pattern: String

    public init(_ pattern: String) {
        self.pattern = pattern
    }

    /// The concrete path: each `{name}` replaced by the value in the same position (as many
    /// values as the pattern has parameters).
    public func callAsFunction<each Value: PathParameter>(_ value: repeat each Value) -> String {
        var segments: [String] = []
        for value in repeat each value { segments.append(value.pathSegment) }
        var path = ""
        var rest = pattern[...]
        for segment in segments {
            guard let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") else {
                preconditionFailure("\(pattern) has fewer parameters than the \(segments.count) given")
            }
            path += rest[..<open] + segment
            rest = rest[rest.index(after: close)...]
        }
        precondition(!rest.contains("{"), "\(pattern) has more parameters than the \(segments.count) given")
        return path + rest
    }

    public var description: String { pattern }
}

extension TypedID: PathParameter {
    public var pathSegment: String { description }
}

extension Day: PathParameter {
    public var pathSegment: String { iso }
}

extension Tip.ID: PathParameter {
    public var pathSegment: String { rawValue }
}

extension String: PathParameter {
    public var pathSegment: String { self }
}
