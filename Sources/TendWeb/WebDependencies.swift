import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import TendAPI
import TendCore
import TendHTTP
import TendReminders
import TendStore

/// What every web route collection (`…Pages`) works with. Built once by `buildRouter` (TendServer), which shares the
/// account service (one sign-in rate limit), the authenticator and the change notifier with the
/// JSON API.
package struct WebDependencies: RequestDependencies {
    package let configuration: ServerConfiguration
    package let store: any ServerStore
    package let accounts: AccountService
    /// Sign-in through OpenID Connect providers (`--oidc`), with the same account service.
    package let openID: OpenIDSignIn
    package let authenticator: Authenticator
    package let changes: ChangeNotifier
    package let live: LiveUpdates
    /// Settings read in the last second, shared with the JSON API (a check-in's day check).
    package let recentSettings: RecentSettings
    /// Push subscriptions, webhooks and the calendar feed: checked as the JSON API checks them.
    package let reminders: ReminderTargets
    /// What the server's scheduled backups last did (`tend serve --backup-dir`), for its owner.
    package let backups: (@Sendable () -> ServerBackupReport)?
    /// Files between an import's preview and its confirmation.
    package let imports = ImportStaging()
    /// Imports running at once, shared with the JSON API.
    package let importGate: ImportGate
    /// Today's page (and the API's answer): the op-log position, held habits, memo, fragments and
    /// kept pages, shared with the JSON API.
    package let today: TodayReader

    /// What the Today caches did so far, for `/metrics`.
    package var cacheCounts: WebCacheCounts { today.cacheCounts }

    package init(
        configuration: ServerConfiguration, store: any ServerStore, accounts: AccountService,
        authenticator: Authenticator, changes: ChangeNotifier, live: LiveUpdates? = nil,
        recentSettings: RecentSettings = RecentSettings(), importGate: ImportGate? = nil,
        backups: (@Sendable () -> ServerBackupReport)? = nil, today: TodayReader? = nil
    ) {
        self.backups = backups
        self.recentSettings = recentSettings
        self.importGate = importGate ?? ImportGate(capacity: configuration.maximumConcurrentImports)
        reminders = ReminderTargets(store: store, allowPrivateTargets: configuration.allowPrivateTargets)
        self.configuration = configuration
        self.today = today ?? TodayReader(store: store, budget: configuration.cacheBudget, now: configuration.now)
        self.store = store
        self.accounts = accounts
        openID = OpenIDSignIn(store: store, accounts: accounts, providers: SignInProviders(configuration: configuration))
        self.authenticator = authenticator
        self.changes = changes
        self.live = live ?? LiveUpdates(store: store, changes: changes)
    }

    /// What the layout needs about the signed-in user.
    func session(_ context: TendRequestContext, user: User) throws -> SessionInfo {
        let identity = try context.requireIdentity()
        return SessionInfo(
            username: user.username, csrfToken: accounts.csrfToken(for: identity) ?? "", timeZone: user.settings.timeZone,
            keptZones: user.settings.keptDeviceZones)
    }
}
