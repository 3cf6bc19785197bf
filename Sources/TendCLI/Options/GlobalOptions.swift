import ArgumentParser
import Foundation

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SQLite database file (default: $TEND_DATABASE, else $XDG_DATA_HOME/tend/tend.sqlite).",
            valueName: "path"))
    var database: String?

    @Flag(name: .long, help: "Print JSON with stable keys (see docs/cli.md).")
    var json = false

    @Flag(name: .customLong("no-color"), help: "No ANSI colors (also when NO_COLOR is set or output is not a terminal).")
    var noColor = false

    @Flag(name: .long, help: "Print nothing but errors after a change; no tips.")
    var quiet = false

    /// The database path: `--database`, then `TEND_DATABASE`, then the XDG data directory.
    func databasePath(environment: [String: String]) -> String {
        if let database, !database.isEmpty { return database }
        if let path = environment["TEND_DATABASE"], !path.isEmpty { return path }
        return GlobalOptions.defaultDatabasePath(environment: environment)
    }

    static func defaultDatabasePath(environment: [String: String]) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        return (dataHome as NSString).appendingPathComponent("tend/tend.sqlite")
    }
}
