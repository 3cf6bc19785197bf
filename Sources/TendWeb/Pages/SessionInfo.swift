import Foundation
import HTTPTypes
import TendAPI

/// The signed-in user as the layout shows them, with the session's CSRF token for forms.
struct SessionInfo: Sendable, Hashable {
    var username: String
    var csrfToken: String
}
