import Foundation

/// A UUID that names one kind of thing (`Habit.ID`, `Routine.ID` …): ids of different kinds
/// cannot be mixed up. Encoded as the bare UUID string; described in lower case.
public struct TypedID<Owner>: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UUID

    public init(rawValue: UUID) { self.rawValue = rawValue }

    /// A new, random id.
    public init() { rawValue = UUID() }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UUID.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue.uuidString.lowercased() }

    public static func < (lhs: TypedID, rhs: TypedID) -> Bool { lhs.rawValue.uuidString < rhs.rawValue.uuidString }
}
