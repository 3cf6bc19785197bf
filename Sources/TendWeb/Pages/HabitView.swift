import Foundation
import TendAPI
import TendCore
import TendWords

/// Renders the habit page. The year grid and the strength chart are SVG with presentation
/// attributes (CSP-safe), each an image with a text summary for screen readers.
enum HabitView {
    static func page(_ model: HabitPage, session: SessionInfo) -> Node {
        Layout.page(
            title: model.name, tab: .habits, session: session,
            mainAttributes: model.dayEnds.map { [.data("day-ends", String(Int64($0.timeIntervalSince1970 * 1000)))] } ?? []
        ) {
            Node.article(.class("habit-page hc-\(model.color.rawValue)"), .aria("labelledby", "habit-title")) {
                header(model)
                if let stale = model.stale { stale.node }
                checkIn(model, session: session)
                pauses(model.pauses, name: model.name, session: session)
                if !model.ruleChanges.isEmpty {
                    Node.section(.class("panel"), .id("rules"), .aria("labelledby", "rules-title")) {
                        Node.h2(.id("rules-title")) { t("Rule changes") }
                        Node.p(.class("hint")) { t("Each day is judged by the rule it had.") }
                        Node.ol(.class("pause-list")) { for change in model.ruleChanges { Node.li { change } } }
                    }
                }
                Node.section(.class("panel"), .id("week"), .aria("label", t("This week"))) {
                    Node.h2 { t("This week") }
                    days(model, model.week, list: "strip", label: t("The last 7 days"), anchor: "week", letters: true, session: session)
                }
                month(model, session: session)
                year(model)
                if let measurement = model.measurement {
                    measurementChart(measurement)
                    measurementTable(measurement)
                } else {
                    strength(model)
                    totals(model)
                }
                weekdays(model)
                statistics(model)
                notes(model, session: session)
            }
        }
    }

    /// Pauses: those running or to come with a resume, the last past ones, and a form for a new
    /// one (from a day, until a day or until resumed). Folded unless a pause runs or a post failed.
    static func pauses(_ panel: PausePanel, name: String, session: SessionInfo) -> Node {
        .element(
            "details", [.class("panel pause"), .id("pause")] + (panel.isPaused || panel.error != nil ? [.open] : []),
            [
                Node.summary { Node.h2(.id("pause-title")) { t("Pause", context: "heading") } },
                .group {
                    if !panel.rows.isEmpty {
                        Node.ul(.class("pause-list"), .aria("label", t("Pauses of {habit}", ["habit": name]))) {
                            for row in panel.rows { Node.li(.class(row.isRunning ? "is-running" : "")) { row.text } }
                        }
                    }
                    if let resume = panel.resumeAction {
                        Node.form(.method("post"), .action(resume), .class("inline")) {
                            Layout.csrfField(session)
                            Node.button(.type("submit"), .id("resume-habit")) { t("Resume today") }
                        }
                    }
                    Node.p(.class("hint")) {
                        t("Paused days are neither due nor missed: the streak carries across, the strength holds, reminders stay silent.")
                    }
                    Node.form(.method("post"), .action(panel.pauseAction), .class("pause-form"), .aria("labelledby", "pause-title")) {
                        Layout.csrfField(session)
                        if let error = panel.error { Node.p(.class("error"), .id("pause-error"), .role("alert")) { error } }
                        Node.label(.for("pause-from")) { t("From", context: "first paused day") }
                        Node.input(
                            .type("date"), .id("pause-from"), .name("from"), .value(panel.from), .attr("min", panel.earliest),
                            .attr("max", panel.latest),
                            .required)
                        Node.label(.for("pause-until")) { t("Until (empty: until resumed)") }
                        Node.input(
                            .type("date"), .id("pause-until"), .name("until"), .value(panel.until), .attr("min", panel.earliest),
                            .attr("max", panel.latest))
                        Node.button(.type("submit"), .id("pause-habit")) { t("Pause", context: "button") }
                    }
                },
            ])
    }

    static func header(_ model: HabitPage) -> Node {
        Node.header(.class("habit-head")) {
            Node.span(.class("habit-emoji"), .aria("hidden", "true")) { model.emoji }
            Node.div(.class("habit-name")) {
                Node.h1(.id("habit-title")) { model.name }
                Node.p(.class("hint")) { model.isArchived ? t("Archived · {subtitle}", ["subtitle": model.subtitle]) : model.subtitle }
                if let finished = model.finished { Node.p(.class("finished"), .id("habit-finished")) { finished } }
                if let running = model.pauses.rows.first(where: \.isRunning) {
                    Node.p(.class("finished"), .id("habit-paused")) { running.text }
                }
            }
            Node.a(.class("button"), .href(model.editLink)) { t("Edit") }
            if let measurement = model.measurement {
                Node.dl(.class("headline")) {
                    Node.div {
                        Node.dt { t("Last value") }
                        Node.dd(.id("measure-last")) { measurement.last ?? t("none yet", context: "last value") }
                    }
                }
            } else {
                Node.dl(.class("headline")) {
                    Node.div {
                        Node.dt { t("Current streak") }
                        Node.dd { tPlural("{count} day", "{count} days", count: model.currentStreak) }
                    }
                    Node.div {
                        Node.dt { t("Best streak") }
                        Node.dd { tPlural("{count} day", "{count} days", count: model.bestStreak) }
                    }
                    Node.div {
                        Node.dt { t("Strength") }
                        Node.dd { model.percent(whole: model.strengthPercent) }
                    }
                }
            }
        }
    }

    /// A measurement's values over the last year as a line (presentation attributes only, as the
    /// strength chart), with its range and the values in words.
    static func measurementChart(_ panel: MeasurementPanel) -> Node {
        let width = 320.0
        let height = 120.0
        let positions = panel.points.map { $0.position(in: panel, width: width, height: height) }
        let points = positions.map { "\(TodayView.format(($0.x * 10).rounded() / 10)),\(TodayView.format(($0.y * 10).rounded() / 10))" }
        let first = DayText.text(panel.chartFrom, .dayMonthYear)
        let last = DayText.text(panel.chartThrough, .dayMonthYear)
        return Node.section(.class("panel"), .id("measurements"), .aria("labelledby", "measurements-title")) {
            Node.h2(.id("measurements-title")) { t("Values") }
            Node.figure(.class("strength-chart measurement-chart")) {
                Node.svg(
                    .viewBox("0 0 \(Int(width)) \(Int(height))"), .role("img"), .aria("label", panel.summary),
                    .attr("preserveAspectRatio", "none")
                ) {
                    for line in [0.25, 0.5, 0.75] {
                        Node.element(
                            "line",
                            [
                                .class("chart-grid"), .attr("x1", "0"), .attr("x2", String(Int(width))),
                                .attr("y1", TodayView.format(height * line)),
                                .attr("y2", TodayView.format(height * line)), .attr("vector-effect", "non-scaling-stroke"),
                            ], [])
                    }
                    if points.count > 1 {
                        Node.element(
                            "polyline",
                            [
                                .class("chart-line"), .attr("points", points.joined(separator: " ")), .attr("fill", "none"),
                                .attr("stroke-width", "2"), .attr("vector-effect", "non-scaling-stroke"), .attr("stroke-linejoin", "round"),
                            ], [])
                    }
                    if let end = positions.last {
                        Node.element(
                            "circle",
                            [
                                .class("chart-dot"), .attr("cx", TodayView.format((end.x * 10).rounded() / 10)),
                                .attr("cy", TodayView.format((end.y * 10).rounded() / 10)), .attr("r", "3"),
                            ], [])
                    }
                }
                Node.div(.class("legend"), .aria("hidden", "true")) {
                    Node.span { first }
                    Node.span {
                        panel.points.isEmpty
                            ? t("no values yet")
                            : t("{low} to {high}", context: "value range", ["low": panel.lowText, "high": panel.highText])
                    }
                    Node.span { last }
                }
                Node.figcaption(.class("visually-hidden")) { panel.summary }
            }
        }
    }

    /// A period's name as the values table's links say it.
    static func periodTitle(_ period: TotalsPeriod) -> String {
        switch period {
        case .week: t("Week", context: "period")
        case .month: t("Month", context: "period")
        case .year: t("Year", context: "period")
        }
    }

    /// The lowest, average and highest value per week, month or year (chosen by links, no script).
    static func measurementTable(_ panel: MeasurementPanel) -> Node {
        Node.section(.class("panel"), .id("measurement-stats"), .aria("labelledby", "measurement-stats-title")) {
            Node.h2(.id("measurement-stats-title")) { t("Lowest, average, highest{unit}", ["unit": panel.unitSuffix]) }
            Node.nav(.class("modes"), .aria("label", t("Values by"))) {
                for (period, link) in panel.periodLinks {
                    if period == panel.period {
                        Node.a(.href(link), .aria("current", "true")) { periodTitle(period) }
                    } else {
                        Node.a(.href(link)) { periodTitle(period) }
                    }
                }
            }
            Node.div(
                .class("table-scroll"), .attr("tabindex", "0"), .role("region"), .aria("label", t("Lowest, average and highest values"))
            ) {
                Node.table(.class("measurement-table")) {
                    Node.thead {
                        Node.tr {
                            Node.th(.attr("scope", "col")) { t("Period", context: "column") }
                            Node.th(.attr("scope", "col")) { t("Days", context: "column") }
                            Node.th(.attr("scope", "col")) { t("Lowest", context: "column") }
                            Node.th(.attr("scope", "col")) { t("Average", context: "column") }
                            Node.th(.attr("scope", "col")) { t("Highest", context: "column") }
                        }
                    }
                    Node.tbody {
                        for row in panel.rows {
                            Node.tr {
                                Node.th(.attr("scope", "row")) { row.period }
                                Node.td { String(row.count) }
                                Node.td { row.minimum }
                                Node.td { row.average }
                                Node.td { row.maximum }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The chosen day's check-in (today's by default): the ring (a tap, as on the Today card),
    /// the status and value in words, the value field with −1 and +1, reset and skip, and a
    /// field to choose another day. The section carries the Today card's id, so the forms' 303
    /// (`#habit-ID`) lands on it.
    static func checkIn(_ model: HabitPage, session: SessionInfo) -> Node {
        let checkIn = model.checkIn
        return Node.section(.class("panel checkin"), .id("habit-\(model.id)"), .aria("labelledby", "checkin-title")) {
            Node.h2(.id("checkin-title")) { checkIn.title }
            Node.div(.class("checkin-row is-\(checkIn.status.rawValue)")) {
                DayEntryView.tap(
                    action: checkIn.tapAction, id: model.id, label: checkIn.tapLabel, progress: checkIn.progress, emoji: model.emoji,
                    csrfToken: session.csrfToken, returnPath: checkIn.returnPath)
                Node.p(.class("card-value")) {
                    Node.span(.class("status status-\(checkIn.status.rawValue)")) { checkIn.statusLabel }
                    " · \(checkIn.valueText)"
                }
            }
            DayEntryView.value(checkIn.entry, csrfToken: session.csrfToken, returnPath: checkIn.returnPath)
            Node.div(.class("day-actions")) {
                Node.form(.method("post"), .action(checkIn.resetAction), .data("enhance", "")) {
                    Layout.csrfField(session)
                    Node.input(.type("hidden"), .name("return"), .value(checkIn.returnPath))
                    Node.button(.type("submit"), .id("reset-\(model.id)")) { t("Reset this day") }
                }
                Node.form(.method("post"), .action(checkIn.skipAction), .data("enhance", "")) {
                    Layout.csrfField(session)
                    Node.input(.type("hidden"), .name("return"), .value(checkIn.returnPath))
                    Node.input(.type("hidden"), .name("skip"), .value(checkIn.isSkipped ? "false" : "true"))
                    Node.button(.type("submit"), .id("skip-\(model.id)")) { checkIn.isSkipped ? t("Unskip this day") : t("Skip this day") }
                }
                Node.a(.class("button"), .href("#note-form")) { t("Note for this day") }
            }
            // Any day from 2000 on, without JavaScript or a long press: the back-filled days
            // before the habit's creation too.
            Node.form(.method("get"), .action(WebPaths.habit(model.id)), .class("day-picker")) {
                Node.label(.for("choose-day")) { t("Another day") }
                Node.div(.class("entry-row")) {
                    Node.input(
                        .type("date"), .id("choose-day"), .name("day"), .value(checkIn.day.iso),
                        .attr("min", model.recordable.lowerBound.iso), .attr("max", model.recordable.upperBound.iso), .required)
                    Node.button(.type("submit"), .id("choose-day-show")) { t("Show") }
                }
            }
        }
    }

    /// A calendar's days (the week strip, the month grid): each day that can be recorded on is
    /// a button that taps it (as the Today card's ring does) and comes back to the page with
    /// that day chosen, at the check-in panel (the day forms' `#habit-ID`); a long press
    /// (app.js: `data-day-link`) only chooses it. One form, each button with its own
    /// `formaction` and `return`.
    static func days(
        _ model: HabitPage, _ cells: [TodayPage.Cell], list: String, label: String, anchor: String, letters: Bool, session: SessionInfo
    ) -> Node {
        let habit = model.habit.id
        let month = Self.month(of: model)
        return Node.form(.method("post"), .action(WebPaths.habit(model.id)), .class("day-taps"), .data("enhance", "")) {
            Layout.csrfField(session)
            Node.ol(.class(list), .aria("label", label)) {
                for cell in cells {
                    Node.li(.classes(TodayView.cellClasses(cell)), .title(cell.label)) {
                        if !cell.isFuture && model.recordable.contains(cell.day) {
                            let link = HabitPage.dayLink(habit, day: cell.day, month: month)
                            Node.button(
                                .type("submit"), .class("day-tap"), .id("\(anchor)-\(cell.day.iso)"),
                                .attr("formaction", WebPaths.tap(habit, cell.day)), .name("return"),
                                .value(link),
                                .data("day-link", link + "#checkin-title"),
                                .aria("label", t("{day}. {action}", ["day": cell.label, "action": model.tapAction(value: cell.value)]))
                            ) {
                                if letters { Node.span(.aria("hidden", "true")) { cell.letter } }
                                Node.span(.class("dot"), .aria("hidden", "true")) { String(cell.number) }
                            }
                        } else {
                            if letters { Node.span(.aria("hidden", "true")) { cell.letter } }
                            Node.span(.class("dot"), .aria("hidden", "true")) { String(cell.number) }
                            Node.span(.class("visually-hidden")) { cell.label }
                        }
                    }
                }
            }
        }
    }

    /// The first day of the month the page shows (`monthKey`).
    private static func month(of model: HabitPage) -> Day {
        (try? Day(iso: model.monthKey + "-01")) ?? model.checkIn.day.firstOfMonth
    }

    static func month(_ model: HabitPage, session: SessionInfo) -> Node {
        Node.section(.class("panel"), .id("month"), .aria("labelledby", "month-title")) {
            Node.div(.class("panel-nav")) {
                Node.a(.href(model.previousMonthLink), .aria("label", t("Previous month"))) { "‹" }
                Node.h2(.id("month-title")) { model.monthTitle }
                if let next = model.nextMonthLink {
                    Node.a(.href(next), .aria("label", t("Next month"))) { "›" }
                } else {
                    Node.span(.class("placeholder")) { "" }
                }
            }
            Node.div(.class("month-head"), .aria("hidden", "true")) {
                for cell in model.month.prefix(7) { Node.span { cell.letter } }
            }
            days(model, model.month, list: "month", label: model.monthTitle, anchor: "month", letters: false, session: session)
            Node.p(.class("hint")) {
                t("Tap a day to record it as on Today; hold it (or choose it under “Another day”) for its value, skip or note.")
            }
        }
    }

    static func year(_ model: HabitPage) -> Node {
        let size = 10
        let gap = 2
        let columns = (model.year.last?.column ?? 0) + 1
        return Node.section(.class("panel"), .aria("labelledby", "year-title")) {
            Node.h2(.id("year-title")) { t("Year", context: "year grid") }
            Node.figure(.class("year-grid")) {
                // On a phone the year does not fit at a readable cell size: it scrolls sideways,
                // starting at the latest weeks (app.css), and takes keyboard focus to scroll.
                Node.div(.class("year-scroll"), .attr("tabindex", "0"), .role("group"), .aria("label", t("Year grid, scrolls sideways"))) {
                    Node.svg(
                        .viewBox("0 0 \(columns * (size + gap)) \(7 * (size + gap))"), .role("img"), .aria("label", model.yearSummary),
                        .attr("preserveAspectRatio", "xMinYMin meet")
                    ) {
                        for cell in model.year {
                            Node.rect(
                                .class(cell.cssClass), .attr("x", String(cell.column * (size + gap))),
                                .attr("y", String(cell.row * (size + gap))),
                                .attr("width", String(size)), .attr("height", String(size)), .attr("rx", "2")
                            ) {
                                Node.element("title", [], [.text(cell.label)])
                            }
                        }
                    }
                }
                Node.figcaption(.class("hint")) { model.yearSummary }
            }
        }
    }

    static func strength(_ model: HabitPage) -> Node {
        let width = 320.0
        let height = 120.0
        let count = max(model.strength.count - 1, 1)
        let points = model.strength.enumerated().map { index, point in
            "\(TodayView.format((Double(index) / Double(count) * width * 10).rounded() / 10)),\(TodayView.format(((1 - point.value) * height * 10).rounded() / 10))"
        }
        // The axis spans a year: its ends say which ("16 Jun 2024 … 15 Jun 2025").
        let first = model.strength.first.map { DayText.text($0.day, .dayMonthYear) } ?? ""
        let last = model.strength.last.map { DayText.text($0.day, .dayMonthYear) } ?? ""
        let summary = t(
            "Strength over the last year, week by week: from {first} on {firstDay} to {last} on {lastDay}.",
            [
                "first": model.percent(model.strength.first?.value ?? 0), "firstDay": first,
                "last": model.percent(whole: model.strengthPercent), "lastDay": last,
            ])
        return Node.section(.class("panel"), .aria("labelledby", "strength-title")) {
            Node.h2(.id("strength-title")) { t("Strength") }
            Node.figure(.class("strength-chart")) {
                Node.svg(
                    .viewBox("0 0 \(Int(width)) \(Int(height))"), .role("img"), .aria("label", summary),
                    .attr("preserveAspectRatio", "none")
                ) {
                    for line in [0.25, 0.5, 0.75] {
                        Node.element(
                            "line",
                            [
                                .class("chart-grid"), .attr("x1", "0"), .attr("x2", String(Int(width))),
                                .attr("y1", TodayView.format(height * line)),
                                .attr("y2", TodayView.format(height * line)), .attr("vector-effect", "non-scaling-stroke"),
                            ], [])
                    }
                    Node.element(
                        "polyline",
                        [
                            .class("chart-line"), .attr("points", points.joined(separator: " ")), .attr("fill", "none"),
                            .attr("stroke-width", "2"), .attr("vector-effect", "non-scaling-stroke"), .attr("stroke-linejoin", "round"),
                        ], [])
                }
                Node.div(.class("legend"), .aria("hidden", "true")) {
                    Node.span { first }
                    Node.span { t("{percent} at the top", ["percent": model.percent(whole: 100)]) }
                    Node.span { last }
                }
                Node.figcaption(.class("visually-hidden")) { summary }
            }
        }
    }

    /// The totals of the last weeks, months or years as bars (the largest fills the height), the
    /// period chosen by links (no script needed), each bar's label and total under it, and the
    /// totals in words for screen readers.
    static func totals(_ model: HabitPage) -> Node {
        let totals = model.totals
        return Node.section(.class("panel"), .id("totals"), .aria("labelledby", "totals-title")) {
            Node.h2(.id("totals-title")) { t("Totals") }
            Node.nav(.class("modes"), .aria("label", t("Totals by"))) {
                for choice in totals.choices {
                    if choice.period == totals.period {
                        Node.a(.href(choice.link), .aria("current", "true")) { choice.label }
                    } else {
                        Node.a(.href(choice.link)) { choice.label }
                    }
                }
            }
            Node.figure(.class("totals-chart")) {
                bars(totals.bars.map(\.amount), width: 320, summary: totals.summary)
                Node.ol(.class("totals-legend"), .aria("hidden", "true")) {
                    for total in totals.bars {
                        Node.li {
                            Node.span(.class("total-label")) { total.label }
                            Node.span { total.text }
                        }
                    }
                }
                Node.figcaption(.class("visually-hidden")) { totals.summary }
            }
        }
    }

    /// Days with a value by weekday as bars (the most-recorded weekday fills the height), each
    /// weekday's count under its bar, and the counts in words for screen readers.
    static func weekdays(_ model: HabitPage) -> Node {
        let summary = t(
            "Days with a value, by weekday: {counts}.", ["counts": model.weekdays.map { "\($0.name) \($0.count)" }.joined(separator: ", ")])
        return Node.section(.class("panel"), .aria("labelledby", "weekdays-title")) {
            Node.h2(.id("weekdays-title")) { t("By weekday") }
            Node.figure(.class("weekday-chart")) {
                bars(model.weekdays.map { Double($0.count) }, width: 280, summary: summary)
                Node.div(.class("legend weekday-legend"), .aria("hidden", "true")) {
                    for day in model.weekdays {
                        Node.span {
                            Node.span(.class("weekday-name")) { day.shortName }
                            Node.span { String(day.count) }
                        }
                    }
                }
                Node.figcaption(.class("visually-hidden")) { summary }
            }
        }
    }

    /// A bar chart of `amounts` in SVG (presentation attributes only: CSP-safe), 100 units high,
    /// the largest amount filling the height, an image labelled by `summary`.
    static func bars(_ amounts: [Double], width: Double, summary: String) -> Node {
        let height = 100.0
        let slot = width / Double(max(amounts.count, 1))
        let bar = slot * 0.6
        let most = max(amounts.max() ?? 0, 1)
        func tenths(_ value: Double) -> String { TodayView.format((value * 10).rounded() / 10) }
        return Node.svg(
            .viewBox("0 0 \(Int(width)) \(Int(height))"), .role("img"), .aria("label", summary),
            .attr("preserveAspectRatio", "none")
        ) {
            for (index, amount) in amounts.enumerated() {
                let barHeight = (amount / most * height * 10).rounded() / 10
                Node.element(
                    "rect",
                    [
                        .class("chart-bar"), .attr("x", tenths(Double(index) * slot + (slot - bar) / 2)),
                        .attr("y", TodayView.format(height - barHeight)), .attr("width", tenths(bar)),
                        .attr("height", TodayView.format(barHeight)),
                    ], [])
            }
        }
    }

    static func statistics(_ model: HabitPage) -> Node {
        Node.section(.class("panel"), .aria("labelledby", "stats-title")) {
            Node.h2(.id("stats-title")) { t("Statistics") }
            Node.dl(.class("stats")) {
                for stat in model.stats {
                    Node.div {
                        Node.dt { stat.label }
                        Node.dd { stat.value }
                    }
                }
            }
        }
    }

    static func notes(_ model: HabitPage, session: SessionInfo) -> Node {
        let form = model.noteForm
        return Node.section(.class("panel"), .aria("labelledby", "notes-title")) {
            Node.h2(.id("notes-title")) { t("Notes") }
            if model.notes.isEmpty {
                Node.p(.class("hint")) { t("No notes yet.") }
            } else {
                Node.ul(.class("notes")) {
                    for note in model.notes {
                        Node.li {
                            Node.div(.class("note-head")) {
                                Node.time(.datetime(note.day.iso)) { note.date }
                                Node.a(
                                    .class("button small"), .href(note.editLink),
                                    .aria("label", t("Edit the note of {date}", ["date": note.date]))
                                ) {
                                    t("Edit")
                                }
                            }
                            Node.p { note.text }
                        }
                    }
                }
            }
            Node.form(.method("post"), .action(WebPaths.habitNote(model.id)), .class("note-form"), .id("note-form"), .data("enhance", "")) {
                Layout.csrfField(session)
                Node.h3 { t("Note for a day") }
                if let error = form.error {
                    Node.p(.class("error"), .id("note-error"), .role("alert")) { error }
                }
                Node.div(.class("field")) {
                    Node.label(.for("note-day")) { t("Day", context: "note field") }
                    Node.input(.type("date"), .id("note-day"), .name("day"), .value(form.day), .attr("max", form.latest), .required)
                }
                Node.div(.class("field")) {
                    Node.label(.for("note-text")) { t("Note", context: "note field") }
                    Node.textarea(
                        .id("note-text"), .name("note"), .attr("rows", "3"), .maxlength(Entry.maximumNoteLength),
                        .aria("describedby", form.error == nil ? "note-hint" : "note-hint note-error")
                    ) { form.text }
                    Node.p(.class("hint"), .id("note-hint")) { t("Saving an empty note clears that day's note.") }
                }
                Node.button(.type("submit"), .class("primary")) { t("Save note") }
            }
        }
    }
}
