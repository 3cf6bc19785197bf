import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend check`.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Mark a habit done for a day (a bad habit: record one slip).",
        discussion: HelpText.fitted(
            """
            Examples:
              tend check Read
              tend check Read --date yesterday
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget

    func run() async throws {
        try await Tracking.perform(options, target) { habit in
            .check
        }
    }
}
