import TendCore

/// What can go wrong in a store, in words a person can act on.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No such thing for this owner (also what another user's ids give).
    case notFound(String)
    /// The change collides with existing data (a habit name or username already taken).
    case conflict(String)
    /// The input breaks a rule.
    case invalid(String)
    /// The database was written by a newer Tend; it is left untouched.
    case newerSchema(String)
    /// The file is not a Tend database or is damaged.
    case unreadable(String)
    /// Not allowed (registration closed, an invite used up, a member asking for an owner's power).
    case forbidden(String)

    public var description: String {
        switch self {
        case .notFound(let what): "\(what) not found"
        case .conflict(let reason): reason
        case .invalid(let reason): reason
        case .newerSchema(let reason): reason
        case .unreadable(let reason): reason
        case .forbidden(let reason): reason
        }
    }
}

extension StoreError {
    /// A domain rule's refusal, as a store reports it.
    public init(_ violation: RuleViolation) {
        self = .invalid(violation.description)
    }

    /// Runs a check of TendCore's rules (``HabitRules``, ``EntryCommand``), its refusal as
    /// ``invalid(_:)``: every store method reports `StoreError`, never the core's error.
    public static func enforcing<T>(_ rule: () throws -> T) throws -> T {
        do {
            return try rule()
        } catch let violation as RuleViolation {
            throw StoreError(violation)
        }
    }

    /// A habit name the owner already uses (names are unique per owner, case-insensitively).
    public static func habitNameTaken(_ name: String) -> StoreError {
        .conflict("a habit named “\(name)” already exists")
    }
}
