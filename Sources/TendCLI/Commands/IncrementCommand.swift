import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend increment`.
struct IncrementCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "increment",
        abstract: "Add to a day's count or time: an amount as given, or one step up to the target.",
        discussion: HelpText.fitted(
            """
            With an amount, the amount is recorded as given, past the target too (12 glasses of
            a target of 8). Without one, a count goes up by one and a duration by a minute,
            stopping at a good habit's target (the web ring's tap).

            Examples:
              tend increment Water
              tend increment Water 2
              tend increment Meditate 45m
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget
    @Argument(help: "How much to add (a duration such as 5m for duration habits).") var amount: String?

    func run() async throws {
        try await Tracking.perform(options, target) { habit, _, session in
            guard let amount else { return habit.type == .checkmark ? .increment(1) : .tap }
            return .increment(try Parse.value(amount, for: habit, locale: session.locale))
        }
    }
}
