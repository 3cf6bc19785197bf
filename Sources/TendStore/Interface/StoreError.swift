import TendCore
import TendWords

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
        case .notFound(let what): Self.notFoundText(what)
        case .conflict(let reason): reason
        case .invalid(let reason): reason
        case .newerSchema(let reason): reason
        case .unreadable(let reason): reason
        case .forbidden(let reason): reason
        }
    }
}

extension StoreError {
    /// "… not found" in the current words (``notFound(_:)`` names what in English, a value the
    /// stores and tests compare): each thing the stores name is a sentence of its own.
    static func notFoundText(_ what: String) -> String {
        switch what {
        case "user": return t("user not found")
        case "habit": return t("habit not found")
        case "routine": return t("routine not found")
        case "account": return t("account not found")
        case "token": return t("token not found")
        case "invite": return t("invite not found")
        case "push subscription": return t("push subscription not found")
        case "webhook": return t("webhook not found")
        case "linked identity": return t("linked identity not found")
        case "delivery": return t("delivery not found")
        case "firing": return t("firing not found")
        case "sync link": return t("sync link not found")
        case "what this refers to": return t("what this refers to not found")
        default: break
        }
        // Made by the stores as `group “Name”` and `backup file PATH`.
        if what.hasPrefix("group “"), what.hasSuffix("”") {
            return t("group “{group}” not found", ["group": String(what.dropFirst("group “".count).dropLast())])
        }
        if what.hasPrefix("backup file ") {
            return t("backup file {path} not found", ["path": String(what.dropFirst("backup file ".count))])
        }
        return t("{what} not found", ["what": what])
    }

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
        .conflict(t("a habit named “{name}” already exists", ["name": name]))
    }
}
