import Foundation
import PostgresNIO
import TendCore
import TendImport
import TendStore

extension PostgresStore: BackupWriter {
    public var backupSuffix: String { "" }

    /// Every account's export (``TendImporter/exportJSON(store:owner:)``) as `<user id>.json`, and
    /// `accounts.json` naming them. Each export is one repeatable-read transaction: an account's
    /// copy is consistent in itself, not with other accounts' (which share nothing).
    public func writeBackup(to path: String) async throws -> Int {
        // Every account's data, webhook tokens included: a 0700 folder of 0600 files.
        guard !FileManager.default.fileExists(atPath: path) else { throw PrivateFileError(path: path, what: "exists already") }
        try PrivateFiles.createDirectory(atPath: path)
        var bytes = 0
        var accounts: [[String: String]] = []
        for (id, username) in try await userNames() {
            let data = try await TendImporter().exportJSON(store: self, owner: id)
            try PrivateFiles.write(data, toNewFile: URL(fileURLWithPath: path).appendingPathComponent("\(id).json").path)
            bytes += data.count
            accounts.append(["id": id.description, "username": username, "file": "\(id).json"])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let manifest = try encoder.encode(["accounts": accounts])
        try PrivateFiles.write(manifest, toNewFile: URL(fileURLWithPath: path).appendingPathComponent("accounts.json").path)
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
