import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Prometheus
import Synchronization
import TendHTTP
import TendWeb

/// The server's Prometheus metrics, in a registry of its own (so several applications, as tests
/// make them, never share counters).
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry

    /// The live-update hub whose streams and polls `/metrics` reports (set by `buildRouter`).
    private let live = Mutex<(hub: LiveUpdates?, reportedPolls: Int)>((nil, 0))
    /// The web's cache counts, and how many of each `/metrics` has reported.
    private let caches = Mutex<(counts: (@Sendable () -> WebCacheCounts)?, reported: [String: Int])>((nil, [:]))
    /// The trusted header's counts, and how many of each `/metrics` has reported.
    private let trustedHeader = Mutex<(counts: TrustedHeaderCounts?, reported: [String: Int])>((nil, [:]))

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    /// Reports `live`'s open streams (`tend_live_streams`), watched users (`tend_live_watchers`)
    /// and op-log polls (`tend_live_polls_total`) with every exposition.
    package func observe(_ hub: LiveUpdates) {
        live.withLock { $0 = (hub, hub.polls) }
    }

    /// Reports the trusted header's sign-ins, sign-ups, refusals and ignored headers
    /// (`tend_trusted_header_total{result}`) with every exposition.
    package func observe(_ counts: TrustedHeaderCounts) {
        trustedHeader.withLock { $0.counts = counts }
    }

    /// Reports what the web's Today caches did (`tend_today_pages_total{source}`,
    /// `tend_held_habits_reads_total{outcome}`) with every exposition.
    package func observe(_ caches: @escaping @Sendable () -> WebCacheCounts) {
        self.caches.withLock { $0.counts = caches }
    }

    private func recordCaches() {
        caches.withLock { state in
            guard let counts = state.counts?() else { return }
            for (name, label, value, count, help) in [
                ("tend_today_pages_total", "source", "cache", counts.todayPagesCached, "Today pages sent, by where they came from"),
                ("tend_today_pages_total", "source", "rendered", counts.todayPagesRendered, "Today pages sent, by where they came from"),
                (
                    "tend_held_habits_reads_total", "outcome", "current", counts.heldCurrent,
                    "Reads of an owner's held habits, by what they needed"
                ),
                (
                    "tend_held_habits_reads_total", "outcome", "replayed", counts.heldReplayed,
                    "Reads of an owner's held habits, by what they needed"
                ),
                (
                    "tend_held_habits_reads_total", "outcome", "read", counts.heldRead,
                    "Reads of an owner's held habits, by what they needed"
                ),
            ] {
                let key = name + value
                registry.makeCounter(name: name, labels: [(label, value)], help: help)
                    .increment(by: Int64(max(0, count - (state.reported[key] ?? 0))))
                state.reported[key] = max(state.reported[key] ?? 0, count)
            }
        }
    }

    private func recordTrustedHeader() {
        trustedHeader.withLock { state in
            guard let counts = state.counts?.snapshot else { return }
            for (result, count) in [
                ("signed-in", counts.signIns), ("signed-up", counts.signUps), ("refused", counts.refused),
                ("ignored-untrusted-address", counts.ignored),
            ] {
                let counter = registry.makeCounter(
                    name: "tend_trusted_header_total", labels: [("result", result)],
                    help: "Requests carrying the trusted sign-in header, by what it did")
                counter.increment(by: Int64(max(0, count - (state.reported[result] ?? 0))))
                state.reported[result] = max(state.reported[result] ?? 0, count)
            }
        }
    }

    private func recordLive() {
        live.withLock { live in
            guard let hub = live.hub else { return }
            registry.makeGauge(name: "tend_live_streams", help: "Open live-update streams (web pages) on this instance")
                .set(Int64(hub.openStreams))
            registry.makeGauge(name: "tend_live_watchers", help: "Users whose op log this instance watches for open pages")
                .set(Int64(hub.watchedUsers))
            let polls = hub.polls
            registry.makeCounter(name: "tend_live_polls_total", help: "Op-log reads by live-update watchers")
                .increment(by: Int64(max(0, polls - live.reportedPolls)))
            live.reportedPolls = max(live.reportedPolls, polls)
        }
    }

    /// The method as a metrics label: a client's made-up methods all count as `OTHER`, so they
    /// cannot grow the registry without bound (routes are already bounded: their patterns, or
    /// `NotFound`).
    static func label(for method: HTTPRequest.Method) -> String {
        [.get, .head, .post, .put, .patch, .delete, .options].contains(method) ? method.rawValue : "OTHER"
    }

    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    private struct RouteKey: Hashable {
        var method: String
        var route: String
    }

    private struct StatusKey: Hashable {
        var route: RouteKey
        var status: Int
    }

    /// The request metrics already made, by their labels: the registry's lookup builds the
    /// metric's name and label text on every call, as much as a small request's own work. The
    /// labels are bounded (see ``label(for:)``), so these are too.
    private let requestMetrics = Mutex<(counters: [StatusKey: Counter], histograms: [RouteKey: DurationHistogram])>(([:], [:]))

    func record(method: String, route: String, status: Int, duration: Duration) {
        let routeKey = RouteKey(method: method, route: route)
        let statusKey = StatusKey(route: routeKey, status: status)
        let kept = requestMetrics.withLock { ($0.counters[statusKey], $0.histograms[routeKey]) }
        let counter =
            kept.0
            ?? registry.makeCounter(
                descriptor: MetricNameDescriptor(
                    namespace: "tend", metricName: "http_requests", unitName: "total", helpText: "HTTP requests answered"),
                labels: [("method", method), ("route", route), ("status", String(status))])
        let histogram =
            kept.1
            ?? registry.makeDurationHistogram(
                descriptor: MetricNameDescriptor(
                    namespace: "tend", metricName: "http_request_duration", unitName: "seconds",
                    helpText: "Time to answer an HTTP request"),
                labels: [("method", method), ("route", route)],
                buckets: Self.buckets)
        if kept.0 == nil || kept.1 == nil {
            requestMetrics.withLock {
                $0.counters[statusKey] = counter
                $0.histograms[routeKey] = histogram
            }
        }
        counter.increment()
        histogram.record(duration)
    }

    /// Operations devices pushed (`tend_sync_operations_total`, by whether they were new or a retry's).
    func recordSync(accepted: Int, duplicates: Int) {
        for (result, count) in [("accepted", accepted), ("duplicate", duplicates)] where count > 0 {
            registry.makeCounter(
                name: "tend_sync_operations_total", labels: [("result", result)], help: "Operations pushed by syncing devices"
            ).increment(by: Int64(count))
        }
    }

    /// The Prometheus text exposition.
    public func exposition() -> String {
        recordLive()
        recordTrustedHeader()
        recordCaches()
        return registry.emitToString()
    }
}
