import ArgumentParser
import Foundation

/// `--date` for commands that act on or show one day.
struct DateOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The day: YYYY-MM-DD, today, yesterday or a weekday such as fri (the latest) (default: today).", valueName: "day"))
    var date: String?
}

/// `--date` for the month and year views, which also take a month (`2026-02`), and for `year` a
/// year (`2026`).
struct PeriodDateOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A month, YYYY-MM, or a day in it: YYYY-MM-DD, today, yesterday (default: today). year also takes YYYY.",
            valueName: "month"))
    var date: String?
}
