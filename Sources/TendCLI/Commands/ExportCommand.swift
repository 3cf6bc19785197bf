import ArgumentParser
import Foundation
import TendCore
import TendImport
import TendStore
import TendWords

/// `tend export`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export everything: Tend JSON (complete), CSV for spreadsheets, or Loop Habit Tracker's CSV zip.",
        discussion: HelpText.fitted(
            """
            JSON and CSV go to stdout unless --output is given; the Loop zip needs --output.

            Examples:
              tend export > tend.json
              tend export --format csv --output habits.csv
              tend export --format loop-csv --output Loop.zip
            """)
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, csv
        case loopCSV = "loop-csv"
    }

    @OptionGroup var options: GlobalOptions
    @Option(help: "json, csv or loop-csv.") var format: Format = .json
    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file (must not exist).", valueName: "file")) var output: String?

    func run() async throws {
        let session = try await Session.open(options)
        let importer = TendImporter(now: session.context.now)
        let data: Data
        switch format {
        case .json: data = try await importer.exportJSON(store: session.store, owner: session.owner)
        case .csv: data = try await importer.exportCSV(store: session.store, owner: session.owner)
        case .loopCSV: data = try await importer.exportLoopCSVZip(store: session.store, owner: session.owner)
        }
        guard let output else {
            guard format != .loopCSV else { throw CLIError(t("the loop-csv export is a zip file: give --output FILE")) }
            session.context.output.writeOut(String(decoding: data, as: UTF8.self))
            return
        }
        guard !FileManager.default.fileExists(atPath: output) else {
            throw CLIError(t("{file} already exists; choose a new file", ["file": output]))
        }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .withoutOverwriting)
        } catch {
            throw CLIError(t("cannot write {path}: {error}", ["path": output, "error": (error as NSError).localizedDescription]))
        }
        if options.quiet { return }
        session.context.printError(
            tPlural("Exported to {file} ({count} bytes).", "Exported to {file} ({count} bytes).", count: data.count, ["file": output]))
    }
}
