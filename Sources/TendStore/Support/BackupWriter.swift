import Foundation

/// A store that can write a consistent copy of everything it holds while writes go on, for
/// `tend serve --backup-dir` (docs/storage.md, "Backups"). What a copy is depends on the store:
/// SQLite writes one database file (its online backup, read back by `tend restore`); PostgreSQL
/// writes a directory with every account's portable export (read back by `tend import`).
public protocol BackupWriter: Sendable {
    /// How a backup's name ends: `.sqlite` for a file, empty for a directory.
    var backupSuffix: String { get }
    /// Writes a backup at `path`, which does not exist yet; answers its size in bytes.
    func writeBackup(to path: String) async throws -> Int
}
