import Foundation
import TendAPI
import TendCore
import TendWords

/// A routine done in order (`/routines/{id}/start?date=&step=`): the walk-through of
/// ``RoutineRun``, one habit at a time — done (its target), skip today, or later (it comes back
/// after the others) — and the list of its steps. Each answer posts the habit's day form and
/// comes back to the next step.
struct RoutineRunPage: Sendable, Hashable {
    struct Step: Sendable, Hashable {
        var habitID: String
        var name: String
        var emoji: String
        var color: HabitColor
        var statusLabel: String
        var valueText: String
        var isDone: Bool
        var isCurrent: Bool
    }

    /// The step being asked about, with its forms.
    struct Current: Sendable, Hashable {
        var index: Int
        var doneAction: String
        var skipAction: String
        var laterLink: String
        /// Where its forms come back to: the step after it.
        var returnPath: String
    }

    var routineName: String
    /// "Morning · 06:30".
    var title: String
    /// "Saturday, 28 November 2026".
    var dateText: String
    /// "2 of 4 done".
    var progressText: String
    /// Why there is nothing to walk through (the routine does not run that day, or has no habit
    /// due), or `nil`.
    var emptyText: String?
    var steps: [Step]
    var current: Current?
    var todayLink: String

    init(run: RoutineRun, today: Day, step: Int, amounts: AmountStyle) {
        let routine = run.routine
        let day = run.day
        routineName = routine.name
        title = "\(routine.name) · \(routine.start)"
        dateText = day == today ? t("Today, {date}", ["date": TodayPage.longDate(day)]) : TodayPage.longDate(day)
        progressText = tPlural(
            "{count} of {total} done", "{count} of {total} done", count: run.doneCount, ["total": String(run.steps.count)])
        todayLink = WebPaths.today() + (day == today ? "" : "?date=\(day.iso)")
        if !run.runsToday {
            let days = routine.weekdays.sorted().map { DayText.weekday($0) }.joined(separator: ", ")
            emptyText = t(
                "{routine} does not run on {weekday}s. It runs on: {days}.",
                ["routine": routine.name, "weekday": DayText.weekday(day.weekday), "days": days])
        } else if run.steps.isEmpty {
            emptyText = t("{routine} has no habits due on this day.", ["routine": routine.name])
        } else {
            emptyText = nil
        }
        let index = run.next(from: step)
        steps = run.steps.enumerated().map { offset, step in
            Step(
                habitID: step.habit.id.description, name: step.habit.name, emoji: step.habit.emoji, color: step.habit.color,
                statusLabel: TodayPage.statusLabel(step.status, habit: step.habit),
                valueText: TodayPage.valueText(step.habit, value: step.value, amounts: amounts), isDone: step.isDone,
                isCurrent: offset == index)
        }
        current = index.map { index in
            let habit = run.steps[index].habit
            let next = Self.link(routine.id, day: day, step: index + 1)
            return Current(
                index: index, doneAction: WebPaths.check(habit.id, day), skipAction: WebPaths.skip(habit.id, day), laterLink: next,
                returnPath: next)
        }
    }

    /// The walk-through of `routine` on `day`, asking first about the step at `step` or the
    /// first one not done after it.
    static func link(_ routine: Routine.ID, day: Day, step: Int = 0) -> String {
        WebPaths.startRoutine(routine) + "?date=\(day.iso)" + (step == 0 ? "" : "&step=\(step)")
    }
}

enum RoutineRunView {
    static func page(_ model: RoutineRunPage, session: SessionInfo) -> Node {
        Layout.page(title: model.routineName, tab: .today, session: session) {
            Node.article(.class("routine-run"), .aria("labelledby", "run-title")) {
                Node.header {
                    Node.h1(.id("run-title")) { model.title }
                    Node.p(.class("hint")) { "\(model.dateText) · \(model.progressText)" }
                }
                if let empty = model.emptyText {
                    Node.p(.id("run-empty")) { empty }
                } else if let current = model.current {
                    let step = model.steps[current.index]
                    Node.section(.class("panel run-step hc-\(step.color.rawValue)"), .aria("labelledby", "run-step-name")) {
                        Node.p(.class("hint")) {
                            t("Step {step} of {total}", ["step": String(current.index + 1), "total": String(model.steps.count)])
                        }
                        Node.p(.class("run-emoji"), .aria("hidden", "true")) { step.emoji }
                        Node.h2(.id("run-step-name")) { step.name }
                        Node.p(.class("card-value")) { "\(step.statusLabel) · \(step.valueText)" }
                        Node.div(.class("run-actions")) {
                            Node.form(.method("post"), .action(current.doneAction)) {
                                Layout.csrfField(session)
                                Node.input(.type("hidden"), .name("return"), .value(current.returnPath))
                                Node.button(.type("submit"), .class("primary"), .id("run-done")) { t("Done", context: "button") }
                            }
                            Node.form(.method("post"), .action(current.skipAction)) {
                                Layout.csrfField(session)
                                Node.input(.type("hidden"), .name("return"), .value(current.returnPath))
                                Node.input(.type("hidden"), .name("skip"), .value("true"))
                                Node.button(.type("submit"), .id("run-skip")) { t("Skip today") }
                            }
                            Node.a(.class("button"), .href(current.laterLink), .id("run-later")) { t("Later", context: "button") }
                        }
                    }
                } else {
                    Node.section(.class("panel run-step"), .aria("labelledby", "run-finished")) {
                        Node.h2(.id("run-finished")) { t("{routine} is done", ["routine": model.routineName]) }
                        Node.p { t("Every habit of the routine is done or skipped for the day.") }
                    }
                }
                if !model.steps.isEmpty {
                    Node.ol(.class("run-steps"), .aria("label", t("The routine's habits in order"))) {
                        for step in model.steps {
                            Node.li(.class(step.isDone ? "is-done" : step.isCurrent ? "is-current" : "is-open")) {
                                Node.span(.aria("hidden", "true")) { step.emoji }
                                " \(step.name) · \(step.statusLabel)"
                            }
                        }
                    }
                }
                Node.p { Node.a(.href(model.todayLink), .id("run-back")) { t("Back to Today") } }
            }
        }
    }
}
