import Foundation
import TendCore
import TendWords

/// A person with data in Tend.
public struct User: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = TypedID<User>

    public var id: ID
    /// Unique, case-insensitively.
    public var username: String
    public var settings: UserSettings

    public init(id: ID = ID(), username: String, settings: UserSettings = UserSettings()) {
        self.id = id
        self.username = username
        self.settings = settings
    }

    public static let maximumUsernameLength = 64

    /// The name of the CLI's local user, which works without an account: the first account made
    /// on its database takes it over (and its data), under the name it signs up with.
    public static let localUsername = "me"

    /// 1–64 characters: letters, digits, `.`, `_`, `-`.
    public static func validate(username: String) throws(StoreError) {
        guard !username.isEmpty, username.count <= maximumUsernameLength,
            username.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") })
        else {
            throw .invalid(t("a username is 1 to {limit} letters, digits, '.', '_' or '-'", ["limit": String(maximumUsernameLength)]))
        }
    }

    /// A new user, its name and settings checked (every store's sign-up and `createUser`).
    package static func new(username: String, settings: UserSettings) throws -> User {
        try validate(username: username)
        try StoreError.enforcing { try HabitRules.validate(settings) }
        return User(username: username, settings: settings)
    }
}
