import ArgumentParser
import Foundation

/// `tend`: habits, check-ins and views on a local Tend database.
public struct TendCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tend",
        abstract: "Build habits from the terminal: check in, see your week, keep your streaks.",
        discussion: """
            Works on a local SQLite database (created on first use). Days follow the zone and \
            day-start hour in `tend config`, never the TZ variable.

            Examples:
              tend add Read --emoji 📚 --schedule mon,wed,fri
              tend check Read
              tend today
            """,
        version: "0.1.0",
        subcommands: [
            TodayCommand.self, WeekCommand.self, MonthCommand.self, YearCommand.self, HeatmapCommand.self,
            HistoryCommand.self, StatsCommand.self,
            AddCommand.self, EditCommand.self, RemoveCommand.self, ArchiveCommand.self, UnarchiveCommand.self,
            ListCommand.self, ShowCommand.self, ReorderCommand.self,
            CheckCommand.self, UncheckCommand.self, IncrementCommand.self, DecrementCommand.self,
            SetCommand.self, LogCommand.self, SkipCommand.self, ResetCommand.self, NoteCommand.self,
            ConfigCommand.self, RoutineCommand.self, TipsCommand.self,
            ImportCommand.self, ExportCommand.self, BackupCommand.self, RestoreCommand.self,
            ServeCommand.self,
        ],
        defaultSubcommand: TodayCommand.self
    )

    public init() {}

    /// Runs `tend` as a process: parses `CommandLine.arguments` and exits with the command's status.
    public static func main() async {
        let status = await run(arguments: Array(CommandLine.arguments.dropFirst()))
        Foundation.exit(status)
    }

    /// Parses and runs one command line in the current ``CLIContext``, printing errors as one line
    /// on stderr; returns the exit status (0, 1 for a failure, 64 for a usage error).
    public static func run(arguments: [String]) async -> Int32 {
        let context = CLIContext.current
        if let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) {
            let suggestion = HabitLookup.closestName(to: first, among: Array(commandNames)).map { "; did you mean '\($0)'?" } ?? ""
            context.printError("tend: unknown command '\(first)'\(suggestion) (see tend --help)")
            return ExitCode.validationFailure.rawValue
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let error as CLIError {
            context.printError("tend: \(error.message)")
            return 1
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                context.print(fullMessage(for: error))
                return 0
            }
            if isArgumentParserError(error) {
                context.printError(fullMessage(for: error))
                return code.rawValue
            }
            context.printError("tend: \(CLIError.message(for: error))")
            return 1
        }
    }

    /// The names and aliases of the top-level commands.
    static var commandNames: Set<String> {
        Set(configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"])
    }

    /// Errors ArgumentParser reports itself (usage errors, exit codes) as opposed to the
    /// domain's, which are mapped to one line and status 1.
    private static func isArgumentParserError(_ error: any Error) -> Bool {
        if error is ValidationError || error is ExitCode || error is CleanExit { return true }
        let type = String(reflecting: Swift.type(of: error))
        return type.hasPrefix("ArgumentParser.")
    }
}
