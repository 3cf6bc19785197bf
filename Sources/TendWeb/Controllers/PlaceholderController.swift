import Foundation
import Hummingbird
import TendHTTP

/// The sections still to be built (issue 6): each shows its place in the navigation and says
/// what is coming, so the layout is whole. Replace a route here when its page exists.
struct PlaceholderController {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("routines") { request, context in try await page(.routines, "Build routines of habits you do together, in order.", context) }
    }

    private func page(_ tab: Tab, _ text: String, _ context: Context) async throws -> Response {
        let user = try await web.user(context)
        let session = try web.session(context, user: user)
        return Page.html(
            Layout.page(title: tab.title, tab: tab, session: session) {
                Node.h1 { tab.title }
                Node.p(.class("placeholder-page")) { text }
            })
    }
}
