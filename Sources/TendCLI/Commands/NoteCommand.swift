import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend note`.
struct NoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Set (or with an empty text, clear) a day's note.",
        discussion: HelpText.fitted(
            """
            Examples:
              tend note Read "Finished chapter 3"
              tend note Read "" --date yesterday
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget
    @Argument(help: "The note.") var text: String

    func run() async throws {
        try await Tracking.perform(options, target) { habit in
            .note(text.isEmpty ? nil : text)
        }
    }
}
