import Crypto
import Foundation
import Hummingbird
import TendAPI
import TendCore
import TendDelivery
import TendHTTP
import TendReminders
import TendStore
import TendWords

/// Test notifications, and the answers a reminder's notification carries ("Done", "Later"):
/// signed, single-use, expiring URLs that need no session (a service worker's fetch and an ntfy
/// button have none), so they are open routes whose token is the credential.
struct NotificationsAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(open: RouterGroup<Context>, signedIn: RouterGroup<Context>) {
        signedIn.on(APIRoute.testNotification, use: test)
        open.on(APIRoute.answerReminder, use: answer)
    }

    /// Sends a test notification to every target of the user at once and answers with each
    /// result; at most ``ReminderDelivery/testSendsPerMinute`` a minute per user (429 beyond).
    @Sendable func test(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let now = server.now
        if let retryAfter = server.reminders.testSends.attempt([user.id.description], now: now) {
            throw Problem.tooManyRequests(retryAfter: retryAfter, what: .testNotifications)
        }
        let deliverer = try await server.reminders.deliverer()
        let message = deliverer.testMessage(today: user.settings.today(now: now), now: now)
        let targets = ReminderTarget.bounded(
            push: try await server.store.pushSubscriptions(owner: user.id), webhooks: try await server.store.webhooks(owner: user.id))
        let results = await withTaskGroup(of: NotificationTestJSON.Result.self) { group in
            for target in targets {
                group.addTask {
                    let result = await deliverer.send(message, to: target, deliveryID: UUID(), now: now)
                    if case .gone = result { try? await server.store.remove(target, owner: user.id) }
                    return Self.json(result, target: target)
                }
            }
            var results: [NotificationTestJSON.Result] = []
            for await result in group { results.append(result) }
            return results.sorted { ($0.channel, $0.target) < ($1.channel, $1.target) }
        }
        return try Reply.json(NotificationTestJSON(results: results))
    }

    /// The id a firing's "Done" check-in is logged under: a version-8 UUID from SHA-256 of the
    /// firing's id, so no other change (another firing's, a device's random one) shares it.
    static func doneOperation(_ firing: ReminderFiring.ID) -> UUID {
        UUID.version8(SHA256.hash(data: Data("tend-reminder-done:\(firing.rawValue.uuidString)".utf8)))
    }

    static func json(_ result: DeliveryResult, target: ReminderTarget) -> NotificationTestJSON.Result {
        let (name, detail): (String, String?) =
            switch result {
            case .delivered: ("delivered", nil)
            case .gone(let status):
                ("gone", t("HTTP {status}: the service no longer knows this target; it was removed", ["status": "\(status)"]))
            case .retry(_, let reason): ("retry", reason)
            case .failed(_, let reason): ("failed", reason)
            case .refused(let error): ("refused", error.description)
            }
        return NotificationTestJSON.Result(channel: target.channel, target: target.key.id.text(), result: name, detail: detail)
    }

    /// `POST /reminders/actions/{token}/done`: checks the habit in for the day the reminder was
    /// for (not the day it is tapped: a 23:30 reminder answered at 00:10 checks yesterday);
    /// `…/later`: rings again after the user's snooze minutes. Either once per notification.
    @Sendable func answer(_ request: Request, context: Context) async throws -> Response {
        guard let answer = FiringAnswer(rawValue: try context.parameters.require("answer")) else {
            throw Problem.notFound(t("the answer is done or later"))
        }
        let now = server.now
        let token: ActionToken
        do {
            token = try ActionToken.verify(
                try context.parameters.require("token"), secret: try await server.reminders.actionSecret(), now: now)
        } catch ActionTokenError.expired {
            throw Problem(.gone, code: "expired", detail: t("this notification's answers have expired; open Tend to check in"))
        } catch {
            // Altered, foreign or malformed: as if there were no such URL.
            throw Problem.notFound(t("no such notification"))
        }
        let owner = User.ID(rawValue: token.owner)
        let firingID = ReminderFiring.ID(rawValue: token.firing)
        let firing: ReminderFiring
        let user: User
        do {
            user = try await server.store.user(id: owner)
            firing = try await server.store.firing(owner: owner, id: firingID)
        } catch StoreError.notFound {
            throw Problem.notFound(t("this reminder no longer exists"))
        }
        guard firing.habit == token.habit, firing.day == token.day else { throw Problem.notFound(t("no such notification")) }
        // A notification answered already ("Done", "Later") changes nothing more: not after the day
        // was reset since, and a "Done" is not a check-in once "Later" was chosen.
        guard try await server.store.firingAnswer(owner: owner, id: firingID) == nil else {
            throw Problem.conflict(t("this notification was answered already"))
        }
        switch answer {
        case .done:
            // The check-in is logged under an id of the firing's own, so it happens once: a tap
            // again after a crash between these two writes finds it logged and changes nothing,
            // then records the answer. Two taps at once check in once and answer once (the loser
            // gets 409); only a "Later" tapped in the same instant as "Done" can find the day checked.
            _ = try await server.store.perform(
                owner: owner, habit: token.habit, day: token.day, [.check], operation: Self.doneOperation(firingID))
            guard try await server.store.answerFiring(owner: owner, firingID, answer: .done, snooze: nil, now: now) else {
                throw Problem.conflict(t("this notification was answered already"))
            }
            return try Reply.json(ReminderAnswerJSON(answer: "done", habitId: token.habit, day: token.day, remindAgainAt: nil))
        case .later:
            let snooze = ReminderPlanner(settings: user.settings).snooze(firing, now: now, minutes: user.settings.snoozeMinutes)
            guard try await server.store.answerFiring(owner: owner, firingID, answer: .later, snooze: snooze, now: now) else {
                throw Problem.conflict(t("this notification was answered already"))
            }
            return try Reply.json(
                ReminderAnswerJSON(
                    answer: "later", habitId: token.habit, day: token.day,
                    remindAgainAt: snooze.firesAt.formatted(.iso8601)))
        }
    }
}
