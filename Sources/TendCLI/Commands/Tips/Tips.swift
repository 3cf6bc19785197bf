import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

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
        let text = t(
            "Tip: {title}. {message} (tend tips dismiss {id})", ["title": tip.title, "message": tip.message, "id": tip.id.rawValue])
        for line in Terminal.wrapped(text, to: session.context.columns) { session.print(session.style.dim(line)) }
    }

    /// The tips the terminal shows: those whose message makes sense here (not the web app's
    /// "open a habit's menu"), in catalog order.
    static var catalog: [Tip] { TipCatalog.all.filter { $0.surfaces.contains(.cli) } }

    /// The tips to show in the terminal now: their rule holds, they are not retired and they
    /// belong to the terminal.
    static func eligibleTips(in context: TipContext, state: TipState) -> [Tip] {
        TipCatalog.eligibleTips(in: context, state: state).filter { $0.surfaces.contains(.cli) }
    }
}
