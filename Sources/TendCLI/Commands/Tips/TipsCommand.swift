import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend tips`: the tips that apply now.
struct TipsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tips",
        abstract: "List the tips that apply now (--all: every tip and whether it is retired).",
        discussion: HelpText.fitted(
            """
            `today` shows the first tip that applies below its output on a terminal (never with \
            --quiet, --json or when output is not a terminal). A dismissed tip never comes back. \
            Tips about the web app's controls are not listed here.

            Examples:
              tend tips
              tend tips dismiss neverMissTwice
            """),
        subcommands: [TipsListCommand.self, TipsDismissCommand.self],
        defaultSubcommand: TipsListCommand.self
    )
}
