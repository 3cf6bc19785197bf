import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// `tend set`.
struct SetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set a day's exact value (a count, a duration such as 20m, or 0/1).",
        discussion: HelpText.fitted(
            """
            Examples:
              tend set Water 6
              tend set Meditate 20m --date yesterday
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget
    @Argument(help: "The value.") var value: String

    func run() async throws {
        try await Tracking.perform(options, target) { habit, _, session in
            let amount = try Parse.value(value, for: habit, locale: session.locale)
            if habit.type == .checkmark, habit.kind == .good, amount > 1 {
                throw CLIError(t("{habit} is a checkmark habit: set 0 or 1 (or use check and uncheck)", ["habit": habit.name]))
            }
            return .set(amount)
        }
    }
}
