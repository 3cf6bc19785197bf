import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend set`.
struct SetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set a day's exact value (a count, a duration such as 20m, or 0/1).",
        discussion: """
            Examples:
              tend set Water 6
              tend set Meditate 20m --date yesterday
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget
    @Argument(help: "The value.") var value: String

    func run() async throws {
        try await Tracking.perform(options, target) { habit in
            .set(try Parse.value(value, for: habit))
        }
    }
}
