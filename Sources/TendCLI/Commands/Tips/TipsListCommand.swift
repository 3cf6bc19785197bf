import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendSQLite
import TendStore
import TendWords

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
        if options.json { return try session.printJSON(Self.json(all: all, context: context, state: state)) }
        let tips = all ? Tips.catalog : Tips.eligibleTips(in: context, state: state)
        guard !tips.isEmpty else { return session.print(t("No tips right now.")) }
        for tip in tips {
            var status = ""
            if all, state.isRetired(tip.id) {
                status = " " + t("(retired)")
            } else if all, TipCatalog.applies(tip.id, in: context) {
                status = " " + t("(applies)")
            }
            session.print("\(tip.id.rawValue)\(status)\n  \(tip.title): \(tip.message)")
        }
    }

    /// The tips as `--json` shows them: their titles and messages in English, since `--json`
    /// never changes with the language (the catalog says them in the current words' language).
    static func json(all: Bool, context: TipContext, state: TipState) -> [TipJSON] {
        Words.$current.withValue(.english) {
            (all ? Tips.catalog : Tips.eligibleTips(in: context, state: state)).map { tip in
                TipJSON(tip, applies: TipCatalog.applies(tip.id, in: context), retired: state.isRetired(tip.id))
            }
        }
    }
}
