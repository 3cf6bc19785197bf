import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend doctor [--rebuild]`: checks what the database keeps besides the data — each habit's
/// summary of its settled days (docs/storage.md) — against the entries.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the habits' summaries against their entries (and rebuild them).",
        discussion: HelpText.fitted(
            """
            Every habit keeps a summary of its past days' statuses, so that Today and the heatmap \
            need not read years of check-ins. It is kept up to date with every change; this \
            rebuilds each one from the whole history and compares. A summary that disagrees is \
            reported (exit status 1); --rebuild builds them all anew first.

            Example:
              tend doctor --rebuild
            """)
    )

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Build every habit's summary anew from its whole history before checking.") var rebuild = false

    struct Report: Encodable {
        var rebuilt: Bool
        var mismatches: [String]
    }

    func run() async throws {
        let session = try await Session.open(options)
        if rebuild { try await session.store.rebuildSummaries(now: session.now) }
        let found = try await session.store.summaryMismatches(now: session.now)
        if options.json {
            try session.printJSON(Report(rebuilt: rebuild, mismatches: found.map(\.description)))
        } else if !options.quiet, found.isEmpty {
            session.print(
                rebuild ? t("Summaries rebuilt; they agree with the entries.") : t("Every habit's summary agrees with its entries."))
        }
        if let first = found.first {
            throw CLIError(
                tPlural(
                    "{count} habit summary disagrees with the entries ({first}): run `tend doctor --rebuild`",
                    "{count} habit summaries disagree with the entries ({first}): run `tend doctor --rebuild`", count: found.count,
                    ["first": "\(first)"]))
        }
    }
}
