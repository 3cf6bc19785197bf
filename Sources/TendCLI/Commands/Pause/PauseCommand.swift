import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// Which habits `tend pause` and `tend resume` work on: one by name, a group's, or all.
struct PauseTarget: ParsableArguments {
    @Argument(help: ArgumentHelp("The habit's name (any case) or id.", valueName: "habit"))
    var habit: String?
    @Option(help: ArgumentHelp("Every habit of this group.", valueName: "group")) var group: String?
    @Flag(help: "Every habit (archived ones aside).") var all = false

    func scope(_ session: Session) async throws -> PauseScope {
        switch (habit, group, all) {
        case (let name?, nil, false): return .habit(try await session.habit(name, includeArchived: false).id)
        case (nil, let group?, false): return .group(group)
        case (nil, nil, true): return .all
        case (nil, nil, false): throw CLIError(t("name a habit, or give --group G or --all"))
        default: throw CLIError(t("name a habit, or give --group G or --all: one of them"))
        }
    }
}

/// `tend pause`.
struct PauseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: "Pause habits for a holiday or an illness: neither due nor missed, streaks carry across.",
        discussion: HelpText.fitted(
            """
            A pause starts today unless --from says otherwise (a past day too: the illness of \
            last week) and lasts until --until, for --days days, or until `tend resume`. Paused \
            days are neither due nor missed, whatever is recorded on them: streaks carry across, \
            the strength holds, reminders stay silent. Pausing over a pause extends it.

            Examples:
              tend pause Running --days 14
              tend pause --group Health --from 2026-12-24 --until 2027-01-02
              tend pause --all --until sun
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: PauseTarget
    @Option(help: ArgumentHelp("The first paused day: YYYY-MM-DD, today, tomorrow or a weekday (default: today).", valueName: "day"))
    var from: String?
    @Option(help: ArgumentHelp("The last paused day, as --from takes it (default: until resumed).", valueName: "day"))
    var until: String?
    @Option(help: ArgumentHelp("A pause of N days, its first day included.", valueName: "n"))
    var days: Int?

    func run() async throws {
        let session = try await Session.open(options)
        let today = session.today
        let start = try from.map { try HabitAttributeOptions.dateBound($0, today: today, option: "--from") } ?? today
        if until != nil, days != nil { throw CLIError(t("give --until or --days, not both")) }
        var end = try until.map { try HabitAttributeOptions.dateBound($0, today: start, option: "--until") }
        if let days {
            guard (1...RecordableDays.lookahead).contains(days) else {
                throw CLIError(
                    t("--days {days}: a pause lasts from 1 to {most} days", ["days": "\(days)", "most": "\(RecordableDays.lookahead)"]))
            }
            end = start.adding(days: days - 1)
        }
        let scope = try await target.scope(session)
        let changed = try await session.store.pauseHabits(owner: session.owner, scope, from: start, through: end, today: today)
        if options.json { return try session.printJSON(changed.map(HabitJSON.init)) }
        if options.quiet { return }
        if changed.isEmpty {
            session.print(t("Nothing changed: already paused then."))
            return
        }
        for habit in changed {
            let pause = habit.pause(on: start) ?? HabitPause(start: start, end: end)
            session.print(Self.confirmation(habit.name, pause, today: today))
        }
    }

    /// "Paused Running from 2026-12-24 through 2027-01-02.", "Paused Running through 2026-12-20.",
    /// "Paused Running until resumed.".
    static func confirmation(_ habit: String, _ pause: HabitPause, today: Day) -> String {
        let start = pause.start.iso
        if pause.start > today {
            guard let end = pause.end?.iso else {
                return t("Paused {habit} from {start} until resumed.", ["habit": habit, "start": start])
            }
            return t("Paused {habit} from {start} through {end}.", ["habit": habit, "start": start, "end": end])
        }
        if pause.start < today {
            guard let end = pause.end?.iso else {
                return t("Paused {habit} since {start} until resumed.", ["habit": habit, "start": start])
            }
            return t("Paused {habit} since {start} through {end}.", ["habit": habit, "start": start, "end": end])
        }
        guard let end = pause.end?.iso else { return t("Paused {habit} until resumed.", ["habit": habit]) }
        return t("Paused {habit} through {end}.", ["habit": habit, "end": end])
    }
}

/// `tend resume`.
struct ResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "End a pause today (the habit is due again) and cancel pauses not yet begun.",
        discussion: HelpText.fitted(
            """
            A running pause ends yesterday, so today is due again; a pause that has not begun is \
            taken away. Past pauses stay: their days keep their place in the history.

            Examples:
              tend resume Running
              tend resume --all
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: PauseTarget

    func run() async throws {
        let session = try await Session.open(options)
        let scope = try await target.scope(session)
        let changed = try await session.store.resumeHabits(owner: session.owner, scope, today: session.today)
        if options.json { return try session.printJSON(changed.map(HabitJSON.init)) }
        if options.quiet { return }
        if changed.isEmpty {
            session.print(t("Nothing to resume: no pause runs today or later."))
            return
        }
        for habit in changed { session.print(t("Resumed {habit}.", ["habit": habit.name])) }
    }
}
