import Foundation
import HTTPTypes
import TendAPI

/// The signed-in user as the layout shows them, with the session's CSRF token for forms.
struct SessionInfo: Sendable, Hashable {
    var username: String
    var csrfToken: String
    /// The account's zone: app.js compares it with the device's and offers to switch when they
    /// differ (a person who travels keeps their days and reminders where they are).
    var timeZone: String = "UTC"
    /// Device zones the account chose to keep its zone against: app.js does not ask again there.
    var keptZones: [String] = []
}
