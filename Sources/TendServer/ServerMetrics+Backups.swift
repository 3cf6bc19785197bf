import Foundation
import Prometheus

extension ServerMetrics {
    /// A scheduled backup's outcome: `tend_backups_total{result}`, and for a success
    /// `tend_backup_last_success_timestamp_seconds` and `tend_backup_last_bytes` (alert when the
    /// timestamp grows older than the interval).
    func recordBackup(_ outcome: ScheduledBackups.Outcome) {
        let result = outcome.path == nil ? "failed" : "ok"
        registry.makeCounter(name: "tend_backups_total", labels: [("result", result)], help: "Scheduled backups attempted")
            .increment()
        guard outcome.path != nil else { return }
        registry.makeGauge(name: "tend_backup_last_success_timestamp_seconds", help: "When the latest successful backup started")
            .set(Int64(outcome.at.timeIntervalSince1970))
        registry.makeGauge(name: "tend_backup_last_bytes", help: "The size of the latest successful backup").set(Int64(outcome.bytes))
    }
}
