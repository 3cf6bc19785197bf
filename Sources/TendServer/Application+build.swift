import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
@_exported import TendHTTP
import TendReminders
import TendStore
import TendWeb

/// `tend serve`'s application: the JSON API under `/api/v1` with `/healthz` and `/metrics`, and
/// the web app at `/`, on one router; and `services`, the store's background work (its
/// PostgreSQL client, its SQLite checkpointer), which run before the server starts and stop after
/// it has answered its last request (graceful shutdown goes in reverse order), followed by the
/// reminder scheduler (which stops first, after recording what it was delivering).
///
/// The one seam for production and tests: `tend serve` passes the store it opened and that
/// store's `services`; tests pass an SQLite store in memory and run `app.test(.router)`.
public func buildApplication(
    _ configuration: ServerConfiguration,
    store: any ServerStore,
    services: [any Service] = [],
    reminderScheduler: ReminderScheduler.Configuration? = ReminderScheduler.Configuration(),
    backups: ScheduledBackups.Configuration? = nil,
    logger: Logger,
    metrics: ServerMetrics = ServerMetrics(),
    onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let reminders = ReminderDelivery(configuration: configuration, store: store, logger: logger, dayPath: TendWeb.dayPath)
    let scheduler = reminderScheduler.map { [reminders.scheduler(configuration: $0, metrics: metrics)] } ?? []
    let backupService = scheduledBackups(backups, store: store, now: configuration.now, logger: logger, metrics: metrics)
    return Application(
        router: buildRouter(configuration, store: store, metrics: metrics, reminders: reminders, backups: backupService),
        server: .http1(configuration: .init(idleTimeout: .init(configuration.idleTimeout))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Tend"),
        services: services + [ExpiredTokenSweeper(store: store, now: configuration.now, logger: logger)] + scheduler
            + (backupService.map { [$0] } ?? []),
        onServerRunning: onServerRunning,
        logger: logger)
}

/// The scheduled backups, when asked for and the store can write them.
private func scheduledBackups(
    _ configuration: ScheduledBackups.Configuration?, store: any ServerStore, now: @escaping @Sendable () -> Date, logger: Logger,
    metrics: ServerMetrics
) -> ScheduledBackups? {
    guard let configuration, let writer = store as? any BackupWriter else { return nil }
    return ScheduledBackups(writer: writer, configuration: configuration, now: now, logger: logger, metrics: metrics)
}

/// Every route and middleware of ``buildApplication(_:store:services:reminderScheduler:backups:logger:metrics:onServerRunning:)``.
public func buildRouter(
    _ configuration: ServerConfiguration, store: any ServerStore, metrics: ServerMetrics = ServerMetrics(),
    reminders: ReminderDelivery? = nil, backups: ScheduledBackups? = nil
) -> Router<TendRequestContext> {
    let reminders =
        reminders
        ?? ReminderDelivery(configuration: configuration, store: store, logger: Logger(label: "tend.server"), dayPath: TendWeb.dayPath)
    let router = Router(context: TendRequestContext.self)
    // Outermost first: every answer, an error's too, is logged and carries the security headers.
    router.add(middleware: RequestLogMiddleware(metrics: metrics))
    router.add(middleware: SecurityHeadersMiddleware(client: ClientInfo(configuration: configuration)))
    router.add(middleware: ProxyHeaderWarningMiddleware(client: ClientInfo(configuration: configuration)))
    // Problems and pages are worded in the browser's language; signed-in routes switch to the account's.
    router.add(middleware: LanguageMiddleware.browser)
    router.add(middleware: ProblemMiddleware(page: TendWeb.errorPage))

    // Shared by the API and the web pages: one sign-in rate limit, one set of credentials, one
    // live-update wake-up, one settings cache.
    let accounts = AccountService(configuration: configuration, store: store)
    let trustedHeaderCounts = TrustedHeaderCounts()
    // Reported only where the header is in use: elsewhere the counters would be noise at zero.
    if configuration.trustedHeader != nil { metrics.observe(trustedHeaderCounts) }
    let authenticator = Authenticator(store: store, configuration: configuration, trustedHeaderCounts: trustedHeaderCounts)
    let changes = ChangeNotifier()
    let recentSettings = RecentSettings()
    let importGate = ImportGate(capacity: configuration.maximumConcurrentImports)
    let today = TodayReader(store: store, budget: configuration.cacheBudget, now: configuration.now)

    JSONAPI.addRoutes(
        to: router,
        ServerDependencies(
            configuration: configuration, store: store, metrics: metrics, accounts: accounts, recentSettings: recentSettings,
            importGate: importGate, reminders: reminders, today: today),
        authenticator: authenticator, changes: changes)

    let live = LiveUpdates(store: store, changes: changes)
    metrics.observe(live)
    var backupReport: (@Sendable () -> ServerBackupReport)?
    if let backups { backupReport = { @Sendable in backups.report } }
    let web = WebDependencies(
        configuration: configuration, store: store, accounts: accounts, authenticator: authenticator, changes: changes,
        live: live, recentSettings: recentSettings, importGate: importGate, backups: backupReport, today: today)
    metrics.observe { web.cacheCounts }
    TendWeb.addRoutes(to: router, web)
    return router
}
