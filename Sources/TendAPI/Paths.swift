import Foundation

/// The API's paths: one definition for the server and its clients. The server registers the
/// patterns of the paths it also links to (a new habit's `Location`), so the two cannot differ.
public enum APIPaths {
    public static let base = "/api/v1"
    public static let health = "/healthz"
    public static let metrics = "/metrics"
    /// The OpenAPI 3.1 document of the API (no authentication).
    public static let openAPI = "/api/v1/openapi.json"
    /// A habit, `{id}` its `Habit.ID` (`GET`, `PATCH`, `DELETE`; a new habit's `Location`).
    public static let habit = PathPattern("/api/v1/habits/{id}")
    /// A routine, `{id}` its `Routine.ID` (`GET`, `PATCH`, `DELETE`; a new routine's `Location`).
    public static let routine = PathPattern("/api/v1/routines/{id}")
    /// A group, `{name}` its name percent-encoded (`PATCH`, `DELETE`; a new group's `Location`).
    public static let group = PathPattern("/api/v1/groups/{name}")

    /// A group's name as one path segment (`Health & Body` → `Health%20%26%20Body`).
    public static func groupSegment(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#&+%;="))) ?? name
    }
    /// A calendar feed, `{token}` its secret (no session: the token is the credential); the
    /// absolute URL of the owner's current one is `GET /api/v1/calendar`'s answer.
    public static let calendarFeed = PathPattern("/calendar/{token}.ics")
}
