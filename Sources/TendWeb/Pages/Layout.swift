import Foundation
import HTTPTypes
import TendAPI
import TendWords

/// The frame of every page: head (viewport, manifest, theme colour, the one stylesheet and
/// script), the header with the navigation, and `<main id="main">`, which app.js swaps for
/// in-place updates.
enum Layout {
    static let themeLight = "#0F766E"
    static let themeDark = "#0F1413"

    static func page(
        title: String, tab: Tab?, session: SessionInfo?, bodyAttributes: [Attribute] = [], mainAttributes: [Attribute] = [],
        @HTMLBuilder main: () -> [Node]
    ) -> Node {
        var attributes = bodyAttributes
        if let session {
            attributes.append(.data("events", WebPaths.events()))
            attributes.append(.data("zone", session.timeZone))
            attributes.append(.data("zone-switch", WebPaths.switchZone()))
            if !session.keptZones.isEmpty { attributes.append(.data("zone-kept", session.keptZones.joined(separator: " "))) }
            // Whose offline changes this page may send: a queue kept in the browser waits for its own account.
            attributes.append(.data("user", session.username))
        }
        let language = Words.current.language
        return .html(.lang(language.tag), .attr("dir", language.direction)) {
            Node.head {
                Node.meta(.attr("charset", "utf-8"))
                Node.meta(.name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover"))
                Node.title { title == "Tend" ? title : "\(title) · Tend" }
                Node.meta(.name("color-scheme"), .content("light dark"))
                Node.meta(.name("theme-color"), .content(themeLight), .attr("media", "(prefers-color-scheme: light)"))
                Node.meta(.name("theme-color"), .content(themeDark), .attr("media", "(prefers-color-scheme: dark)"))
                // The manifest in the page's language (AssetFiles.manifests): its description and `lang`/`dir`.
                Node.link(
                    .rel("manifest"), .href(language == .english ? WebPaths.manifest() : WebPaths.manifest() + "?lang=" + language.tag))
                Node.link(.rel("icon"), .href(WebAssets.named("icon.svg").url), .type("image/svg+xml"))
                Node.link(.rel("apple-touch-icon"), .href(WebAssets.named("icon-192.png").url))
                Node.link(.rel("stylesheet"), .href(WebAssets.css.url))
                // A module runs when the document is parsed, as a deferred script does; app.js imports the rest.
                Node.script(.type("module"), .src(WebAssets.script.url))
                // What the scripts say, in the page's language (words.js reads it; an English page needs none).
                if let words = ScriptWords.json(language) { Node.script(.type("application/json"), .id("words")) { Node.raw(words) } }
                if let session { Node.meta(.name("csrf-token"), .content(session.csrfToken)) }
            }
            Node.element(
                "body", attributes,
                [
                    .a(.class("skip-link"), .href("#main")) { t("Skip to content") },
                    .p(.class("offline-banner"), .role("status")) { t("Offline: showing the last loaded page") },
                    header(tab: tab, session: session),
                    Node.element("main", [.id("main"), .class("page")] + mainAttributes, main()),
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
                Node.nav(.class("tabs"), .aria("label", t("Main", context: "navigation"))) {
                    Node.ul {
                        for item in Tab.allCases {
                            Node.li { tabLink(item, current: item == tab) }
                        }
                    }
                }
                Node.div(.class("spacer"))
                Node.form(.class("account"), .method("post"), .action(WebPaths.logout())) {
                    csrfField(session)
                    Node.button(.type("submit"), .class("link"), .title(t("Signed in as {username}", ["username": session.username]))) {
                        t("Log out")
                    }
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

    /// A translated sentence with elements in it (a link, a `<code>`): `text` is t()'s answer with
    /// those placeholders left unfilled, `parts` what each stands for — an element, or `.text(…)`
    /// for a plain value (given here, not to t(), so that a value holding braces stays as it is).
    ///
    ///     Layout.sentence(t("New here? {link}"), ["link": Node.a(.href(…)) { t("Create an account") }])
    static func sentence(_ text: String, _ parts: KeyValuePairs<String, Node>) -> [Node] {
        var nodes: [Node] = []
        var plain = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            if let part = parts.first(where: { $0.key == name })?.value {
                plain += rest[..<open]
                if !plain.isEmpty { nodes.append(.text(plain)) }
                plain = ""
                nodes.append(part)
            } else {
                plain += rest[...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        plain += rest
        if !plain.isEmpty { nodes.append(.text(plain)) }
        return nodes
    }

    /// The hidden `_csrf` field every state-changing form carries.
    static func csrfField(_ session: SessionInfo) -> Node {
        .input(.type("hidden"), .name("_csrf"), .value(session.csrfToken))
    }
}
