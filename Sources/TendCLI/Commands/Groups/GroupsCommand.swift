import ArgumentParser
import Foundation

/// `tend groups`: the areas of life habits are grouped by.
struct GroupsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups",
        abstract: "Groups of habits (Health, Work): list, add, rename, reorder, delete.",
        discussion: HelpText.fitted(
            """
            A habit joins a group with `tend add NAME --group G` or `tend edit NAME --group G`; a name
            no group has yet makes a new one. Deleting a group keeps its habits, in no group.

            Examples:
              tend groups
              tend groups add Health --emoji 💪
              tend groups rename Health Body
              tend groups reorder Work Health
              tend groups delete Work
            """),
        subcommands: [
            GroupListCommand.self, GroupAddCommand.self, GroupRenameCommand.self, GroupReorderCommand.self,
            GroupDeleteCommand.self,
        ],
        defaultSubcommand: GroupListCommand.self
    )
}
