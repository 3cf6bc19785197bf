import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// `tend edit HABIT`.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a habit's attributes.",
        discussion: HelpText.fitted(
            """
            Examples:
              tend edit Read --name Reading --schedule 3/week
              tend edit Water --target 10
              tend edit Run --group Health --tag outdoors --untag morning
              tend edit Run --no-group
              tend edit Read --schedule daily --from 2026-11-30
              tend edit Water --target 2.5 --from beginning

            A change to the kind, type, target or schedule applies from today unless --from says \
            otherwise: the days before keep the rule they had, so their statuses, streaks and \
            strength do not move. --from beginning judges every day by the new rule.
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: HabitArgument
    @Option(help: "A new name.") var name: String?
    @OptionGroup var attributes: HabitAttributeOptions
    @OptionGroup var removals: HabitRemovalOptions
    @Option(
        help: ArgumentHelp(
            "The first day a changed kind, type, target or schedule applies: YYYY-MM-DD, today (the default), yesterday or beginning.",
            valueName: "day"))
    var from: String?

    func run() async throws {
        let session = try await Session.open(options)
        let old = try await session.habit(reference.habit)
        var habit = try attributes.applied(
            to: old, today: session.today, locale: session.locale, groups: try await session.store.groups(owner: session.owner),
            removing: removals.removals)
        if let name { habit.name = name.trimmingCharacters(in: .whitespaces) }
        try habit.validate()
        habit = try await session.store.editHabit(
            owner: session.owner, from: old, to: habit, rulesFrom: try Self.rulesFrom(from, today: session.today))
        if options.json { return try session.printJSON(HabitJSON(habit)) }
        if options.quiet { return }
        session.print(
            habit == old
                ? t("{habit}: nothing to change.", ["habit": habit.name])
                : t("Updated {emoji} {habit}.", ["emoji": habit.emoji, "habit": habit.name]))
        if habit.rule != old.rule, let changed = habit.versions.last?.through.next, habit.versions != old.versions {
            session.print(t("The new rule applies from {date}; the days before keep the one they had.", ["date": changed.iso]))
        }
    }

    /// `--from`: a day up to today, `today`, `yesterday` or `beginning`.
    static func rulesFrom(_ text: String?, today: Day) throws -> RuleChangeStart {
        switch text?.lowercased() {
        case nil, "today": return .day(today)
        case "yesterday": return .day(today.previous)
        case "beginning", "start": return .beginning
        case let text?:
            guard let day = try? Day(iso: text) else {
                throw CLIError(t("--from {text}: a day is YYYY-MM-DD, today, yesterday or beginning", ["text": text]))
            }
            if day > today {
                throw CLIError(t("--from {text}: a change applies from today or an earlier day, not a later one", ["text": text]))
            }
            if day < RecordableDays.floor {
                throw CLIError(
                    t("--from {text}: before {floor}, the earliest day Tend records", ["text": text, "floor": RecordableDays.floor.iso]))
            }
            return .day(day)
        }
    }
}
