import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// `tend log`.
struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Add time to a duration habit: 25m, 1h30m, 90s.",
        discussion: HelpText.fitted(
            """
            Examples:
              tend log Meditate 25m
              tend log Running 1h30m --date yesterday
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget
    @Argument(help: "How long: 25m, 1h30m, 90s.") var duration: String

    func run() async throws {
        try await Tracking.perform(options, target) { habit in
            switch habit.type {
            case .duration: break
            case .checkmark:
                throw CLIError(
                    t("{habit} is a checkmark habit; log adds time to duration habits (use increment or check)", ["habit": habit.name]))
            case .count:
                throw CLIError(
                    t("{habit} is a count habit; log adds time to duration habits (use increment or check)", ["habit": habit.name]))
            }
            return .increment(Amount(try Parse.duration(duration)))
        }
    }
}
