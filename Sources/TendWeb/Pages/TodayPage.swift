import Foundation
import TendAPI
import TendCore
import TendStore
import TendWords

/// Everything the Today page shows for one day, as display values and links: built from the
/// store's data by ``init(input:)``, rendered by ``TodayView``.
struct TodayPage: Sendable, Hashable {
    /// What the page is built from.
    struct Input: Sendable {
        var habits: [TrackedHabit]
        var routines: [Routine]
        var tipState: TipState
        var settings: UserSettings
        var now: Date
        var day: Day
        var modes: CardModes
        var csrfToken: String
        var choice = TodayChoice()
        /// The owner's groups in order (``TendStore/groups(owner:)``).
        var groups: [HabitGroup] = []
        /// The habits' held versions (``HeldHabits/Snapshot/versions``) and where statuses worked
        /// out for them are kept between pages.
        var versions: [Habit.ID: UInt64] = [:]
        var memo: TodayMemo? = nil
        /// The owner's op log position read before the data (``HeldHabits/Position``): the page
        /// shows every operation up to it. `nil` when the page was read without one.
        var position: Int64? = nil
    }

    struct Navigation: Sendable, Hashable {
        var title: String
        var subtitle: String
        var previous: String
        var previousLabel: String
        /// `nil` on today: the page does not go into the future.
        var next: String?
        var nextLabel: String
        /// A way back to today, when another day is shown.
        var today: String?
    }

    struct Score: Sendable, Hashable {
        /// 0…100, `nil` when nothing is due.
        var percent: Int?
        /// `percent` in the user's locale's style ("25%", "25 %"), "–" when nothing is due.
        var percentText: String
        var met: Int
        var due: Int
        var text: String
    }

    struct HeatmapCell: Sendable, Hashable {
        var day: Day
        var column: Int
        var row: Int
        /// `nil`: nothing due (or later than today).
        var score: Double?
        var isFuture: Bool
        var isShown: Bool
        /// How the score is written in the label.
        var percent: PercentText

        /// "Sunday, 15 June 2025: 80%": made when the cell is written, which a week whose cells a
        /// server already wrote is not (200 labels would weigh on a page after a change).
        var label: String {
            score.map { t("{date}: {percent}", ["date": longDate(day), "percent": percent($0)]) }
                ?? t("{date}: nothing due", ["date": longDate(day)])
        }
    }

    struct Heatmap: Sendable, Hashable {
        var cells: [HeatmapCell]
        var columns: Int
        /// Weekday letters in the user's week order (rows).
        var rowLetters: [String]
        var summary: String
        var firstLabel: String
        var lastLabel: String
    }

    struct TipItem: Sendable, Hashable {
        var id: String
        var title: String
        var message: String
    }

    struct Cell: Sendable, Hashable {
        var day: Day
        var letter: String
        var number: Int
        var status: DayStatus
        var isPartial: Bool
        var isInMonth: Bool
        var isFuture: Bool
        var isShown: Bool
        var label: String
        /// The day's recorded value (what a tap on the cell starts from).
        var value: Amount = 0
    }

    struct Card: Sendable, Hashable {
        var id: String
        var name: String
        var emoji: String
        var color: HabitColor
        var status: DayStatus
        var statusLabel: String
        var valueText: String
        /// 0…1, the ring's fill.
        var progress: Double
        var tapLabel: String
        var tapAction: String
        var resetAction: String
        var skipAction: String
        var isSkipped: Bool
        var editLink: String
        var deleteLink: String
        var mode: CardMode
        var modeLinks: [ModeLink]
        /// The 7 days ending on the shown day (weekly mode).
        var week: [Cell]
        /// The month grid (monthly mode).
        var month: [Cell]
        var monthTitle: String
        /// −1, a typed value and the day's note (the card's menu).
        var entry: DayEntryControls
        /// What app.js needs to apply a tap made offline to the card as the server would.
        var offline: OfflineFacts
        /// The memo key it was made under (``TodayMemo``), when made from a held habit version:
        /// cards made under one key are equal, which spares comparing them field by field. Not
        /// part of the card's value (equal cards are equal whatever key they were made under).
        var memo = MemoTag()
    }

    /// A card's ``TodayMemo/CardKey``, left out of its equality and hash.
    struct MemoTag: Sendable, Hashable {
        var key: TodayMemo.CardKey?

        static func == (lhs: MemoTag, rhs: MemoTag) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    /// The habit and day behind a card, as app.js reads them (`data-*` on the card) to work out a
    /// tap, −1 or reset offline with TendCore's rules and show the result before the server has it.
    struct OfflineFacts: Sendable, Hashable {
        var day: Day
        var value: Amount
        var kind: HabitKind
        var type: HabitType
        var target: Amount
        var unit: String
        var step: Amount
        /// How the page writes a decimal ("," in de_DE): app.js writes the card's words the same way.
        var decimalMark: String
        /// The day has passed (an unmet good habit is then missed, not to do).
        var isPast: Bool
        /// A quota habit ("3 times a week"): its status depends on the period, which the page
        /// cannot work out, so app.js leaves the status as the server said.
        var isQuota: Bool
    }

    struct ModeLink: Sendable, Hashable {
        var mode: CardMode
        var link: String
    }

    /// The by-time/by-group switch and the tag filter above the cards (shown when the person has
    /// groups or tags).
    struct ViewControls: Sendable, Hashable {
        var byGroup: Bool
        var byTimeLink: String
        var byGroupLink: String
        var hasGroups: Bool
        /// Every tag of the active habits, sorted, and the one chosen.
        var tags: [String]
        var tag: String?
        var date: Day?
    }

    struct Group: Sendable, Hashable {
        /// A section by group: its day score in words, and it folds (`<details>`).
        var scoreText: String? = nil
        var routineTime: RoutineTime
        /// The heading's id: `group-morning`, or `group-routine-<id>` for a routine's habits.
        var anchor: String
        var title: String
        var isCurrent: Bool
        var cards: [Card]
        /// A routine's walk-through (its "Start"), for a routine's group.
        var startLink: String? = nil
    }

    /// A habit resting on the shown day, listed apart from the day's cards.
    struct PausedRow: Sendable, Hashable {
        var id: String
        var name: String
        var emoji: String
        var color: HabitColor
        /// "Paused until Thu, 19 Mar 2026 · due again Fri, 20 Mar 2026".
        var text: String
        var link: String
        /// Set on today: the resume form's action (an earlier day's page only shows the pause).
        var resumeAction: String?
    }

    /// A habit that is only measured: its value on the shown day, or the latest one, and a field
    /// to record the day's.
    struct MeasurementRow: Sendable, Hashable {
        var id: String
        var name: String
        var emoji: String
        var color: HabitColor
        /// "72,4 kg", or "Last 72,6 kg on Sun, 6 Dec 2026", or "Nothing recorded yet".
        var text: String
        var link: String
        var entry: DayEntryControls
    }

    var day: Day
    var today: Day
    var navigation: Navigation
    var paused: [PausedRow]
    var measurements: [MeasurementRow]
    var score: Score
    var heatmap: Heatmap
    var tips: [TipItem]
    var groups: [Group]
    var controls: ViewControls?
    /// The user has no active habit at all (not merely none due today).
    var hasNoHabits: Bool
    /// Where forms on this page come back to.
    var returnPath: String
    var csrfToken: String
    /// The quick-add form (as typed, with its message, when a post was refused).
    var quickAdd = QuickAddForm()
    /// When the day this page shows as today ends (`nil` for an earlier day): on
    /// `<main data-day-ends>` (ms since 1970), where app.js fetches the page again.
    var dayEnds: Date?
    /// Said when a form of this page's older copy came after its day ended (``StaleDayForm``).
    var stale: StaleDayNotice?
    /// ``Input/position``: on `<main data-position>`, where app.js tells which of the taps it
    /// pushed a page already shows.
    var position: Int64?

    /// Days the heatmap shows (Void.'s 200, ending on the shown day).
    static let heatmapDays = 200
    /// How far back tips look at history (streaks, misses).
    static let tipLookback = TipContext.lookback

    /// The first and last day whose statuses the page shows, for the windowed load (the tips'
    /// look-back only while some tip may still be shown).
    /// The cards' values are read for the shown day, and the week or month grid when a card
    /// shows one (`modes`); the other days need only their statuses, which the stores read off
    /// the habits' summaries (the window carries the calendar).
    static func window(
        day: Day, today: Day, calendar: TendCalendar, tips: TipState = TipState(), modes: CardModes = CardModes()
    ) -> HistoryWindow {
        let monthEnd = calendar.endOfWeek(for: day.lastOfMonth)
        var from = min(day.adding(days: 1 - heatmapDays), calendar.startOfWeek(for: day.firstOfMonth))
        if mayShowTips(tips) { from = min(from, today.adding(days: -tipLookback)) }
        var valuesFrom = day
        if modes.modes.values.contains(.weekly) { valuesFrom = day.adding(days: -6) }
        if modes.modes.values.contains(.monthly) { valuesFrom = min(valuesFrom, calendar.startOfWeek(for: day.firstOfMonth)) }
        return HistoryWindow(from: from, through: max(day, monthEnd), today: today, calendar: calendar, valuesFrom: valuesFrom)
    }

    /// Whether any tip is not retired yet (otherwise their rules need not be evaluated).
    static func mayShowTips(_ state: TipState) -> Bool {
        TipCatalog.all.contains { !state.isRetired($0.id) }
    }

    init(input: Input) {
        let settings = input.settings
        let calendar = settings.calendar
        let today = settings.today(now: input.now)
        let day = input.day
        self.day = day
        self.today = today
        csrfToken = input.csrfToken
        position = input.position
        dayEnds = day == today ? settings.endOfToday(now: input.now) : nil
        let link = { (shown: Day) in shown == today ? WebPaths.today() : WebPaths.today() + "?date=\(shown.iso)" }
        returnPath = link(day)

        navigation = Navigation(
            title: Self.relativeTitle(day, today: today), subtitle: Self.longDate(day),
            previous: link(day.previous), previousLabel: t("Previous day, {date}", ["date": Self.longDate(day.previous)]),
            next: day < today ? link(day.next) : nil, nextLabel: t("Next day, {date}", ["date": Self.longDate(day.next)]),
            today: day == today ? nil : WebPaths.today())

        let everyActive = input.habits.filter { !$0.habit.isArchived }
        let allTags = HabitTags.normalized(everyActive.flatMap(\.habit.tags))
        // A tag no habit has any more (removed on another device) shows every habit.
        let tag = input.choice.tag.flatMap { chosen in allTags.first { HabitTags.key($0) == chosen } }
        let active = tag.map { tag in everyActive.filter { HabitFilter(tag: tag).matches($0.habit) } } ?? everyActive
        let hasGroups = everyActive.contains { !$0.habit.group.isEmpty }
        let dateQuery = day == today ? "" : "&date=\(day.iso)"
        let tagQuery = tag.map { "&tag=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? ""
        controls =
            hasGroups || !allTags.isEmpty
            ? ViewControls(
                byGroup: input.choice.byGroup && hasGroups, byTimeLink: WebPaths.todayChoice() + "?by=time" + tagQuery + dateQuery,
                byGroupLink: WebPaths.todayChoice() + "?by=groups" + tagQuery + dateQuery, hasGroups: hasGroups, tags: allTags, tag: tag,
                date: day == today ? nil : day)
            : nil
        // The statuses the heatmap, the tips and the day's list show, worked out once per habit.
        let showsTips = Self.mayShowTips(input.tipState)
        let spans = Self.statusSpans(
            active, from: min(day.adding(days: 1 - Self.heatmapDays), showsTips ? today.adding(days: -Self.tipLookback) : day),
            through: today, today: today, calendar: calendar, versions: input.versions, memo: input.memo)
        let plan = TodayPlan(
            habits: active, day: day, today: today, current: RoutineTime.current(at: input.now, in: calendar), calendar: calendar,
            routines: input.routines, spans: spans)
        paused = plan.paused.map { item in
            PausedRow(
                id: item.habit.id.description, name: item.habit.name, emoji: item.habit.emoji, color: item.habit.color,
                text: item.until.map {
                    t("Paused until {date} · due again {next}", ["date": PausePanel.date($0), "next": PausePanel.date($0.next)])
                } ?? t("Paused until resumed"),
                link: WebPaths.habit(item.habit.id),
                resumeAction: day == today ? WebPaths.resumeHabit(item.habit.id) : nil)
        }
        let items = plan.groups.flatMap(\.items)
        let due = items.filter { $0.status.isDue }
        let met = due.filter { $0.status == .met }.count
        let percent = plan.score.map { Int(($0 * 100).rounded()) }
        let percentStyle = PercentText(locale: input.settings.locale)
        let amounts = AmountStyle(locale: input.settings.locale)
        measurements = plan.measurements.map { item in
            let habit = item.habit
            let text: String
            if let value = item.value {
                text = Self.valueText(habit, value: value, amounts: amounts)
            } else if let last = item.lastValue, let lastDay = item.lastDay {
                text = t(
                    "Last {value} on {date}",
                    ["value": Self.valueText(habit, value: last, amounts: amounts), "date": PausePanel.date(lastDay)])
            } else {
                text = t("Nothing recorded yet")
            }
            return MeasurementRow(
                id: habit.id.description, name: habit.name, emoji: habit.emoji, color: habit.color, text: text,
                link: WebPaths.habit(habit.id),
                entry: DayEntryControls(habit: habit, day: day, value: item.value ?? 0, note: nil, amounts: amounts))
        }
        score = Score(
            percent: percent, percentText: percent.map { percentStyle(whole: $0) } ?? "–", met: met, due: due.count,
            text: due.isEmpty
                ? (day == today ? t("Nothing is due today.") : t("Nothing is due this day."))
                : tPlural(
                    "{done} of {count} due habit done.", "{done} of {count} due habits done.", count: due.count, ["done": String(met)]))

        heatmap = Self.heatmap(active, day: day, today: today, calendar: calendar, percent: percentStyle, spans: spans)
        hasNoHabits = everyActive.isEmpty

        if showsTips {
            let facts = active.map { tracked in
                TodayMemo.kept(input.memo?.tipFacts, input.versions[tracked.id].map { TodayMemo.TipFactsKey(version: $0, today: today) }) {
                    TipContext.HabitFacts(tracked, today: today, calendar: calendar, spans: spans)
                }
            }
            let tipContext = TipContext(facts: facts, routineCount: input.routines.count)
            tips = TipCatalog.eligibleTips(in: tipContext, state: input.tipState).prefix(2).map {
                TipItem(id: $0.id.rawValue, title: $0.title, message: $0.message)
            }
        } else {
            tips = []
        }

        let trackedByID = Dictionary(uniqueKeysWithValues: active.map { ($0.id, $0) })
        let returnPath = returnPath
        let cards = { (items: [TodayPlan.Item]) in
            items.map { item in
                let mode = input.modes[item.habit.id]
                let key = input.versions[item.habit.id].map {
                    TodayMemo.CardKey(
                        version: $0, day: day, today: today, mode: mode, returnPath: returnPath, decimalMark: amounts.decimalMark,
                        language: Words.current.language)
                }
                return TodayMemo.kept(input.memo?.cards, key) {
                    var card = Self.card(
                        item, tracked: trackedByID[item.habit.id]!, day: day, today: today, calendar: calendar, mode: mode,
                        returnPath: returnPath, amounts: amounts)
                    card.memo.key = input.memo == nil ? nil : key
                    return card
                }
            }
        }
        if controls?.byGroup == true {
            let sections = TodayGroupSection.sections(of: plan, groups: input.groups, habits: active, today: today, calendar: calendar)
            groups = sections.map { section in
                let due = section.items.filter { $0.status.isDue }
                let met = due.filter { $0.status == .met }.count
                let percent = section.score.map { percentStyle(whole: Int(($0 * 100).rounded())) }
                return Group(
                    scoreText: percent.map {
                        t("{done} of {due} · {percent}", ["done": String(met), "due": String(due.count), "percent": $0])
                    } ?? t("nothing due"),
                    routineTime: .anytime,
                    anchor: "group-area-" + (section.group.map { Self.anchorText($0.key) } ?? "none"),
                    title: section.group.map { ($0.emoji.isEmpty ? "" : $0.emoji + " ") + $0.name } ?? t("No group"),
                    isCurrent: false, cards: cards(section.items))
            }
        } else {
            groups = plan.groups.map { group in
                Group(
                    routineTime: group.routineTime,
                    anchor: group.routine.map { "group-routine-\($0.id)" } ?? "group-\(group.routineTime.rawValue)",
                    title: group.routine.map { "\($0.name) · \($0.start)" } ?? Self.title(of: group.routineTime),
                    isCurrent: group.routine == nil && group.routineTime == plan.current, cards: cards(group.items),
                    startLink: group.routine.map { RoutineRunPage.link($0.id, day: day) })
            }
        }
    }

    /// A group's key as an id: letters and digits kept, the rest as their code points.
    static func anchorText(_ key: String) -> String {
        key.unicodeScalars.map { scalar in
            scalar.isASCII && CharacterSet.alphanumerics.contains(scalar) ? String(scalar) : "-\(scalar.value)"
        }.joined()
    }

    /// Each habit's statuses of `from…through`: kept in `memo` under its held version, so the
    /// page after a check-in works out only the changed habit's.
    static func statusSpans(
        _ habits: [TrackedHabit], from: Day, through: Day, today: Day, calendar: TendCalendar, versions: [Habit.ID: UInt64],
        memo: TodayMemo?
    ) -> StatusSpans {
        var spans = StatusSpans()
        for tracked in habits {
            let key = versions[tracked.id].map { TodayMemo.StatusKey(version: $0, from: from, through: through, today: today) }
            let statuses = TodayMemo.kept(memo?.statuses, key) {
                tracked.statuses(from: from, through: through, today: today, calendar: calendar)
            }
            spans.set(statuses, from: from, for: tracked.id)
        }
        return spans
    }

    // MARK: Cards

    static func card(
        _ item: TodayPlan.Item, tracked: TrackedHabit, day: Day, today: Day, calendar: TendCalendar, mode: CardMode, returnPath: String,
        amounts: AmountStyle
    ) -> Card {
        let habit = item.habit
        let modeQuery = day == today ? "" : "?date=\(day.iso)"
        let week =
            mode == .weekly
            ? tracked.weekStrip(endingOn: day, today: today, calendar: calendar).map { cell(tracked, $0, shown: day, amounts: amounts) }
            : []
        let month =
            mode == .monthly
            ? tracked.monthGrid(containing: day, today: today, calendar: calendar).map { cell(tracked, $0, shown: day, amounts: amounts) }
            : []
        return Card(
            id: habit.id.description, name: habit.name, emoji: habit.emoji, color: habit.color, status: item.status,
            statusLabel: statusLabel(item.status, habit: habit),
            valueText: cardValueText(habit, value: item.value, period: item.period, amounts: amounts),
            progress: item.status == .skipped ? 0 : item.progress,
            tapLabel: tapLabel(habit, value: item.value, status: item.status, amounts: amounts),
            tapAction: WebPaths.tap(habit.id, day), resetAction: WebPaths.reset(habit.id, day), skipAction: WebPaths.skip(habit.id, day),
            isSkipped: item.status == .skipped, editLink: WebPaths.editHabit(habit.id), deleteLink: WebPaths.deleteHabit(habit.id),
            mode: mode, modeLinks: CardMode.allCases.map { ModeLink(mode: $0, link: WebPaths.cardMode(habit.id, $0) + modeQuery) },
            week: week, month: month, monthTitle: Self.monthTitle(day),
            entry: DayEntryControls(habit: habit, day: day, value: item.value, note: tracked.note(on: day), amounts: amounts),
            offline: OfflineFacts(
                day: day, value: item.value, kind: habit.kind, type: habit.type, target: habit.target, unit: habit.unit, step: habit.step,
                decimalMark: amounts.decimalMark, isPast: day < today, isQuota: item.period != nil))
    }

    static func cell(_ tracked: TrackedHabit, _ cell: DayCell, shown: Day, amounts: AmountStyle) -> Cell {
        let partial = cell.value > 0 && cell.status != .met && tracked.habit.kind == .good
        let date = longDate(cell.day)
        let label: String
        if cell.isFuture {
            label = t("{date}: to come", ["date": date])
        } else {
            let status = inSentence(statusLabel(cell.status, habit: tracked.habit))
            if cell.value > 0 {
                let value = valueText(tracked.habit, value: cell.value, amounts: amounts)
                label = t("{date}: {status}, {value}", ["date": date, "status": status, "value": value])
            } else {
                label = t("{date}: {status}", ["date": date, "status": status])
            }
        }
        return Cell(
            day: cell.day, letter: cell.letter, number: cell.day.dayOfMonth, status: cell.status, isPartial: partial,
            isInMonth: cell.isInMonth, isFuture: cell.isFuture, isShown: cell.day == shown, label: label, value: cell.value)
    }

    /// A label inside a sentence ("15 June: done", "it runs mon, wed"): English lowercases it; other
    /// languages keep it as written (a German noun keeps its capital).
    static func inSentence(_ label: String) -> String {
        Words.current.language == .english ? label.lowercased() : label
    }

    static func statusLabel(_ status: DayStatus, habit: Habit) -> String {
        switch status {
        case .met: habit.kind == .bad ? t("Within limit", context: "status") : t("Done", context: "status")
        case .pending: habit.kind == .bad ? t("Within limit so far", context: "status") : t("To do", context: "status")
        case .missed:
            habit.kind == .bad
                ? (habit.type == .checkmark ? t("Slipped", context: "status") : t("Over limit", context: "status"))
                : t("Missed", context: "status")
        case .skipped: t("Skipped", context: "status")
        case .satisfied: t("Done for this period", context: "status")
        case .notDue: t("Not due", context: "status")
        case .paused: t("Paused", context: "status")
        }
    }

    /// The card's words for the day: its value, and a quota habit's count in its period first
    /// ("1 of 3 this week" rather than a bare "Checked").
    static func cardValueText(_ habit: Habit, value: Amount, period: PeriodProgress?, amounts: AmountStyle) -> String {
        guard let period else { return valueText(habit, value: value, amounts: amounts) }
        return habit.type == .checkmark ? period.text : "\(period.text) · \(valueText(habit, value: value, amounts: amounts))"
    }

    /// The day's value in words: "3 / 8 glasses", "2,5 / 5 km" (in the person's locale), "12 / 30 min", "Done".
    static func valueText(_ habit: Habit, value: Amount, amounts: AmountStyle) -> String {
        // A measurement has no target to be read against: the value alone.
        if habit.isMeasurement {
            return habit.type == .duration ? duration(value) : amounts(value) + (habit.unit.isEmpty ? "" : " " + habit.unit)
        }
        switch habit.type {
        case .checkmark:
            if habit.kind == .bad {
                // A checkmark's value is whole (a count of slips).
                return value == 0
                    ? t("Not today") : tPlural("Slipped once", "Slipped {count} times", count: value.whole, ["count": amounts(value)])
            }
            return value >= 1 ? t("Checked") : t("Not checked")
        case .count:
            if habit.kind == .bad {
                return habit.unit.isEmpty
                    ? t("{value}, at most {target}", ["value": amounts(value), "target": amounts(habit.target)])
                    : t("{value} {unit}, at most {target}", ["value": amounts(value), "unit": habit.unit, "target": amounts(habit.target)])
            }
            return "\(amounts(value)) / \(amounts(habit.target))" + (habit.unit.isEmpty ? "" : " " + habit.unit)
        case .duration:
            return habit.kind == .bad
                ? t("{value}, at most {target}", ["value": duration(value), "target": duration(habit.target)])
                : "\(duration(value)) / \(duration(habit.target))"
        }
    }

    static func tapLabel(_ habit: Habit, value: Amount, status: DayStatus, amounts: AmountStyle) -> String {
        t(
            "{habit}: {value}. {action}",
            [
                "habit": habit.name, "value": valueText(habit, value: value, amounts: amounts),
                "action": tapAction(habit, value: value, amounts: amounts),
            ])
    }

    /// What one tap does to a day at `value`, in words ("Tap to add one (glasses)"). A good
    /// count or duration at its target stays there on a tap (an extra tap is more often a slip
    /// of the finger than one more glass): the words say so, and where to go past it.
    static func tapAction(_ habit: Habit, value: Amount, amounts: AmountStyle) -> String {
        switch habit.type {
        case .checkmark:
            if habit.kind == .bad { return value > 0 ? t("Tap to undo the slip") : t("Tap to record a slip") }
            return value >= 1 ? t("Tap to uncheck") : t("Tap to check")
        case .count, .duration:
            if habit.kind == .good, value >= habit.target, habit.target > 0 {
                let step = habit.type == .count && habit.step != 1 ? amounts(habit.step) : "1"
                return t("Target reached: a tap adds nothing more; the menu’s +{step} goes past it", ["step": step])
            }
            if habit.type == .duration { return t("Tap to add a minute") }
            if habit.step != 1 {
                return habit.unit.isEmpty
                    ? t("Tap to add {step}", ["step": amounts(habit.step)])
                    : t("Tap to add {step} {unit}", ["step": amounts(habit.step), "unit": habit.unit])
            }
            return habit.unit.isEmpty ? t("Tap to add one") : t("Tap to add one ({unit})", ["unit": habit.unit])
        }
    }

    /// Seconds as "45 s", "12 min", "12 min 30 s", "1 h 5 min" (app.js's `duration`).
    static func duration(_ seconds: Amount) -> String { DurationText.words(seconds.whole) }

    static func title(of time: RoutineTime) -> String {
        switch time {
        case .morning: t("Morning", context: "routine time")
        case .day: t("Day", context: "routine time")
        case .evening: t("Evening", context: "routine time")
        case .anytime: t("Any time", context: "routine time")
        }
    }

    // MARK: Heatmap

    static func heatmap(
        _ habits: [TrackedHabit], day: Day, today: Day, calendar: TendCalendar, percent: PercentText, spans: StatusSpans = StatusSpans()
    ) -> Heatmap {
        let first = day.adding(days: 1 - heatmapDays)
        let scores = DayScore.heatmap(habits, endingOn: day, days: heatmapDays, today: today, calendar: calendar, spans: spans)
        let gridStart = calendar.startOfWeek(for: first)
        let cells = zip(first...day, scores).map { cellDay, score in
            let offset = gridStart.days(to: cellDay)
            return HeatmapCell(
                day: cellDay, column: offset / 7, row: offset % 7, score: score, isFuture: cellDay > today, isShown: cellDay == day,
                percent: percent)
        }
        let judged = scores.compactMap { $0 }
        let average = judged.isEmpty ? nil : judged.reduce(0, +) / Double(judged.count)
        let summary =
            average.map {
                // English has always said "over 1 days": both forms alike keep it.
                tPlural(
                    "Day scores of the {days} days to {date}: {percent} on average over {count} days with habits due.",
                    "Day scores of the {days} days to {date}: {percent} on average over {count} days with habits due.",
                    count: judged.count, ["days": String(heatmapDays), "date": longDate(day), "percent": percent($0)])
            }
            ?? t("Day scores of the {days} days to {date}: no habit was due.", ["days": String(heatmapDays), "date": longDate(day)])
        return Heatmap(
            cells: cells, columns: (cells.last?.column ?? 0) + 1,
            rowLetters: calendar.orderedWeekdays.map { calendar.getDayLetter(for: $0) }, summary: summary,
            firstLabel: shortDate(first), lastLabel: shortDate(day))
    }

    // MARK: Dates in words (DayText: Tend's English, every other language's own pattern)

    /// A month's name ("June", "Juni") for month 1–12.
    static func monthName(_ month: Int) -> String { DayText.monthName(month) }
    /// A weekday's name ("Sunday", "Sonntag") for 1 (Sunday) … 7.
    static func weekdayName(_ weekday: Int) -> String { DayText.weekday(Weekday(rawValue: weekday) ?? .sunday) }

    /// "Sunday, 15 June 2025" (kept by DayText: a page writes 200 of them for its heatmap's labels).
    static func longDate(_ day: Day) -> String { DayText.text(day, .long) }

    /// "15 Jun".
    static func shortDate(_ day: Day) -> String { DayText.text(day, .dayMonth) }

    /// "June 2025".
    static func monthTitle(_ day: Day) -> String { DayText.text(day, .monthYear) }

    static func relativeTitle(_ day: Day, today: Day) -> String {
        switch today.days(to: day) {
        case 0: t("Today")
        case -1: t("Yesterday")
        case 1: t("Tomorrow")
        default: DayText.text(day, .weekdayDayMonth)
        }
    }
}
