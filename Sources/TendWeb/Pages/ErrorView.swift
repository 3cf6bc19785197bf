import Foundation
import HTTPTypes
import TendAPI

/// Pages for errors (404, 403, 500…), without the navigation (the user may not be signed in).
enum ErrorView {
    static func page(status: HTTPResponse.Status, message: String) -> Node {
        Layout.page(title: status.reasonPhrase, tab: nil, session: nil) {
            Node.section(.class("confirm")) {
                Node.h1 { "\(status.code) \(status.reasonPhrase)" }
                Node.p { message }
                Node.p {
                    Node.a(.class("button primary"), .href(WebPaths.today())) { "Go to Today" }
                }
            }
        }
    }
}
