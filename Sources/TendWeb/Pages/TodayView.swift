import Foundation
import TendAPI
import TendCore
import TendWords

/// Renders a ``TodayPage``: nothing here decides anything, it only lays the model out.
enum TodayView {
    /// `fragments`: cards and the heatmap rendered before, reused while their models are equal.
    static func page(_ model: TodayPage, session: SessionInfo, fragments: TodayFragments? = nil) -> Node {
        Layout.page(
            title: model.navigation.title, tab: .today, session: session,
            mainAttributes: (model.position.map { [.data("position", String($0))] } ?? [])
                + (model.dayEnds.map { [.data("day-ends", String(Int64($0.timeIntervalSince1970 * 1000)))] } ?? [])
        ) {
            dayNavigation(model.navigation)
            if let stale = model.stale { stale.node }
            summary(model, fragments: fragments)
            if !model.tips.isEmpty { tips(model) }
            if model.hasNoHabits {
                Node.section(.class("empty")) {
                    Node.h2 { t("No habits yet") }
                    Node.p { t("Add one small thing you want to do every day.") }
                    quickAdd(model, open: true)
                }
            } else {
                if let controls = model.controls { self.controls(controls) }
                if model.groups.isEmpty {
                    Node.p(.class("empty")) { t("No habit is due on this day.") }
                }
                for group in model.groups { self.group(group, model: model, fragments: fragments) }
                if !model.measurements.isEmpty { measurements(model) }
                if !model.paused.isEmpty { paused(model, session: session) }
                quickAdd(model, open: false)
            }
        }
    }

    // MARK: Day navigation, score, heatmap

    static func dayNavigation(_ navigation: TodayPage.Navigation) -> Node {
        .group {
            Node.nav(.class("daynav"), .aria("label", t("Day", context: "navigation"))) {
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
                Node.p(.class("back-today")) { Node.a(.href(today), .data("enhance", "navigate")) { t("Back to today") } }
            }
        }
    }

    static func summary(_ model: TodayPage, fragments: TodayFragments? = nil) -> Node {
        .section(.class("summary"), .aria("label", t("Day score and heatmap"))) {
            Node.div(.class("score")) {
                ring(progress: Double(model.score.percent ?? 0) / 100, size: 88, width: 8)
                Node.strong { model.score.percentText }
            }
            Node.div(.class("score-text")) {
                Node.h2 { t("Day score") }
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
                        fragments.heatmapWeeks.node(Array(week)) { heatmapCells(week) }
                    } else {
                        heatmapCells(week)
                    }
                }
            }
            Node.figcaption(.class("legend")) {
                Node.span { heatmap.firstLabel }
                Node.span { tPlural("{count} day", "{count} days", count: TodayPage.heatmapDays) }
                Node.span { heatmap.lastLabel }
            }
        }
    }

    /// A week's cells, written straight to bytes (a heatmap has 200).
    static func heatmapCells(_ cells: ArraySlice<TodayPage.HeatmapCell>) -> Node {
        var html = HTMLWriter(capacity: 1024)
        for cell in cells {
            html.element(
                "rect",
                {
                    switch cell.score {
                    case nil: $0.add("class", "hm-free")
                    case 0: $0.add("class", "hm-zero")
                    case .some: $0.add("class", "hm")
                    }
                    if cell.isShown { $0.append(" hm-shown") }
                    $0.add("x", labelWidth + cell.column * pitch)
                    $0.add("y", cell.row * pitch)
                    $0.add("width", cellSize)
                    $0.add("height", cellSize)
                    $0.add("rx", "2")
                    if let score = cell.score, score != 0 { $0.add("fill-opacity", opacity(score)) }
                }
            ) { html in
                html.element("title", { _ in }) { $0.text(cell.label) }
            }
        }
        return html.node
    }

    /// 0.25…1 by a day's score, two decimals, rounded as `printf`'s `%.2f` rounds the exact binary
    /// value (`String(format:)` cost more than the rest of a cell): `h` is the product rounded, `error`
    /// what the rounding took off (exact, by a fused multiply-add), so `h + error` is compared with
    /// the midpoint exactly and a tie goes to the even hundredth.
    static func opacity(_ score: Double) -> String {
        let value = 0.25 + 0.75 * score
        let h = value * 100
        let error = (-h).addingProduct(value, 100)
        var hundredths = h.rounded(.down)
        let beyondMidpoint = (h - (hundredths + 0.5)) + error
        if beyondMidpoint > 0 || (beyondMidpoint == 0 && hundredths.truncatingRemainder(dividingBy: 2) != 0) { hundredths += 1 }
        let whole = Int(hundredths)
        return "\(whole / 100)." + (whole % 100 < 10 ? "0" : "") + String(whole % 100)
    }

    /// A progress ring: a track and an arc of `progress` (0…1) starting at the top.
    static func ring(progress: Double, size: Int, width: Int) -> Node {
        var html = HTMLWriter(capacity: 512)
        writeRing(progress: progress, size: size, width: width, into: &html)
        return html.node
    }

    static func writeRing(progress: Double, size: Int, width: Int, into html: inout HTMLWriter) {
        let center = String(size / 2)
        let radius = String(size / 2 - width / 2 - 1)
        let percent = min(100, max(0, progress * 100))
        func circle(_ attributes: inout HTMLWriter.Attributes, _ name: String) {
            attributes.add("class", name)
            attributes.add("cx", center)
            attributes.add("cy", center)
            attributes.add("r", radius)
            attributes.add("fill", "none")
            attributes.add("stroke-width", width)
        }
        html.element(
            "svg",
            {
                $0.add("viewBox", "0 0 ", String(size), " ")
                $0.append(String(size))
                $0.add("aria-hidden", "true")
            }
        ) {
            html in
            html.element("circle", { circle(&$0, "ring-track") })
            if percent > 0 {
                html.element(
                    "circle",
                    {
                        circle(&$0, "ring-fill")
                        $0.add("pathLength", "100")
                        $0.add("stroke-dasharray", "", format(percent), " 100")
                        $0.add("transform", "rotate(-90 ", center, " ")
                        $0.append(center)
                        $0.append(")")
                    })
            }
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    // MARK: Tips

    static func tips(_ model: TodayPage) -> Node {
        .section(.class("tips"), .aria("label", t("Tips"))) {
            for tip in model.tips {
                Node.article(.class("tip"), .id("tip-\(tip.id)")) {
                    Node.h2 { tip.title }
                    Node.p { tip.message }
                    Node.form(.method("post"), .action(WebPaths.dismissTip(tip.id)), .data("enhance", "")) {
                        Node.input(.type("hidden"), .name("_csrf"), .value(model.csrfToken))
                        Node.input(.type("hidden"), .name("return"), .value(model.returnPath))
                        Node.button(.type("submit"), .class("link"), .aria("label", t("Dismiss the tip “{tip}”", ["tip": tip.title]))) {
                            t("Dismiss")
                        }
                    }
                }
            }
        }
    }

    // MARK: Groups and cards

    /// By time or by group, and the tag filter: links and a form that work without JavaScript.
    static func controls(_ controls: TodayPage.ViewControls) -> Node {
        .nav(.class("view-controls"), .aria("label", t("Show", context: "navigation"))) {
            if controls.hasGroups {
                Node.div(.class("segmented"), .role("group"), .aria("label", t("Arrange"))) {
                    Node.a(.href(controls.byTimeLink), .aria("current", controls.byGroup ? "false" : "true")) { t("By time") }
                    Node.a(.href(controls.byGroupLink), .aria("current", controls.byGroup ? "true" : "false")) { t("By group") }
                }
            }
            if !controls.tags.isEmpty {
                Node.form(.method("get"), .action(WebPaths.todayChoice()), .class("tag-filter")) {
                    Node.input(.type("hidden"), .name("by"), .value(controls.byGroup ? "groups" : "time"))
                    if let date = controls.date { Node.input(.type("hidden"), .name("date"), .value(date.iso)) }
                    Node.label(.for("tag-filter")) { t("Tag") }
                    Node.select(.id("tag-filter"), .name("tag")) {
                        option("", t("All habits"), selected: controls.tag == nil)
                        for tag in controls.tags { option(tag, "#" + tag, selected: controls.tag == tag) }
                    }
                    Node.button(.type("submit")) { t("Show") }
                }
            }
        }
    }

    private static func option(_ value: String, _ label: String, selected: Bool) -> Node {
        .element("option", [.value(value)] + (selected ? [Attribute("selected", nil)] : []), [.text(label)])
    }

    /// The habits that are only measured: apart from the cards, never in the day's score; each with
    /// its value field (the card menu's, shared with the habit page).
    static func measurements(_ model: TodayPage) -> Node {
        .section(.class("group measurements"), .aria("labelledby", "group-measurements")) {
            Node.h2(.id("group-measurements")) { t("Measurements") }
            Node.ul(.class("habit-list"), .aria("label", t("Measurements"))) {
                for row in model.measurements {
                    Node.li(.class("habit-row measurement hc-\(row.color.rawValue)"), .id("measure-\(row.id)")) {
                        Node.span(.class("row-emoji"), .aria("hidden", "true")) { row.emoji }
                        Node.a(.class("row-main"), .href(row.link)) {
                            Node.strong { row.name }
                            Node.span(.class("hint"), .id("measure-\(row.id)-value")) { row.text }
                        }
                        DayEntryView.value(row.entry, csrfToken: model.csrfToken, returnPath: model.returnPath)
                    }
                }
            }
        }
    }

    /// The habits resting on the day: apart from the cards, never in the day's score.
    static func paused(_ model: TodayPage, session: SessionInfo) -> Node {
        .section(.class("group paused"), .aria("labelledby", "group-paused")) {
            Node.h2(.id("group-paused")) { t("Paused") }
            Node.ul(.class("habit-list"), .aria("label", t("Paused habits"))) {
                for row in model.paused {
                    Node.li(.class("habit-row is-paused hc-\(row.color.rawValue)"), .id("paused-\(row.id)")) {
                        Node.span(.class("row-emoji"), .aria("hidden", "true")) { row.emoji }
                        Node.a(.class("row-main"), .href(row.link)) {
                            Node.strong { row.name }
                            Node.span(.class("hint")) { row.text }
                        }
                        if let action = row.resumeAction {
                            Node.form(.method("post"), .action(action), .class("inline")) {
                                Layout.csrfField(session)
                                Node.input(.type("hidden"), .name("return"), .value(model.returnPath))
                                Node.button(.type("submit"), .aria("label", t("Resume {habit} today", ["habit": row.name]))) { t("Resume") }
                            }
                        }
                    }
                }
            }
        }
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
                if group.isCurrent, model.day == model.today { Node.span(.class("now")) { t("Now") } }
            }
            if let start = group.startLink {
                Node.a(
                    .class("button small start-routine"), .href(start),
                    .aria("label", t("Start {routine}: its habits one after the other", ["routine": group.title]))
                ) {
                    t("Start")
                }
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
        DayEntryView.hidden(csrfToken: model.csrfToken, returnPath: model.returnPath)
    }

    /// A card, written straight to bytes (``HTMLWriter``): a page has fifty.
    static func card(_ card: TodayPage.Card, model: TodayPage) -> Node {
        var html = HTMLWriter()
        write(card, csrfToken: model.csrfToken, returnPath: model.returnPath, into: &html)
        return html.node
    }

    static func write(_ card: TodayPage.Card, csrfToken: String, returnPath: String, into html: inout HTMLWriter) {
        let facts = card.offline
        html.element(
            "article",
            {
                $0.add("class", "card hc-", card.color.rawValue, " is-")
                $0.append(card.status.rawValue)
                $0.add("id", "habit-", card.id)
                $0.add("aria-labelledby", "title-", card.id)
                $0.add("data-habit", card.id)
                $0.add("data-day", facts.day.iso)
                // Amounts as JSON writes them ("2.5"): app.js reads them into thousandths.
                $0.add("data-value", facts.value.description)
                $0.add("data-kind", facts.kind.rawValue)
                $0.add("data-type", facts.type.rawValue)
                $0.add("data-target", facts.target.description)
                $0.add("data-unit", facts.unit)
                if facts.step != Habit.defaultStep { $0.add("data-step", facts.step.description) }
                if facts.decimalMark != "." { $0.add("data-mark", facts.decimalMark) }
                $0.add("data-status", card.status.rawValue)
                if facts.isPast { $0.add("data-past", "") }
                if facts.isQuota { $0.add("data-quota", "") }
            }
        ) { html in
            DayEntryView.writeTap(
                action: card.tapAction, id: card.id, label: card.tapLabel, progress: card.progress, emoji: card.emoji,
                csrfToken: csrfToken, returnPath: returnPath, into: &html)
            html.element(
                "h3",
                {
                    $0.add("class", "card-title")
                    $0.add("id", "title-", card.id)
                }
            ) { html in
                html.element("a", { $0.add("href", WebPaths.habit(card.id)) }) { $0.text(card.name) }
            }
            html.element("p", { $0.add("class", "card-value") }) { html in
                html.element("span", { $0.add("class", "status status-", card.status.rawValue) }) { $0.text(card.statusLabel) }
                html.text(" · ")
                html.text(card.valueText)
            }
            writeMenu(card, csrfToken: csrfToken, returnPath: returnPath, into: &html)
            switch card.mode {
            case .daily: break
            case .weekly: writeWeek(card, into: &html)
            case .monthly: writeMonth(card, into: &html)
            }
            html.element(
                "nav",
                {
                    $0.add("class", "modes")
                    $0.add("aria-label", t("Show {habit} by", ["habit": card.name]))
                }
            ) { html in
                for link in card.modeLinks {
                    html.element(
                        "a",
                        {
                            $0.add("href", link.link)
                            $0.add("data-enhance", "")
                            $0.add("id", "mode-", card.id, "-")
                            $0.append(link.mode.rawValue)
                            if link.mode == card.mode { $0.add("aria-current", "true") }
                        }
                    ) { $0.text(link.mode.title) }
                }
            }
        }
    }

    /// The card's menu; open when it holds a refused value or note (the page answering that post).
    static func writeMenu(_ card: TodayPage.Card, csrfToken: String, returnPath: String, into html: inout HTMLWriter) {
        html.element(
            "details",
            {
                $0.add("class", "menu")
                $0.add("id", "menu-", card.id)
                if card.entry.hasError { $0.flag("open") }
            }
        ) { html in
            html.element(
                "summary",
                {
                    $0.add("id", "more-", card.id)
                    $0.add("aria-label", t("More for {habit}", ["habit": card.name]))
                }
            ) { $0.text("⋯") }
            html.element("div", { $0.add("class", "menu-items") }) { html in
                DayEntryView.writeValue(card.entry, csrfToken: csrfToken, returnPath: returnPath, into: &html)
                html.element("a", { $0.add("href", card.editLink) }) { $0.text(t("Edit")) }
                html.element("form", { Self.postForm(&$0, action: card.resetAction) }) { html in
                    DayEntryView.writeHidden(csrfToken: csrfToken, returnPath: returnPath, into: &html)
                    html.element(
                        "button",
                        {
                            $0.add("type", "submit")
                            $0.add("id", "reset-", card.id)
                        }
                    ) { $0.text(t("Reset this day")) }
                }
                html.element("form", { Self.postForm(&$0, action: card.skipAction) }) { html in
                    DayEntryView.writeHidden(csrfToken: csrfToken, returnPath: returnPath, into: &html)
                    html.void("input") {
                        $0.add("type", "hidden")
                        $0.add("name", "skip")
                        $0.add("value", card.isSkipped ? "false" : "true")
                    }
                    html.element(
                        "button",
                        {
                            $0.add("type", "submit")
                            $0.add("id", "skip-", card.id)
                        }
                    ) {
                        $0.text(card.isSkipped ? t("Unskip this day") : t("Skip this day"))
                    }
                }
                DayEntryView.writeNote(card.entry, csrfToken: csrfToken, returnPath: returnPath, into: &html)
                html.element(
                    "a",
                    {
                        $0.add("class", "danger-item")
                        $0.add("href", card.deleteLink)
                    }
                ) { $0.text(t("Delete…")) }
            }
        }
    }

    /// `method="post" action="…" data-enhance=""`: a form app.js sends in the background.
    static func postForm(_ attributes: inout HTMLWriter.Attributes, action: String) {
        attributes.add("method", "post")
        attributes.add("action", action)
        attributes.add("data-enhance", "")
    }

    static func cellClasses(_ cell: TodayPage.Cell) -> [String] {
        var classes = ["cell", "is-\(cell.status.rawValue)"]
        if cell.isPartial { classes.append("is-partial") }
        if !cell.isInMonth { classes.append("is-outside") }
        if cell.isFuture { classes.append("is-future") }
        if cell.isShown { classes.append("is-shown") }
        return classes
    }

    static func writeWeek(_ card: TodayPage.Card, into html: inout HTMLWriter) {
        html.element(
            "ol",
            {
                $0.add("class", "strip")
                $0.add("aria-label", t("{habit}, the last 7 days", ["habit": card.name]))
            }
        ) { html in
            for cell in card.week {
                html.element(
                    "li",
                    {
                        $0.add("class", cellClasses(cell).joined(separator: " "))
                        $0.add("title", cell.label)
                    }
                ) { html in
                    html.element("span", { $0.add("aria-hidden", "true") }) { $0.text(cell.letter) }
                    html.element(
                        "span",
                        {
                            $0.add("class", "dot")
                            $0.add("aria-hidden", "true")
                        }
                    ) { $0.text(String(cell.number)) }
                    html.element("span", { $0.add("class", "visually-hidden") }) { $0.text(cell.label) }
                }
            }
        }
    }

    static func writeMonth(_ card: TodayPage.Card, into html: inout HTMLWriter) {
        html.element(
            "div",
            {
                $0.add("class", "month-head")
                $0.add("aria-hidden", "true")
            }
        ) { html in
            for cell in card.month.prefix(7) { html.element("span", { _ in }) { $0.text(cell.letter) } }
        }
        html.element(
            "ol",
            {
                $0.add("class", "month")
                $0.add("aria-label", t("{habit}, {month}", ["habit": card.name, "month": card.monthTitle]))
            }
        ) { html in
            for cell in card.month {
                html.element(
                    "li",
                    {
                        $0.add("class", cellClasses(cell).joined(separator: " "))
                        $0.add("title", cell.label)
                    }
                ) { html in
                    html.element(
                        "span",
                        {
                            $0.add("class", "dot")
                            $0.add("aria-hidden", "true")
                        }
                    ) { $0.text(String(cell.number)) }
                    html.element("span", { $0.add("class", "visually-hidden") }) { $0.text(cell.label) }
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
            .placeholder(t("Drink a glass of water")), .autocomplete("off"),
        ]
        if !typed.name.isEmpty { input.append(.value(typed.name)) }
        if typed.error != nil { input += [.aria("invalid", "true"), .aria("describedby", "new-habit-name-error")] }
        let form = Node.form(.class("quick-add"), .method("post"), .action(WebPaths.habits())) {
            hidden(model)
            Node.div(.class("field")) {
                Node.label(.for("new-habit-name")) { t("Name") }
                Node.void("input", input)
                if let error = typed.error { Node.p(.class("error"), .id("new-habit-name-error"), .role("alert")) { error } }
            }
            Node.button(.type("submit"), .class("primary")) { t("Add habit") }
        }
        if open { return form }
        let attributes: [Attribute] = [.class("add-habit"), .id("add-habit")] + (typed.error != nil ? [.open] : [])
        return .element("details", attributes, [Node.summary(.class("button")) { t("Add a habit") }, form])
    }
}
