import Foundation
import HTTPTypes
import TendAPI
import TendHTTP
import TendWords

/// Pages for errors (404, 403, 500…), without the navigation (the user may not be signed in).
enum ErrorView {
    static func page(status: HTTPResponse.Status, message: String) -> Node {
        Layout.page(title: reason(status), tab: nil, session: nil) {
            Node.section(.class("confirm")) {
                Node.h1 { "\(status.code) \(reason(status))" }
                Node.p { message }
                Node.p {
                    Node.a(.class("button primary"), .href(WebPaths.today())) { t("Go to Today") }
                }
            }
        }
    }

    /// The status's reason phrase in the page's language (HTTP's own English words in English).
    static func reason(_ status: HTTPResponse.Status) -> String { Problem.title(status) }
}
