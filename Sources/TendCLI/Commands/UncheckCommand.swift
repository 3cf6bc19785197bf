import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend uncheck`.
struct UncheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uncheck",
        abstract: "Set a day back to nothing done (a skip or note stays).",
        discussion: HelpText.fitted(
            """
            Example:
              tend uncheck Read --date 2025-01-06
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget

    func run() async throws {
        try await Tracking.perform(options, target) { habit in
            .uncheck
        }
    }
}
