import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend tips`: the tips that apply now.
struct TipsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tips",
        abstract: "List the tips that apply now (--all: every tip and whether it is retired).",
        discussion: """
            `today` shows the first tip that applies below its output on a terminal (never with \
            --quiet, --json or when output is not a terminal). A dismissed tip never comes back.

            Examples:
              tend tips
              tend tips dismiss neverMissTwice
            """,
        subcommands: [TipsListCommand.self, TipsDismissCommand.self],
        defaultSubcommand: TipsListCommand.self
    )
}

/// `tend tips list`.
struct TipsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the tips that apply now.",
        discussion: "Example:\n  tend tips list --all"
    )

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Every tip, with whether it applies and whether it is retired.") var all = false

    func run() async throws {
        let session = try await Session.open(options)
        let state = try await session.store.tipState(owner: session.owner)
        let context = try await Tips.context(session)
        let tips = all ? TipCatalog.all : TipCatalog.eligibleTips(in: context, state: state)
        if options.json {
            return try session.printJSON(tips.map { tip in
                TipJSON(id: tip.id.rawValue, title: tip.title, message: tip.message,
                        applies: TipCatalog.applies(tip.id, in: context), retired: state.isRetired(tip.id))
            })
        }
        guard !tips.isEmpty else { return session.print("No tips right now.") }
        for tip in tips {
            let status = all ? (state.isRetired(tip.id) ? " (retired)" : TipCatalog.applies(tip.id, in: context) ? " (applies)" : "") : ""
            session.print("\(tip.id.rawValue)\(status)\n  \(tip.title): \(tip.message)")
        }
    }
}

struct TipJSON: Encodable {
    var id: String
    var title: String
    var message: String
    var applies: Bool
    var retired: Bool
}

/// `tend tips dismiss ID`.
struct TipsDismissCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss",
        abstract: "Hide a tip for good (without an id: the tip shown now).",
        discussion: "Example:\n  tend tips dismiss neverMissTwice"
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The tip's id (see tend tips).", valueName: "tip")) var tip: String?

    func run() async throws {
        let session = try await Session.open(options)
        let id: Tip.ID
        if let tip {
            guard let known = Tip.ID.allCases.first(where: { $0.rawValue.lowercased() == tip.lowercased() }) else {
                throw CLIError("no tip '\(tip)' (one of: \(Tip.ID.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            id = known
        } else {
            let state = try await session.store.tipState(owner: session.owner)
            guard let first = TipCatalog.eligibleTips(in: try await Tips.context(session), state: state).first else {
                throw CLIError("no tip applies now")
            }
            id = first.id
        }
        try await session.store.dismissTip(owner: session.owner, id)
        if options.json { return try session.printJSON(["dismissed": id.rawValue]) }
        if options.quiet { return }
        session.print("Dismissed \(id.rawValue).")
    }
}

/// Tips shown under other commands' output.
enum Tips {
    static func context(_ session: Session) async throws -> TipContext {
        let habits = try await session.store.trackedHabits(owner: session.owner, includeArchived: false)
        let routines = try await session.store.routines(owner: session.owner)
        return TipContext(habits: habits, routines: routines, today: session.today, calendar: session.calendar)
    }

    /// Prints the first tip that applies, only on a terminal and without --quiet or --json.
    /// `habits` may hold recent entries only: the rules look at the last weeks.
    static func showOne(_ session: Session, habits: [TrackedHabit]) async {
        guard session.context.stdoutIsTerminal, !session.options.quiet, !session.options.json else { return }
        guard let state = try? await session.store.tipState(owner: session.owner),
            let routines = try? await session.store.routines(owner: session.owner),
            case let context = TipContext(habits: habits, routines: routines, today: session.today, calendar: session.calendar),
            let tip = TipCatalog.eligibleTips(in: context, state: state).first
        else { return }
        session.print()
        session.print(session.style.dim("Tip: \(tip.title). \(tip.message) (tend tips dismiss \(tip.id.rawValue))"))
    }

    /// Records an action that retires tips; a failure here never fails the command.
    static func record(_ session: Session, _ event: TipEvent) async {
        guard let state = try? await session.store.tipState(owner: session.owner),
            TipCatalog.all.contains(where: { $0.retiredBy == event && !state.isRetired($0.id) })
        else { return }
        try? await session.store.recordTipEvent(owner: session.owner, event)
    }
}
