import ArgumentParser
import Foundation

/// `--date` for commands that act on or show one day.
struct DateOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The day: YYYY-MM-DD, today or yesterday (default: today).", valueName: "day"))
    var date: String?
}
