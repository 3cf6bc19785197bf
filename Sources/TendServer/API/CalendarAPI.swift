import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendAPI
import TendCore
import TendDelivery
import TendHTTP
import TendReminders
import TendStore
import TendWords

/// The calendar feed: `GET /api/v1/calendar` answers the owner's secret feed URL, `POST
/// /api/v1/calendar/rotate` replaces it (every older URL stops working), and `GET
/// /calendar/{token}.ics` serves the feed to calendar apps, which cannot sign in: the token is the
/// credential, and anything but the owner's current one is 404.
struct CalendarAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(signedIn group: RouterGroup<Context>, open router: Router<Context>) {
        group.on(APIRoute.calendar, use: show)
        group.on(APIRoute.rotateCalendar, use: rotate)
        router.on(APIRoute.calendarFeed, under: "", use: feed)
        // Calendar apps ask with HEAD whether a feed changed or exists before they GET it.
        router.head(APIPaths.calendarFeed.route(), use: feed)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let path = try await server.targets.calendarPath(owner: owner)
        return try Reply.json(CalendarFeedJSON(url: server.client.origin(request, context: context) + path))
    }

    @Sendable func rotate(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let path = try await server.targets.rotateCalendar(owner: owner)
        return try Reply.json(CalendarFeedJSON(url: server.client.origin(request, context: context) + path))
    }

    /// `GET /calendar/{token}.ics`: the owner's reminders as iCalendar (RFC 5545) in their zone;
    /// `HEAD`, the same headers without the body.
    @Sendable func feed(_ request: Request, context: Context) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard let owner = try await server.targets.calendarOwner(token: token) else {
            throw Problem.notFound("no calendar feed at this address (it may have been replaced by a new one)")
        }
        let user = try await server.store.user(id: owner)
        let habits = try await server.store.habits(owner: owner, includeArchived: false)
        // In the owner's words, as their reminders are.
        let words = Words.of(user.settings.reminderLanguage)
        let text = Words.$current.withValue(words) {
            ICalendarFeed(
                name: t("Tend reminders"), timeZone: user.settings.calendar.timeZone, habits: habits,
                defaultMessage: { habit in Words.$current.withValue(words) { ReminderMessage.defaultBody(for: habit) } }
            ).render(now: server.now)
        }
        let body = ByteBuffer(string: text)
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/calendar; charset=utf-8", .contentLength: String(body.readableBytes),
                // A secret URL's answer: no shared cache may keep it.
                .cacheControl: "private, no-store",
            ],
            body: .init(byteBuffer: request.method == .head ? ByteBuffer() : body))
    }
}
