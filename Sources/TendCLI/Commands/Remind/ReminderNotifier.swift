import ArgumentParser
import Foundation
import TendSpawn
import TendWords

/// How `tend remind` shows a reminder besides its line on stdout: a desktop notification through
/// `notify-send` (libnotify, on every common Linux desktop), or nothing more.
struct ReminderNotifier: Sendable {
    enum Kind: String, ExpressibleByArgument, CaseIterable, Sendable {
        case auto
        case notifySend = "notify-send"
        case print
    }

    /// The `notify-send` executable, when notifications go through it.
    let executable: String?

    init(kind: Kind, environment: [String: String]) throws {
        switch kind {
        case .print:
            executable = nil
        case .auto:
            executable = Self.find("notify-send", path: environment["PATH"])
        case .notifySend:
            guard let found = Self.find("notify-send", path: environment["PATH"]) else {
                throw CLIError(t("notify-send is not installed (Debian: apt-get install libnotify-bin); use --notifier print"))
            }
            executable = found
        }
    }

    /// Shows a notification; a failure (no desktop session, say) is reported once per reminder on
    /// stderr and never stops the loop: the line on stdout was already printed.
    func show(title: String, body: String) {
        guard let executable else { return }
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--app-name=Tend", "--", title, body]
        process.standardOutput = .null
        do {
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                CLIContext.current.printError(
                    "tend remind: " + t("notify-send failed (exit {status})", ["status": "\(process.terminationStatus)"]))
            }
        } catch {
            CLIContext.current.printError("tend remind: " + t("cannot run notify-send: {error}", ["error": error.localizedDescription]))
        }
    }

    /// The first executable `name` on `path` (PATH's folders).
    static func find(_ name: String, path: String?) -> String? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
