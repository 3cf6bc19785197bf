import Hummingbird
import TendAPI
import TendHTTP
import TendReminders

/// The JSON API (docs/server.md): `/healthz`, `/metrics` and the OpenAPI document, the open
/// account routes (sign-up, tokens, session) and everything else under `/api/v1` behind
/// authentication. Problems are JSON bodies (the router's ``ProblemMiddleware``).
enum JSONAPI {
    /// Adds every API route to `router`; `authenticator` and `changes` are the ones the web
    /// pages share (one set of credentials, one live-update wake-up).
    static func addRoutes(
        to router: Router<TendRequestContext>, _ server: ServerDependencies, authenticator: Authenticator, changes: ChangeNotifier
    ) {
        OperationsAPI(server: server).addRoutes(to: router)

        let open = router.group(RouterPath(APIPaths.base))
        let signedIn = router.group(RouterPath(APIPaths.base))
            .add(middleware: AuthMiddleware(authenticator: authenticator))
            .add(middleware: LanguageMiddleware.account(store: server.store, settings: server.recentSettings))
            .add(middleware: ChangeNotificationMiddleware(changes: changes))
        AccountsAPI(server: server).addRoutes(open: open, signedIn: signedIn)
        HabitsAPI(server: server).addRoutes(to: signedIn)
        PausesAPI(server: server).addRoutes(to: signedIn)
        DaysAPI(server: server).addRoutes(to: signedIn)
        ViewsAPI(server: server).addRoutes(to: signedIn)
        RoutinesAPI(server: server).addRoutes(to: signedIn)
        GroupsAPI(server: server).addRoutes(to: signedIn)
        RemindersAPI(server: server).addRoutes(to: signedIn)
        SettingsAPI(server: server).addRoutes(to: signedIn)
        SyncAPI(server: server).addRoutes(to: signedIn)
        DataAPI(server: server).addRoutes(to: signedIn)
        NotificationsAPI(server: server).addRoutes(open: open, signedIn: signedIn)
        ReminderTargetsAPI(server: server).addRoutes(to: signedIn)
        CalendarAPI(server: server).addRoutes(signedIn: signedIn, open: router)
    }
}
