import Foundation
import TendWords

/// What the server's scheduled backups (`tend serve --backup-dir`) last did, for the owner's Data
/// page.
package struct ServerBackupReport: Sendable, Hashable {
    package var directory: String
    package var intervalSeconds: Int
    package var keep: Int
    /// The latest attempt: when it started, and its error when it failed.
    package var latestAt: Date?
    package var latestError: String?
    /// The latest success: when it started, where it is and its size.
    package var lastSuccessAt: Date?
    package var lastSuccessPath: String?
    package var lastSuccessBytes: Int

    package init(
        directory: String, intervalSeconds: Int, keep: Int, latestAt: Date?, latestError: String?, lastSuccessAt: Date?,
        lastSuccessPath: String?, lastSuccessBytes: Int
    ) {
        self.directory = directory
        self.intervalSeconds = intervalSeconds
        self.keep = keep
        self.latestAt = latestAt
        self.latestError = latestError
        self.lastSuccessAt = lastSuccessAt
        self.lastSuccessPath = lastSuccessPath
        self.lastSuccessBytes = lastSuccessBytes
    }

    /// "every 24 hours", "every 30 minutes", "every 2 days".
    var cadence: String {
        let s = intervalSeconds
        if s % 86_400 == 0 { return tPlural("every day", "every {count} days", count: s / 86_400) }
        if s % 3600 == 0 { return tPlural("every hour", "every {count} hours", count: s / 3600) }
        // English has always said "every 1 minutes" (and "every 1 seconds"): kept as it was.
        if s % 60 == 0 { return tPlural("every {count} minutes", "every {count} minutes", count: s / 60) }
        return tPlural("every {count} seconds", "every {count} seconds", count: s)
    }
}
