import ArgumentParser
import Foundation
import NIOCore
import TendCore
import TendReminders
import TendSQLite
import TendStore
import TendWords

/// `tend remind`: the desktop's reminders, from the local database, in the foreground.
struct RemindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Show reminders as they come due: a desktop notification (notify-send) and a line here.",
        discussion: HelpText.fitted(
            """
            Runs until stopped (Ctrl-C), or with --once handles what is due now and exits (for \
            cron or a systemd timer); on a terminal, --once with nothing due says which reminder \
            fires next. It reads the local database, so changes made with other \
            tend commands are seen within a minute; signed in to an account (tend sync login), \
            it syncs first each time, so reminders set and check-ins made on other devices count. A reminder is skipped when its habit is \
            already done that day, not due, or archived; one more than an hour late (the laptop \
            was asleep) is reported as missed instead of shown. What has been handled is kept \
            beside the database (DATABASE.remind), so a restart shows nothing twice. \
            deploy/tend-remind.service runs it as a systemd user unit.

            Examples:
              tend remind
              tend remind --once --notifier print
            """)
    )

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Handle what is due now, then exit.")
    var once = false

    @Option(
        help: ArgumentHelp(
            "How to show a reminder: auto (notify-send when installed, else only the line), notify-send, or print.",
            valueName: "auto|notify-send|print"))
    var notifier: ReminderNotifier.Kind = .auto

    func run() async throws {
        var session = try await Session.open(options)
        let notify = try ReminderNotifier(kind: notifier, environment: session.context.environment)
        let state = RemindState(path: options.databasePath(environment: session.context.environment) + ".remind")
        // What came due since the last run (a day back at most); those more than an hour old are
        // reported as missed by the planner's rule, not shown. The file is read once: afterwards
        // this loop is the only writer and knows what it wrote.
        var handled = try state.handledThrough()
        var offline = false
        while true {
            offline = await pull(session, wasOffline: offline)
            let now = session.now
            let since = max(handled ?? now, now.addingTimeInterval(-24 * 3600))
            let round = try await handle(session: session, from: since, through: now, notify: notify)
            try state.save(handledThrough: now)
            handled = now
            if once {
                // A person at a terminal who sees nothing would not know whether anything is set;
                // cron and timers (not a terminal) keep their silence when nothing is due.
                if round.handled == 0, session.context.stdoutIsTerminal, !options.quiet {
                    session.print(Self.nextText(round, session: session, now: now))
                }
                return
            }
            // Wake at the next firing, and at least once a minute to see edits made meanwhile.
            let wait = min(60, max(1, (round.next?.firing.firesAt.timeIntervalSince(now) ?? 60)))
            try await Task.sleep(for: .seconds(wait))
            session.user = try await session.store.user(id: session.owner)
        }
    }

    /// Linked to an account (`tend sync login`), each round syncs first, so the reminders set in
    /// the web app and the check-ins made on the phone count here: a habit done on the phone is
    /// not reminded on the desktop. Offline, it goes on with what it has and says so once.
    /// Answers whether the server did not answer.
    private func pull(_ session: Session, wasOffline: Bool) async -> Bool {
        let database = options.databasePath(environment: session.context.environment)
        guard let credentials = try? SyncCredentials.load(database: database),
            let link = try? await session.store.syncLink(), !link.signedOut
        else { return false }
        do {
            _ = try await SyncEngine(session: session, credentials: credentials, deadline: .now() + .seconds(5)).run()
            return false
        } catch {
            if !wasOffline {
                session.context.printError(
                    "tend: "
                        + t(
                            "cannot sync with {server} ({error}); reminding from what this database has",
                            ["server": credentials.server, "error": CLIError.message(for: error)]))
            }
            return true
        }
    }

    /// What one round did: how many firings it showed or skipped, the next one after it (with
    /// its habit), and whether any reminder is set at all.
    struct Round {
        var handled = 0
        var next: (firing: ReminderFiring, habit: Habit)?
        var hasReminders = false
    }

    /// Shows or skips every firing in `(from, through]`, oldest first; answers with the next
    /// firing after `through`.
    func handle(session: Session, from: Date, through: Date, notify: ReminderNotifier) async throws -> Round {
        let planner = ReminderPlanner(settings: session.user.settings)
        let habits = try await session.store.habits(owner: session.owner, includeArchived: false)
        var due: [ReminderFiring] = []
        var round = Round()
        for habit in habits {
            for reminder in habit.reminders {
                round.hasReminders = true
                var cursor = from
                while let firing = planner.nextScheduled(reminder, of: habit.id, after: cursor) {
                    if firing.firesAt > through {
                        if round.next.map({ firing.firesAt < $0.firing.firesAt }) ?? true { round.next = (firing, habit) }
                        break
                    }
                    due.append(firing)
                    cursor = firing.firesAt
                }
            }
        }
        round.handled = due.count
        guard !due.isEmpty else { return round }
        let tracked = Dictionary(
            uniqueKeysWithValues: try await session.store.trackedHabits(owner: session.owner, includeArchived: true).map { ($0.id, $0) })
        for firing in due.sorted(by: { $0.firesAt < $1.firesAt }) {
            guard let habit = tracked[firing.habit] else { continue }
            let time = session.calendar.timeOfDay(for: firing.firesAt)
            let title = "\(habit.habit.emoji) \(habit.habit.name)"
            let message = habit.habit.reminders.first(where: { $0.id == firing.reminder })?.message
            switch planner.decide(firing, for: habit, now: through) {
            case .deliver:
                session.print("\(time) \(title)" + (message.map { ": \($0)" } ?? ""))
                notify.show(title: title, body: message ?? ReminderMessage.defaultBody(for: habit.habit))
            case .skip(let reason):
                let line = t(
                    "{time} {title}: not shown ({reason})", ["time": "\(time)", "title": title, "reason": Self.describe(reason)])
                session.print(session.style.dim(line))
            }
        }
        return round
    }

    /// "Nothing due now. Next: 💧 Water at 08:00 tomorrow (2026-03-11)." in the person's zone, or
    /// that no reminder is set.
    static func nextText(_ round: Round, session: Session, now: Date) -> String {
        guard let (firing, habit) = round.next else {
            return round.hasReminders
                ? t("Nothing due now, and no reminder is on.")
                : t("No reminder is set (add one: tend edit HABIT --reminder 07:30).")
        }
        let calendar = session.calendar
        let day = calendar.day(for: firing.firesAt)
        let today = calendar.day(for: now)
        let next = "\(habit.emoji) \(habit.name)"
        let time = "\(calendar.timeOfDay(for: firing.firesAt))"
        if day == today { return t("Nothing due now. Next: {habit} at {time} today.", ["habit": next, "time": time]) }
        if day == today.next {
            return t("Nothing due now. Next: {habit} at {time} tomorrow ({date}).", ["habit": next, "time": time, "date": day.iso])
        }
        return t(
            "Nothing due now. Next: {habit} at {time} on {weekday} {date}.",
            ["habit": next, "time": time, "weekday": DayText.shortWeekday(day.weekday), "date": day.iso])
    }

    static func describe(_ reason: ReminderSkipReason) -> String {
        switch reason {
        case .habitDone: t("done that day")
        case .notDue: t("not due that day")
        case .archived: t("archived")
        case .disabled: t("turned off")
        case .missed: t("missed: more than an hour late")
        }
    }
}
