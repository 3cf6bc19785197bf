import Foundation
import TendStore

extension SQLiteStore: BackupWriter {
    public var backupSuffix: String { ".sqlite" }

    public func writeBackup(to path: String) async throws -> Int {
        try await BlockingWork.run { try self.backup(to: path) }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? Int) ?? 0
    }
}
