import Foundation
import HTTPTypes
import TendAPI

/// The signed-in user as the layout shows them, with the session's CSRF token for forms.
struct SessionInfo: Sendable, Hashable {
    var username: String
    var csrfToken: String
}

/// The main sections, as the navigation names them.
enum Tab: String, CaseIterable, Sendable {
    case today, habits, routines, settings

    var title: String {
        switch self {
        case .today: "Today"
        case .habits: "Habits"
        case .routines: "Routines"
        case .settings: "Settings"
        }
    }

    var path: String {
        switch self {
        case .today: WebPaths.today()
        case .habits: WebPaths.habits()
        case .routines: WebPaths.routines()
        case .settings: WebPaths.settings()
        }
    }

    /// A 24×24 line icon (SVG path data) for the phone's tab bar.
    var iconPath: String {
        switch self {
        case .today: "M12 3v2M12 19v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M3 12h2M19 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8"
        case .habits: "M9 11l3 3l8-8M20 12v6a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h9"
        case .routines: "M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01"
        case .settings: "M12 15a3 3 0 1 0 0-6a3 3 0 1 0 0 6M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3a1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5a1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8a1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1a1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5a1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"
        }
    }
}

/// The frame of every page: head (viewport, manifest, theme colour, the one stylesheet and
/// script), the header with the navigation, and `<main id="main">`, which app.js swaps for
/// in-place updates.
enum Layout {
    static let themeLight = "#0F766E"
    static let themeDark = "#0F1413"

    static func page(
        title: String, tab: Tab?, session: SessionInfo?, bodyAttributes: [Attribute] = [], @HTMLBuilder main: () -> [Node]
    ) -> Node {
        var attributes = bodyAttributes
        if session != nil { attributes.append(.data("events", WebPaths.events())) }
        return .html(.lang("en")) {
            Node.head {
                Node.meta(.attr("charset", "utf-8"))
                Node.meta(.name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover"))
                Node.title { title == "Tend" ? title : "\(title) · Tend" }
                Node.meta(.name("color-scheme"), .content("light dark"))
                Node.meta(.name("theme-color"), .content(themeLight), .attr("media", "(prefers-color-scheme: light)"))
                Node.meta(.name("theme-color"), .content(themeDark), .attr("media", "(prefers-color-scheme: dark)"))
                Node.link(.rel("manifest"), .href(WebPaths.manifest()))
                Node.link(.rel("icon"), .href(WebAssets.named("icon.svg").url), .type("image/svg+xml"))
                Node.link(.rel("apple-touch-icon"), .href(WebAssets.named("icon-192.png").url))
                Node.link(.rel("stylesheet"), .href(WebAssets.css.url))
                Node.script(.src(WebAssets.script.url), .defer)
                if let session { Node.meta(.name("csrf-token"), .content(session.csrfToken)) }
            }
            Node.element("body", attributes, [
                .a(.class("skip-link"), .href("#main")) { "Skip to content" },
                .p(.class("offline-banner"), .role("status")) { "Offline: showing the last loaded page" },
                header(tab: tab, session: session),
                .main(.id("main"), .class("page")) { main() },
            ])
        }
    }

    static func header(tab: Tab?, session: SessionInfo?) -> Node {
        .header(.class("top")) {
            Node.a(.class("brand"), .href(WebPaths.today())) {
                Node.img(.src(WebAssets.named("icon.svg").url), .alt(""), .attr("width", "28"), .attr("height", "28"))
                "Tend"
            }
            if let session {
                Node.nav(.class("tabs"), .aria("label", "Main")) {
                    Node.ul {
                        for item in Tab.allCases {
                            Node.li { tabLink(item, current: item == tab) }
                        }
                    }
                }
                Node.div(.class("spacer"))
                Node.form(.class("account"), .method("post"), .action(WebPaths.logout())) {
                    csrfField(session)
                    Node.button(.type("submit"), .class("link"), .title("Signed in as \(session.username)")) { "Log out" }
                }
            }
        }
    }

    static func tabLink(_ item: Tab, current: Bool) -> Node {
        var attributes: [Attribute] = [.href(item.path)]
        if current { attributes.append(.aria("current", "page")) }
        return .element("a", attributes, [icon(item.iconPath), .span { item.title }])
    }

    static func icon(_ path: String) -> Node {
        .svg(
            .viewBox("0 0 24 24"), .aria("hidden", "true"), .attr("fill", "none"), .attr("stroke", "currentColor"),
            .attr("stroke-width", "2"), .attr("stroke-linecap", "round"), .attr("stroke-linejoin", "round")
        ) {
            Node.path(.attr("d", path))
        }
    }

    /// The hidden `_csrf` field every state-changing form carries.
    static func csrfField(_ session: SessionInfo) -> Node {
        .input(.type("hidden"), .name("_csrf"), .value(session.csrfToken))
    }
}

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
