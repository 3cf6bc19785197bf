import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend reset`.
struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Clear a day: no value, no skip (the note stays).",
        discussion: HelpText.fitted(
            """
            Example:
              tend reset Read --date yesterday
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget

    func run() async throws {
        try await Tracking.perform(options, target) { habit in
            .reset
        }
    }
}
