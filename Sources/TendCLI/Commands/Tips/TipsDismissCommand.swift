import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend tips dismiss ID`.
struct TipsDismissCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss",
        abstract: "Hide a tip for good (without an id: the tip shown now).",
        discussion: HelpText.fitted("Example:\n  tend tips dismiss neverMissTwice")
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The tip's id (see tend tips).", valueName: "tip")) var tip: String?

    func run() async throws {
        let session = try await Session.open(options)
        let id: Tip.ID
        if let tip {
            guard let known = Tip.ID.allCases.first(where: { $0.rawValue.lowercased() == tip.lowercased() }) else {
                let ids = Tip.ID.allCases.map(\.rawValue).joined(separator: ", ")
                throw CLIError(t("no tip '{tip}' (one of: {tips})", ["tip": tip, "tips": ids]))
            }
            id = known
        } else {
            let state = try await session.store.tipState(owner: session.owner)
            guard let first = Tips.eligibleTips(in: try await Tips.context(session), state: state).first else {
                throw CLIError(t("no tip applies now"))
            }
            id = first.id
        }
        try await session.store.dismissTip(owner: session.owner, id)
        if options.json { return try session.printJSON(["dismissed": id.rawValue]) }
        if options.quiet { return }
        session.print(t("Dismissed {tip}.", ["tip": id.rawValue]))
    }
}
