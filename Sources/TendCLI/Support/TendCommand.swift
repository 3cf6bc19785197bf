import ArgumentParser
import Foundation
import TendWords

/// `tend`: habits, check-ins and views on a local Tend database.
public struct TendCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tend",
        abstract: "Build habits from the terminal: check in, see your week, keep your streaks.",
        discussion: HelpText.fitted(
            """
            Works on a local SQLite database (created on first use). Days follow the zone and \
            day-start hour in `tend config`, never the TZ variable.

            Examples:
              tend add Read --emoji 📚 --schedule mon,wed,fri
              tend check Read
              tend today
            """),
        version: "0.1.0",
        subcommands: [
            TodayCommand.self, WeekCommand.self, MonthCommand.self, YearCommand.self, HeatmapCommand.self,
            HistoryCommand.self, StatsCommand.self, SummaryCommand.self,
            AddCommand.self, EditCommand.self, RemoveCommand.self, ArchiveCommand.self, UnarchiveCommand.self,
            ListCommand.self, ShowCommand.self, ReorderCommand.self,
            CheckCommand.self, UncheckCommand.self, IncrementCommand.self, DecrementCommand.self,
            SetCommand.self, LogCommand.self, SkipCommand.self, ResetCommand.self, NoteCommand.self, PauseCommand.self,
            ResumeCommand.self,
            ConfigCommand.self, RoutineCommand.self, GroupsCommand.self, TipsCommand.self,
            ImportCommand.self, ExportCommand.self, BackupCommand.self, RestoreCommand.self, DoctorCommand.self,
            ServeCommand.self, RemindCommand.self, SyncCommand.self,
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
        // The shell's language (LC_ALL, LC_MESSAGES, LANG) until the database names the account's.
        let words = Words.settling(Session.language(nil, environment: CLIContext.current.environment))
        return await Words.$current.withValue(words) { await runCommand(arguments: arguments) }
    }

    private static func runCommand(arguments: [String]) async -> Int32 {
        let context = CLIContext.current
        let arguments = normalized(arguments)
        let quick = TodayCommand.quickParse(arguments)
        if quick == nil, let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) {
            let message =
                HabitLookup.closestName(to: first, among: Array(commandNames)).map {
                    t("unknown command '{command}'; did you mean '{suggestion}'? (see tend --help)", ["command": first, "suggestion": $0])
                } ?? t("unknown command '{command}' (see tend --help)", ["command": first])
            context.printError("tend: " + message)
            return ExitCode.validationFailure.rawValue
        }
        do {
            var command: any ParsableCommand
            if let quick { command = quick } else { command = try parse(arguments) }
            await AutoSync.before(command)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            await AutoSync.after(command)
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

    /// The command line ArgumentParser can parse for what a person means:
    /// - options every command takes, written before the command (`tend --database F add Read`),
    ///   move after it (ArgumentParser would otherwise hand them to the default command, `today`);
    /// - a negative value standing as an argument (`tend increment Water -2`, `tend log Meditate
    ///   -5m`) moves behind `--`, where it is read as a value instead of an unknown option;
    /// - a negative value after an option that takes one (`--target -5`) is attached to it
    ///   (`--target=-5`), so the option gets its value instead of "Missing value".
    ///
    /// Either way the command then refuses the value in one line (values are 0 or more).
    static func normalized(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first, globalFlags.contains(first) || first == "--database" || first.hasPrefix("--database=") {
            rest = rest.dropFirst()
            leading.append(first)
            if first == "--database", let value = rest.first {
                leading.append(value)
                rest = rest.dropFirst()
            }
        }
        var words: [String] = []
        var negatives: [String] = []
        var passthrough: [String] = []
        for (index, argument) in rest.enumerated() {
            if argument == "--" {
                passthrough = Array(rest.dropFirst(index + 1))
                break
            }
            let previous = index > 0 ? rest[rest.startIndex + index - 1] : ""
            if !isNegativeValue(argument) {
                words.append(argument)
            } else if takesValue(previous) {
                words[words.count - 1] = previous + "=" + argument
            } else {
                negatives.append(argument)
            }
        }
        let tail = negatives + passthrough
        return words + leading + (tail.isEmpty ? [] : ["--"] + tail)
    }

    /// The flags of ``GlobalOptions`` (`--database` takes a value).
    private static let globalFlags: Set<String> = ["--json", "--no-color", "--quiet"]

    /// Every long flag of every command: the long options that take no value. A test checks this
    /// against ArgumentParser's own description of the command tree.
    static let flags: Set<String> = globalFlags.union([
        "--ascii", "--all", "--undo", "--yes", "--dry-run", "--no-reminders", "--open-registration", "--trust-proxy", "--once",
        "--allow-private-targets", "--password-stdin", "--rebuild", "--no-group", "--trusted-header-signup", "--approve-signups",
        "--by-group", "--merge-names", "--no-check", "--week", "--month", "--year", "--no-start", "--no-end",
        "--help", "--version", "--experimental-dump-help",
    ])

    /// A minus sign and a digit: `-3`, `-2.5`, `-5m`, `-1:30` (no option's name starts with a digit).
    private static func isNegativeValue(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument.dropFirst().first?.isASCII == true && argument.dropFirst().first?.isNumber == true
    }

    /// A long option that takes a value and has none attached (`--target`, not `--json` or `--target=5`).
    private static func takesValue(_ argument: String) -> Bool {
        argument.hasPrefix("--") && argument.count > 2 && !argument.contains("=") && !flags.contains(argument)
    }

    /// The command a line names. A line that names a top-level command without subcommands of
    /// its own (`today`, `check`, …) is parsed by that command alone, which spares ArgumentParser
    /// walking the whole command tree (a good part of `tend today`'s start-up); anything else, and
    /// any line that fails there (so usage errors read as usual), goes through `parseAsRoot`.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        if let first = arguments.first, let command = leafCommands[first],
            !arguments.contains(where: { $0 == "-h" || $0 == "--help" || $0 == "help" || $0.hasPrefix("--generate-completion") }),
            let parsed = try? command.parse(Array(arguments.dropFirst())) as? any ParsableCommand
        {
            return parsed
        }
        return try parseAsRoot(arguments)
    }

    /// Top-level commands without subcommands, by name and alias.
    private static let leafCommands: [String: any ParsableCommand.Type] = {
        var commands: [String: any ParsableCommand.Type] = [:]
        for command in configuration.subcommands where command.configuration.subcommands.isEmpty {
            for name in [command._commandName] + command.configuration.aliases { commands[name] = command }
        }
        return commands
    }()

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
