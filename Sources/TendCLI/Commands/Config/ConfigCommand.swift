import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend config`: the settings stored in the database.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show, read or change settings: time zone, day start, first weekday, locale.",
        discussion: HelpText.fitted(
            """
            Examples:
              tend config
              tend config get timezone
              tend config set timezone Europe/Berlin
            """),
        subcommands: [ConfigShowCommand.self, ConfigGetCommand.self, ConfigSetCommand.self],
        defaultSubcommand: ConfigShowCommand.self
    )
}
