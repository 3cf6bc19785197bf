import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend increment`.
struct IncrementCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "increment",
        abstract: "Add to a day's count or time (default 1; capped at the target for good habits).",
        discussion: """
            Examples:
              tend increment Water
              tend increment Water 2
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget
    @Argument(help: "How much to add (a duration such as 5m for duration habits).") var amount: String?

    func run() async throws {
        try await Tracking.perform(options, target) { habit in
            let value = try amount.map { try Parse.value($0, for: habit) } ?? (habit.type == .duration ? 60 : 1)
            return .increment(value)
        }
    }
}
