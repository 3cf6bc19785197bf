import TendAPI
import TendCore

/// What a page says after a form it showed for "today" arrived once that day was over
/// (``StaleDayForm``): nothing was recorded, it is another day now, and where the old day is.
struct StaleDayNotice: Sendable, Hashable {
    var message: String
    /// The old day on Today (at the habit's card when there is one).
    var link: String
    var linkText: String

    /// `shown`: the day the page had shown as today; `today`: the day it is now.
    init(shown: Day, today: Day, habit: Habit.ID?) {
        message =
            "Nothing was recorded: the page still showed \(TodayPage.longDate(shown)), and it is \(TodayPage.longDate(today)) now. "
            + "Tap again to record today, or "
        link = WebPaths.today() + "?date=\(shown.iso)" + (habit.map { "#habit-\($0)" } ?? "")
        linkText = "record it on \(TodayPage.longDate(shown))"
    }

    /// The `?stale=YYYY-MM-DD` a refused form's redirect carries, when it names a day before `today`.
    static func day(query: String?, today: Day) -> Day? {
        query.flatMap { try? Day(iso: $0) }.flatMap { $0 < today ? $0 : nil }
    }

    var node: Node {
        Node.p(.class("notice"), .role("alert"), .id("stale-day")) {
            message
            Node.a(.href(link)) { linkText }
            "."
        }
    }
}
