import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendSQLite
import TendStore

/// `tend tips list`.
struct TipsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the tips that apply now.",
        discussion: HelpText.fitted("Example:\n  tend tips list --all")
    )

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Every tip, with whether it applies and whether it is retired.") var all = false

    func run() async throws {
        let session = try await Session.open(options)
        let state = try await session.store.tipState(owner: session.owner)
        let context = try await Tips.context(session)
        let tips = all ? Tips.catalog : Tips.eligibleTips(in: context, state: state)
        if options.json {
            return try session.printJSON(
                tips.map { tip in
                    TipJSON(tip, applies: TipCatalog.applies(tip.id, in: context), retired: state.isRetired(tip.id))
                })
        }
        guard !tips.isEmpty else { return session.print("No tips right now.") }
        for tip in tips {
            let status = all ? (state.isRetired(tip.id) ? " (retired)" : TipCatalog.applies(tip.id, in: context) ? " (applies)" : "") : ""
            session.print("\(tip.id.rawValue)\(status)\n  \(tip.title): \(tip.message)")
        }
    }
}
