import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// The browser app: pages at `/`, assets at `/assets/…`, `/sw.js`, `/manifest.webmanifest` and
/// live updates at `/events` (docs/web.md).
package enum TendWeb {
    /// Adds every web route to `router`. Pages that need a signed-in user redirect to `/login`
    /// when there is none; errors answer HTML pages, not problem bodies.
    package static func addRoutes(to router: Router<TendRequestContext>, _ web: WebDependencies) {
        AssetFiles().addRoutes(to: router)
        let open = router.group().add(middleware: WebErrorMiddleware())
        AuthPages(web: web).addRoutes(open: open)
        OpenIDPages(web: web, auth: AuthPages(web: web)).addRoutes(open: open)
        let signedIn = router.group()
            .add(middleware: WebErrorMiddleware())
            .add(middleware: AuthMiddleware(authenticator: web.authenticator))
            // The account's language from here on; errors inside are worded in it (the outer
            // error middleware words a missing session's, in the browser's language).
            .add(middleware: LanguageMiddleware.account(store: web.store, settings: web.recentSettings))
            .add(middleware: WebErrorMiddleware())
            .add(middleware: ChangeNotificationMiddleware(changes: web.changes))
        AuthPages(web: web).addRoutes(signedIn: signedIn)
        TodayPages(web: web).addRoutes(to: signedIn)
        HabitPages(web: web).addRoutes(to: signedIn)
        PausePages(web: web).addRoutes(to: signedIn)
        GroupPages(web: web).addRoutes(to: signedIn)
        DayEntryPages(web: web).addRoutes(to: signedIn)
        SettingsPages(web: web).addRoutes(to: signedIn)
        SignInSettingsPages(web: web).addRoutes(to: signedIn)
        RoutinePages(web: web).addRoutes(to: signedIn)
        DataPages(web: web).addRoutes(to: signedIn)
        EventsStream(web: web).addRoutes(to: signedIn)
    }
}

extension TendWeb {
    /// Where a tap on a habit's reminder leads: that day's page at the habit's card, where one
    /// tap checks it in.
    @Sendable package static func dayPath(habit: Habit.ID, day: Day) -> String {
        WebPaths.today() + "?date=\(day.iso)#habit-\(habit)"
    }

    /// The HTML page of a problem, for a browser that asked for an unknown page.
    package static func errorPage(_ problem: Problem) -> Response {
        Page.html(ErrorView.page(status: problem.status, message: WebErrorMiddleware.message(problem)), status: problem.status)
    }
}
