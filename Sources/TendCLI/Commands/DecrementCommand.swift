import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend decrement`.
struct DecrementCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrement",
        abstract: "Take away from a day's count or time (default 1).",
        discussion: HelpText.fitted(
            """
            Examples:
              tend decrement Water
              tend decrement Water 2
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget
    @Argument(help: "How much to take away.") var amount: String?

    func run() async throws {
        try await Tracking.perform(options, target) { habit, _, session in
            let value =
                try amount.map { try Parse.value($0, for: habit, locale: session.locale) }
                ?? (habit.type == .duration ? 60 : habit.type == .count ? habit.step : 1)
            return .increment(-value)
        }
    }
}
