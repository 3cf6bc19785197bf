import Foundation
import TendWords

/// What `tend sync login` keeps to reach the account: the server, the username and the API token
/// it made. In a file of its own beside the database (`<database>.sync.json`), readable by its
/// owner only (mode 0600), so the database itself (copied, backed up) never carries the secret.
struct SyncCredentials: Codable, Hashable, Sendable {
    var server: String
    var username: String
    var token: String
    var tokenID: String

    static func path(database: String) -> String { database + ".sync.json" }

    static func load(database: String) throws -> SyncCredentials? {
        let path = path(database: database)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(SyncCredentials.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw CLIError(
                t("cannot read {path}: {error}; sign in again with `tend sync login`", ["path": path, "error": error.localizedDescription]))
        }
    }

    /// Writes the file with mode 0600 from its creation (never readable by others, not for a moment).
    func save(database: String) throws {
        let path = Self.path(database: database)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(self)
        let temporary = path + ".tmp"
        try? FileManager.default.removeItem(atPath: temporary)
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CLIError(t("cannot write {path}", ["path": temporary]))
        }
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
    }

    static func remove(database: String) throws {
        let path = path(database: database)
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
    }
}
