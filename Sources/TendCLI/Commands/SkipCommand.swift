import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend skip`.
struct SkipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Mark a planned rest day (keeps a streak; --undo removes the mark).",
        discussion: """
            Examples:
              tend skip Running
              tend skip Running --date yesterday --undo
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget
    @Flag(help: "Remove the skip mark.") var undo = false

    func run() async throws {
        try await Tracking.perform(options, target) { habit in
            .skip(!undo)
        }
    }
}
