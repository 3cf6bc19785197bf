import Prometheus
import TendCore
import TendReminders

extension ServerMetrics {
    static let latenessBuckets: [Duration] = [
        .seconds(1), .seconds(2), .seconds(5), .seconds(10), .seconds(30), .seconds(60), .seconds(300), .seconds(900),
        .seconds(3600),
    ]

    private func reminderCounter(_ name: String, _ help: String, _ labels: [(String, String)] = []) -> Counter {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(namespace: "tend", metricName: name, unitName: "total", helpText: help), labels: labels)
    }

    /// The scheduler's reports as `tend_reminders_*`: due, sent, late, missed (and other skips),
    /// failed and gone, by channel; and the lateness of what was sent.
    func record(_ event: ReminderEvent) {
        switch event {
        case .due(let count):
            reminderCounter("reminders_due", "Reminder firings that came due (claimed)").increment(by: Int64(count))
        case .delivered(let channel, let lateness):
            reminderCounter("reminders_sent", "Reminders delivered", [("channel", channel)]).increment()
            if lateness > 60 {
                reminderCounter("reminders_late", "Reminders delivered more than a minute after their time", [("channel", channel)])
                    .increment()
            }
            registry.makeDurationHistogram(
                descriptor: MetricNameDescriptor(
                    namespace: "tend", metricName: "reminder_lateness", unitName: "seconds",
                    helpText: "From a reminder's time to its delivery"),
                labels: [("channel", channel)], buckets: Self.latenessBuckets
            ).record(.milliseconds(Int64(lateness * 1000)))
        case .failed(let channel, let willRetry):
            reminderCounter(
                "reminders_failed", "Reminder deliveries refused or unreachable",
                [("channel", channel), ("retry", willRetry ? "yes" : "no")]
            ).increment()
        case .gone(let channel):
            reminderCounter("reminders_gone", "Targets their service reported gone (removed)", [("channel", channel)]).increment()
        case .passed:
            reminderCounter("reminder_passes", "Scheduler passes (one a second when idle)").increment()
        case .skipped(let reason):
            if reason == .missed { reminderCounter("reminders_missed", "Firings more than an hour late (not sent)").increment() }
            reminderCounter("reminders_skipped", "Firings not sent, by reason", [("reason", reason.rawValue)]).increment()
        }
    }
}
