import TendAPI
import TendCore
import TendWords

/// What a page says after a form it showed for "today" arrived once that day was over
/// (``StaleDayForm``): nothing was recorded, it is another day now, and where the old day is.
struct StaleDayNotice: Sendable, Hashable {
    /// The sentence, its `{link}` still to be put in (``node``).
    var message: String
    /// The old day on Today (at the habit's card when there is one).
    var link: String
    var linkText: String

    /// `shown`: the day the page had shown as today; `today`: the day it is now.
    init(shown: Day, today: Day, habit: Habit.ID?) {
        message = t(
            "Nothing was recorded: the page still showed {shown}, and it is {today} now. Tap again to record today, or {link}.",
            ["shown": TodayPage.longDate(shown), "today": TodayPage.longDate(today)])
        link = WebPaths.today() + "?date=\(shown.iso)" + (habit.map { "#habit-\($0)" } ?? "")
        linkText = t("record it on {date}", ["date": TodayPage.longDate(shown)])
    }

    /// The `?stale=YYYY-MM-DD` a refused form's redirect carries, when it names a day before `today`.
    static func day(query: String?, today: Day) -> Day? {
        query.flatMap { try? Day(iso: $0) }.flatMap { $0 < today ? $0 : nil }
    }

    var node: Node {
        Node.p(.class("notice"), .role("alert"), .id("stale-day")) {
            Layout.sentence(message, ["link": Node.a(.href(link)) { linkText }])
        }
    }
}
