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

    /// The text around the parameters: one more than there are parameters.
    private let literals: [String]

    public init(_ pattern: String) {
        self.pattern = pattern
        var literals: [String] = []
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            literals.append(String(rest[..<open]))
            rest = rest[rest.index(after: close)...]
        }
        literals.append(String(rest))
        self.literals = literals
    }

    /// The concrete path: each `{name}` replaced by the value in the same position (as many
    /// values as the pattern has parameters).
    public func callAsFunction<each Value: PathParameter>(_ value: repeat each Value) -> String {
        var path = literals[0]
        var index = 1
        for value in repeat each value {
            precondition(index < literals.count, "\(pattern) has fewer parameters than the values given")
            path += value.pathSegment
            path += literals[index]
            index += 1
        }
        precondition(index == literals.count, "\(pattern) has more parameters than the \(index - 1) given")
        return path
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
