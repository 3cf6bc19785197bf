import Foundation
import TendAPI
import TendCore
import TendWords

/// A habit's pauses as its page shows them, and the form that adds one: "Paused until …" while
/// one runs, those to come, the last few past ones.
struct PausePanel: Sendable, Hashable {
    struct Row: Sendable, Hashable {
        var text: String
        var isRunning: Bool
    }

    var rows: [Row]
    /// Set while a pause runs today or one is to come: the resume form's action.
    var resumeAction: String?
    var pauseAction: String
    /// The form's fields as shown (today and empty by default) or as posted, and why a post was refused.
    var from: String
    var until: String
    var error: String?
    /// The range the date fields offer: 2000-01-01 through a year after today.
    var earliest: String
    var latest: String
    /// A pause runs today (the panel opens by itself).
    var isPaused: Bool

    /// How many past pauses the panel lists (the grids show them all).
    static let pastShown = 3

    init(_ habit: Habit, today: Day) {
        let upcoming = habit.pauses.filter { ($0.end ?? .maximum) >= today }
        let past = habit.pauses.filter { ($0.end ?? .maximum) < today }.suffix(Self.pastShown)
        rows =
            upcoming.map { Row(text: Self.text($0, today: today), isRunning: $0.contains(today)) }
            + past.reversed().map { Row(text: Self.text($0, today: today), isRunning: false) }
        resumeAction = upcoming.isEmpty ? nil : WebPaths.resumeHabit(habit.id)
        pauseAction = WebPaths.pauseHabit(habit.id)
        from = today.iso
        until = ""
        earliest = RecordableDays.floor.iso
        latest = today.adding(days: RecordableDays.lookahead).iso
        isPaused = habit.isPaused(on: today)
    }

    /// "Paused until Thu, 19 Mar 2026 · due again Fri, 20 Mar 2026", "Pauses from … until …", "Paused 2 to 8 Mar 2026".
    static func text(_ pause: HabitPause, today: Day) -> String {
        if pause.contains(today) { return paused(until: pause.end) }
        if pause.start > today {
            guard let end = pause.end else { return t("Pauses from {date} until resumed", ["date": date(pause.start)]) }
            return t(
                "Pauses from {date} until {end} · due again {next}", ["date": date(pause.start), "end": date(end), "next": date(end.next)])
        }
        return t("Paused {start} to {end}", ["start": date(pause.start), "end": date(pause.end ?? pause.start)])
    }

    /// A running pause in words: "Paused until Thu, 19 Mar 2026 · due again Fri, 20 Mar 2026", or
    /// "Paused until resumed".
    static func paused(until end: Day?) -> String {
        guard let end else { return t("Paused until resumed") }
        return t("Paused until {date} · due again {next}", ["date": date(end), "next": date(end.next)])
    }

    /// "Thu, 19 Mar 2026".
    static func date(_ day: Day) -> String { DayText.text(day, .medium) }
}
