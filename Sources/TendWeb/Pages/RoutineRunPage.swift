import Foundation
import TendAPI
import TendCore

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
        dateText = day == today ? "Today, " + TodayPage.longDate(day) : TodayPage.longDate(day)
        progressText = "\(run.doneCount) of \(run.steps.count) done"
        todayLink = WebPaths.today() + (day == today ? "" : "?date=\(day.iso)")
        if !run.runsToday {
            let days = routine.weekdays.sorted().map { TodayPage.weekdayNames[$0.rawValue - 1] }.joined(separator: ", ")
            emptyText = "\(routine.name) does not run on \(TodayPage.weekdayNames[day.weekday.rawValue - 1])s. It runs on: \(days)."
        } else if run.steps.isEmpty {
            emptyText = "\(routine.name) has no habits due on this day."
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
                        Node.p(.class("hint")) { "Step \(current.index + 1) of \(model.steps.count)" }
                        Node.p(.class("run-emoji"), .aria("hidden", "true")) { step.emoji }
                        Node.h2(.id("run-step-name")) { step.name }
                        Node.p(.class("card-value")) { "\(step.statusLabel) · \(step.valueText)" }
                        Node.div(.class("run-actions")) {
                            Node.form(.method("post"), .action(current.doneAction)) {
                                Layout.csrfField(session)
                                Node.input(.type("hidden"), .name("return"), .value(current.returnPath))
                                Node.button(.type("submit"), .class("primary"), .id("run-done")) { "Done" }
                            }
                            Node.form(.method("post"), .action(current.skipAction)) {
                                Layout.csrfField(session)
                                Node.input(.type("hidden"), .name("return"), .value(current.returnPath))
                                Node.input(.type("hidden"), .name("skip"), .value("true"))
                                Node.button(.type("submit"), .id("run-skip")) { "Skip today" }
                            }
                            Node.a(.class("button"), .href(current.laterLink), .id("run-later")) { "Later" }
                        }
                    }
                } else {
                    Node.section(.class("panel run-step"), .aria("labelledby", "run-finished")) {
                        Node.h2(.id("run-finished")) { "\(model.routineName) is done" }
                        Node.p { "Every habit of the routine is done or skipped for the day." }
                    }
                }
                if !model.steps.isEmpty {
                    Node.ol(.class("run-steps"), .aria("label", "The routine's habits in order")) {
                        for step in model.steps {
                            Node.li(.class(step.isDone ? "is-done" : step.isCurrent ? "is-current" : "is-open")) {
                                Node.span(.aria("hidden", "true")) { step.emoji }
                                " \(step.name) · \(step.statusLabel)"
                            }
                        }
                    }
                }
                Node.p { Node.a(.href(model.todayLink), .id("run-back")) { "Back to Today" } }
            }
        }
    }
}
