import Foundation

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
        if s % 86_400 == 0 { return s == 86_400 ? "every day" : "every \(s / 86_400) days" }
        if s % 3600 == 0 { return s == 3600 ? "every hour" : "every \(s / 3600) hours" }
        if s % 60 == 0 { return "every \(s / 60) minutes" }
        return "every \(s) seconds"
    }
}
