import Logging
import ServiceLifecycle
import TendReminders

/// Runs the ``ReminderScheduler`` in `tend serve`'s service group, once the server's keys are
/// loaded (a database without keys gets them now, before the first reminder is signed).
public struct ReminderSchedulerService: Service {
    let delivery: ReminderDelivery
    let configuration: ReminderScheduler.Configuration
    let metrics: ServerMetrics

    public func run() async throws {
        if delivery.subject() == ReminderDelivery.placeholderSubject {
            delivery.logger.warning(
                "no VAPID subject: pushes to Apple devices will be refused; set --vapid-subject mailto:you@example.com or an https --public-url"
            )
        }
        let deliverer = try await delivery.deliverer()
        let metrics = metrics
        let scheduler = ReminderScheduler(
            store: delivery.store, deliverer: deliverer, configuration: configuration, now: delivery.configuration.now,
            events: { metrics.record($0) }, logger: delivery.logger)
        try await scheduler.run()
    }
}
