import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend config`: the settings stored in the database.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change settings: time zone, day start, first weekday.",
        discussion: """
            Examples:
              tend config
              tend config set timezone Europe/Berlin
            """,
        subcommands: [ConfigShowCommand.self, ConfigSetCommand.self],
        defaultSubcommand: ConfigShowCommand.self
    )
}
