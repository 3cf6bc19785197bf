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
            --quiet, --json or when output is not a terminal). A dismissed tip never comes back. \
            Tips about the web app's controls are not listed here.

            Examples:
              tend tips
              tend tips dismiss neverMissTwice
            """,
        subcommands: [TipsListCommand.self, TipsDismissCommand.self],
        defaultSubcommand: TipsListCommand.self
    )
}

/// Tips shown under other commands' output.
enum Tips {
    static func context(_ session: Session) async throws -> TipContext {
        let habits = try await session.store.trackedHabits(owner: session.owner, includeArchived: false)
        let routines = try await session.store.routines(owner: session.owner)
        return TipContext(habits: habits, routines: routines, today: session.today, calendar: session.calendar)
    }

    /// Prints the first tip that applies, only on a terminal and without --quiet or --json.
    /// `habits` may hold recent entries only: the rules look at the last weeks. `routines` are
    /// the user's (the caller has read them already).
    static func showOne(_ session: Session, habits: [TrackedHabit], routines: [Routine]) async {
        guard session.context.stdoutIsTerminal, !session.options.quiet, !session.options.json else { return }
        guard let state = try? await session.store.tipState(owner: session.owner),
            case let context = TipContext(habits: habits, routines: routines, today: session.today, calendar: session.calendar),
            let tip = eligibleTips(in: context, state: state).first
        else { return }
        session.print()
        session.print(session.style.dim("Tip: \(tip.title). \(tip.message) (tend tips dismiss \(tip.id.rawValue))"))
    }

    /// The tips the terminal shows: those whose message makes sense here (not the web app's
    /// "open a habit's menu"), in catalog order.
    static var catalog: [Tip] { TipCatalog.all.filter { $0.surfaces.contains(.cli) } }

    /// The tips to show in the terminal now: their rule holds, they are not retired and they
    /// belong to the terminal.
    static func eligibleTips(in context: TipContext, state: TipState) -> [Tip] {
        TipCatalog.eligibleTips(in: context, state: state).filter { $0.surfaces.contains(.cli) }
    }

    /// Records an action that retires tips; a failure here never fails the command.
    static func record(_ session: Session, _ event: TipEvent) async {
        guard let state = try? await session.store.tipState(owner: session.owner),
            TipCatalog.all.contains(where: { $0.retiredBy == event && !state.isRetired($0.id) })
        else { return }
        try? await session.store.recordTipEvent(owner: session.owner, event)
    }
}
