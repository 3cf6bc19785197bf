import Foundation
import TendAPI
import TendCore

/// Renders a ``TodayPage``: nothing here decides anything, it only lays the model out.
enum TodayView {
    /// `fragments`: cards and the heatmap rendered before, reused while their models are equal.
    static func page(_ model: TodayPage, session: SessionInfo, fragments: TodayFragments? = nil) -> Node {
        Layout.page(title: model.navigation.title, tab: .today, session: session) {
            dayNavigation(model.navigation)
            summary(model, fragments: fragments)
            if !model.tips.isEmpty { tips(model) }
            if model.hasNoHabits {
                Node.section(.class("empty")) {
                    Node.h2 { "No habits yet" }
                    Node.p { "Add one small thing you want to do every day." }
                    quickAdd(model, open: true)
                }
            } else {
                if let controls = model.controls { self.controls(controls) }
                if model.groups.isEmpty {
                    Node.p(.class("empty")) { "No habit is due on this day." }
                }
                for group in model.groups { self.group(group, model: model, fragments: fragments) }
                quickAdd(model, open: false)
            }
        }
    }

    // MARK: Day navigation, score, heatmap

    static func dayNavigation(_ navigation: TodayPage.Navigation) -> Node {
        .group {
            Node.nav(.class("daynav"), .aria("label", "Day")) {
                Node.a(.href(navigation.previous), .rel("prev"), .data("enhance", "navigate"), .aria("label", navigation.previousLabel)) {
                    "‹"
                }
                Node.h1 {
                    navigation.title
                    if navigation.title != navigation.subtitle {
                        Node.span(.class("sub")) { navigation.subtitle }
                    }
                }
                if let next = navigation.next {
                    Node.a(.href(next), .rel("next"), .data("enhance", "navigate"), .aria("label", navigation.nextLabel)) { "›" }
                } else {
                    Node.span(.class("placeholder"))
                }
            }
            if let today = navigation.today {
                Node.p(.class("back-today")) { Node.a(.href(today), .data("enhance", "navigate")) { "Back to today" } }
            }
        }
    }

    static func summary(_ model: TodayPage, fragments: TodayFragments? = nil) -> Node {
        .section(.class("summary"), .aria("label", "Day score and heatmap")) {
            Node.div(.class("score")) {
                ring(progress: Double(model.score.percent ?? 0) / 100, size: 88, width: 8)
                Node.strong { model.score.percentText }
            }
            Node.div(.class("score-text")) {
                Node.h2 { "Day score" }
                Node.p { model.score.text }
            }
            heatmap(model.heatmap, fragments: fragments)
        }
    }

    static let pitch = 12
    static let cellSize = 10
    static let labelWidth = 14

    /// `fragments`: each week's cells rendered before, reused while they are equal (a check-in
    /// of today changes the last week's).
    static func heatmap(_ heatmap: TodayPage.Heatmap, fragments: TodayFragments? = nil) -> Node {
        let width = labelWidth + heatmap.columns * pitch
        let height = 7 * pitch
        let shown = heatmap.cells.filter { !$0.isFuture }
        var weeks: [ArraySlice<TodayPage.HeatmapCell>] = []
        var start = shown.startIndex
        for index in shown.indices where index == shown.endIndex - 1 || shown[index + 1].column != shown[index].column {
            weeks.append(shown[start...index])
            start = index + 1
        }
        return .figure(.class("heatmap")) {
            Node.svg(.viewBox("0 0 \(width) \(height)"), .role("img"), .aria("label", heatmap.summary)) {
                for (row, letter) in heatmap.rowLetters.enumerated() where row % 2 == 1 {
                    Node.svgText(
                        .class("hm-letter"), .attr("x", "0"), .attr("y", String(row * pitch + 9)), .attr("font-size", "8"),
                        .attr("fill", "currentColor")
                    ) { letter }
                }
                for week in weeks {
                    if let fragments {
                        fragments.heatmapWeeks.node(Array(week)) { .fragment(week.map(heatmapCell)) }
                    } else {
                        Node.fragment(week.map(heatmapCell))
                    }
                }
            }
            Node.figcaption(.class("legend")) {
                Node.span { heatmap.firstLabel }
                Node.span { "\(TodayPage.heatmapDays) days" }
                Node.span { heatmap.lastLabel }
            }
        }
    }

    static func heatmapCell(_ cell: TodayPage.HeatmapCell) -> Node {
        var classes: [String]
        var attributes: [Attribute] = [
            .attr("x", String(labelWidth + cell.column * pitch)), .attr("y", String(cell.row * pitch)),
            .attr("width", String(cellSize)), .attr("height", String(cellSize)), .attr("rx", "2"),
        ]
        switch cell.score {
        case nil: classes = ["hm-free"]
        case 0: classes = ["hm-zero"]
        case let score?:
            classes = ["hm"]
            attributes.append(.attr("fill-opacity", String(format: "%.2f", 0.25 + 0.75 * score)))
        }
        if cell.isShown { classes.append("hm-shown") }
        attributes.insert(.classes(classes), at: 0)
        return .element("rect", attributes, [.title { cell.label }])
    }

    /// A progress ring: a track and an arc of `progress` (0…1) starting at the top.
    static func ring(progress: Double, size: Int, width: Int) -> Node {
        let center = String(size / 2)
        let radius = String(size / 2 - width / 2 - 1)
        let percent = min(100, max(0, progress * 100))
        return .svg(.viewBox("0 0 \(size) \(size)"), .aria("hidden", "true")) {
            Node.circle(
                .class("ring-track"), .attr("cx", center), .attr("cy", center), .attr("r", radius), .attr("fill", "none"),
                .attr("stroke-width", String(width)))
            if percent > 0 {
                Node.circle(
                    .class("ring-fill"), .attr("cx", center), .attr("cy", center), .attr("r", radius), .attr("fill", "none"),
                    .attr("stroke-width", String(width)), .attr("pathLength", "100"),
                    .attr("stroke-dasharray", "\(format(percent)) 100"), .attr("transform", "rotate(-90 \(center) \(center))"))
            }
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    // MARK: Tips

    static func tips(_ model: TodayPage) -> Node {
        .section(.class("tips"), .aria("label", "Tips")) {
            for tip in model.tips {
                Node.article(.class("tip"), .id("tip-\(tip.id)")) {
                    Node.h2 { tip.title }
                    Node.p { tip.message }
                    Node.form(.method("post"), .action(WebPaths.dismissTip(tip.id)), .data("enhance", "")) {
                        Node.input(.type("hidden"), .name("_csrf"), .value(model.csrfToken))
                        Node.input(.type("hidden"), .name("return"), .value(model.returnPath))
                        Node.button(.type("submit"), .class("link"), .aria("label", "Dismiss the tip “\(tip.title)”")) { "Dismiss" }
                    }
                }
            }
        }
    }

    // MARK: Groups and cards

    /// By time or by group, and the tag filter: links and a form that work without JavaScript.
    static func controls(_ controls: TodayPage.ViewControls) -> Node {
        .nav(.class("view-controls"), .aria("label", "Show")) {
            if controls.hasGroups {
                Node.div(.class("segmented"), .role("group"), .aria("label", "Arrange")) {
                    Node.a(.href(controls.byTimeLink), .aria("current", controls.byGroup ? "false" : "true")) { "By time" }
                    Node.a(.href(controls.byGroupLink), .aria("current", controls.byGroup ? "true" : "false")) { "By group" }
                }
            }
            if !controls.tags.isEmpty {
                Node.form(.method("get"), .action(WebPaths.todayChoice()), .class("tag-filter")) {
                    Node.input(.type("hidden"), .name("by"), .value(controls.byGroup ? "groups" : "time"))
                    if let date = controls.date { Node.input(.type("hidden"), .name("date"), .value(date.iso)) }
                    Node.label(.for("tag-filter")) { "Tag" }
                    Node.select(.id("tag-filter"), .name("tag")) {
                        option("", "All habits", selected: controls.tag == nil)
                        for tag in controls.tags { option(tag, "#" + tag, selected: controls.tag == tag) }
                    }
                    Node.button(.type("submit")) { "Show" }
                }
            }
        }
    }

    private static func option(_ value: String, _ label: String, selected: Bool) -> Node {
        .element("option", [.value(value)] + (selected ? [Attribute("selected", nil)] : []), [.text(label)])
    }

    static func group(_ group: TodayPage.Group, model: TodayPage, fragments: TodayFragments? = nil) -> Node {
        if let scoreText = group.scoreText {
            // By group: each a section that folds, its heading with its own day score.
            return .element(
                "details", [.class("group area"), .open, .aria("labelledby", group.anchor)],
                [
                    Node.summary {
                        Node.h2(.id(group.anchor)) {
                            group.title
                            Node.span(.class("area-score")) { scoreText }
                        }
                    },
                    cards(group, model: model, fragments: fragments),
                ])
        }
        let headingID = group.anchor
        return .section(.class("group"), .aria("labelledby", headingID)) {
            Node.h2(.id(headingID)) {
                group.title
                if group.isCurrent, model.day == model.today { Node.span(.class("now")) { "Now" } }
            }
            cards(group, model: model, fragments: fragments)
        }
    }

    static func cards(_ group: TodayPage.Group, model: TodayPage, fragments: TodayFragments?) -> Node {
        .group {
            Node.ul(.class("cards")) {
                for card in group.cards {
                    Node.li {
                        if let fragments {
                            fragments.cards.node(.init(card: card, csrfToken: model.csrfToken, returnPath: model.returnPath)) {
                                self.card(card, model: model)
                            }
                        } else {
                            self.card(card, model: model)
                        }
                    }
                }
            }
        }
    }

    static func hidden(_ model: TodayPage) -> Node {
        .group {
            Node.input(.type("hidden"), .name("_csrf"), .value(model.csrfToken))
            Node.input(.type("hidden"), .name("return"), .value(model.returnPath))
        }
    }

    static func card(_ card: TodayPage.Card, model: TodayPage) -> Node {
        let classes = ["card", "hc-\(card.color.rawValue)", "is-\(card.status.rawValue)"]
        let titleID = "title-\(card.id)"
        let facts = card.offline
        var attributes: [Attribute] = [
            .classes(classes), .id("habit-\(card.id)"), .aria("labelledby", titleID), .data("habit", card.id),
            .data("day", facts.day.iso), .data("value", String(facts.value)), .data("kind", facts.kind.rawValue),
            .data("type", facts.type.rawValue), .data("target", String(facts.target)), .data("unit", facts.unit),
            .data("status", card.status.rawValue),
        ]
        if facts.isPast { attributes.append(.data("past", "")) }
        if facts.isQuota { attributes.append(.data("quota", "")) }
        return .element("article", attributes, cardBody(card, model: model, titleID: titleID))
    }

    @HTMLBuilder
    static func cardBody(_ card: TodayPage.Card, model: TodayPage, titleID: String) -> [Node] {
        Node.form(.class("tap"), .method("post"), .action(card.tapAction), .data("enhance", "")) {
            hidden(model)
            Node.button(.type("submit"), .class("ring-button"), .id("tap-\(card.id)"), .aria("label", card.tapLabel)) {
                ring(progress: card.progress, size: 64, width: 6)
                Node.span(.class("emoji"), .aria("hidden", "true")) { card.emoji }
            }
        }
        Node.h3(.class("card-title"), .id(titleID)) { Node.a(.href(WebPaths.habit(card.id))) { card.name } }
        Node.p(.class("card-value")) {
            Node.span(.class("status status-\(card.status.rawValue)")) { card.statusLabel }
            " · \(card.valueText)"
        }
        menu(card, model: model)
        switch card.mode {
        case .daily: Node.empty
        case .weekly: week(card)
        case .monthly: month(card)
        }
        Node.nav(.class("modes"), .aria("label", "Show \(card.name) by")) {
            for link in card.modeLinks { modeLink(link, current: link.mode == card.mode, card: card.id) }
        }
    }

    static func modeLink(_ link: TodayPage.ModeLink, current: Bool, card: String) -> Node {
        var attributes: [Attribute] = [.href(link.link), .data("enhance", ""), .id("mode-\(card)-\(link.mode.rawValue)")]
        if current { attributes.append(.aria("current", "true")) }
        return .element("a", attributes, [.text(link.mode.title)])
    }

    /// The card's menu; open when it holds a refused value or note (the page answering that post).
    static func menu(_ card: TodayPage.Card, model: TodayPage) -> Node {
        let attributes: [Attribute] = [.class("menu"), .id("menu-\(card.id)")] + (card.entry.hasError ? [.open] : [])
        return .element(
            "details", attributes,
            [
                Node.summary(.id("more-\(card.id)"), .aria("label", "More for \(card.name)")) { "⋯" },
                Node.div(.class("menu-items")) {
                    DayEntryView.value(card.entry, csrfToken: model.csrfToken, returnPath: model.returnPath)
                    Node.a(.href(card.editLink)) { "Edit" }
                    Node.form(.method("post"), .action(card.resetAction), .data("enhance", "")) {
                        hidden(model)
                        Node.button(.type("submit"), .id("reset-\(card.id)")) { "Reset this day" }
                    }
                    Node.form(.method("post"), .action(card.skipAction), .data("enhance", "")) {
                        hidden(model)
                        Node.input(.type("hidden"), .name("skip"), .value(card.isSkipped ? "false" : "true"))
                        Node.button(.type("submit"), .id("skip-\(card.id)")) { card.isSkipped ? "Unskip this day" : "Skip this day" }
                    }
                    DayEntryView.note(card.entry, csrfToken: model.csrfToken, returnPath: model.returnPath)
                    Node.a(.class("danger-item"), .href(card.deleteLink)) { "Delete…" }
                },
            ])
    }

    static func cellClasses(_ cell: TodayPage.Cell) -> [String] {
        var classes = ["cell", "is-\(cell.status.rawValue)"]
        if cell.isPartial { classes.append("is-partial") }
        if !cell.isInMonth { classes.append("is-outside") }
        if cell.isFuture { classes.append("is-future") }
        if cell.isShown { classes.append("is-shown") }
        return classes
    }

    static func week(_ card: TodayPage.Card) -> Node {
        .ol(.class("strip"), .aria("label", "\(card.name), the last 7 days")) {
            for cell in card.week {
                Node.li(.classes(cellClasses(cell)), .title(cell.label)) {
                    Node.span(.aria("hidden", "true")) { cell.letter }
                    Node.span(.class("dot"), .aria("hidden", "true")) { String(cell.number) }
                    Node.span(.class("visually-hidden")) { cell.label }
                }
            }
        }
    }

    static func month(_ card: TodayPage.Card) -> Node {
        .group {
            Node.div(.class("month-head"), .aria("hidden", "true")) {
                for cell in card.month.prefix(7) { Node.span { cell.letter } }
            }
            Node.ol(.class("month"), .aria("label", "\(card.name), \(card.monthTitle)")) {
                for cell in card.month {
                    Node.li(.classes(cellClasses(cell)), .title(cell.label)) {
                        Node.span(.class("dot"), .aria("hidden", "true")) { String(cell.number) }
                        Node.span(.class("visually-hidden")) { cell.label }
                    }
                }
            }
        }
    }

    // MARK: Adding a habit

    /// The quick add; a refused post comes back with the name as typed and the message under it.
    static func quickAdd(_ model: TodayPage, open: Bool) -> Node {
        let typed = model.quickAdd
        var input: [Attribute] = [
            .id("new-habit-name"), .name("name"), .type("text"), .required, .maxlength(100),
            .placeholder("Drink a glass of water"), .autocomplete("off"),
        ]
        if !typed.name.isEmpty { input.append(.value(typed.name)) }
        if typed.error != nil { input += [.aria("invalid", "true"), .aria("describedby", "new-habit-name-error")] }
        let form = Node.form(.class("quick-add"), .method("post"), .action(WebPaths.habits())) {
            hidden(model)
            Node.div(.class("field")) {
                Node.label(.for("new-habit-name")) { "Name" }
                Node.void("input", input)
                if let error = typed.error { Node.p(.class("error"), .id("new-habit-name-error"), .role("alert")) { error } }
            }
            Node.button(.type("submit"), .class("primary")) { "Add habit" }
        }
        if open { return form }
        let attributes: [Attribute] = [.class("add-habit"), .id("add-habit")] + (typed.error != nil ? [.open] : [])
        return .element("details", attributes, [Node.summary(.class("button")) { "Add a habit" }, form])
    }
}
