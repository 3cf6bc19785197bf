import Foundation
import PostgresNIO
import TendCore

extension PostgresStore: BackupWriter {
    public var backupSuffix: String { "" }

    /// Every account's export (``TendImporter/exportJSON(store:owner:)``) as `<user id>.json`, and
    /// `accounts.json` naming them. Each export is one repeatable-read transaction: an account's
    /// copy is consistent in itself, not with other accounts' (which share nothing).
    public func writeBackup(to path: String) async throws -> Int {
        let files = FileManager.default
        try files.createDirectory(atPath: path, withIntermediateDirectories: false)
        var bytes = 0
        var accounts: [[String: String]] = []
        for (id, username) in try await userNames() {
            let data = try await TendImporter().exportJSON(store: self, owner: id)
            try data.write(to: URL(fileURLWithPath: path).appendingPathComponent("\(id).json"))
            bytes += data.count
            accounts.append(["id": id.description, "username": username, "file": "\(id).json"])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let manifest = try encoder.encode(["accounts": accounts])
        try manifest.write(to: URL(fileURLWithPath: path).appendingPathComponent("accounts.json"))
        return bytes + manifest.count
    }
}

extension PostgresStore {
    /// Every user's id and name, by name.
    func userNames() async throws -> [(User.ID, String)] {
        try await read { c in
            try await self.rows("SELECT id, username FROM users ORDER BY username_key", on: c).map { row in
                let (id, name) = try row.decode((UUID, String).self)
                return (User.ID(rawValue: id), name)
            }
        }
    }
}
