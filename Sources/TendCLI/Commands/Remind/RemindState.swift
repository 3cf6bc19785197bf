import Foundation
import TendWords

/// The instant up to which `tend remind` has handled firings, kept in a small file beside the
/// database so a restart (or the next `--once`) neither repeats nor drops a reminder. Written by
/// replacing the file whole, so a crash leaves the old instant or the new one.
struct RemindState {
    let path: String

    func handledThrough() throws -> Date? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let seconds = Double(text) else {
            throw CLIError(t("{path} is not a tend remind state file; remove it to start from now", ["path": path]))
        }
        return Date(timeIntervalSince1970: seconds)
    }

    func save(handledThrough instant: Date) throws {
        do {
            try Data(String(instant.timeIntervalSince1970).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIError(t("cannot write {path}: {error}", ["path": path, "error": error.localizedDescription]))
        }
    }
}
