import TendCore
import TendWords

/// The checks and refusals every store applies to reminder delivery's records.
public enum ReminderRules {
    /// Endpoints and URLs longer than this are not real ones (browsers' are a few hundred bytes).
    static let maximumURLLength = 2048
    static let maximumKeyLength = 256

    /// Push subscriptions one account may have: a phone, a tablet and a few browsers, with room.
    public static let maximumPushSubscriptions = 20
    /// Webhooks one account may have (ntfy topics, a home server, a chat).
    ///
    /// Every reminder and every test notification goes to all of an account's targets at once, so
    /// these bound one person's share of the server's delivery work: a thousand webhooks to names
    /// that do not resolve would hold a test send for minutes.
    public static let maximumWebhooks = 10

    /// Whether another push subscription may be added to the `existing` ones (subscribing an
    /// endpoint again replaces its keys and adds none).
    package static func checkRoomForPush(existing: Int) throws(StoreError) {
        guard existing < maximumPushSubscriptions else {
            throw .invalid(
                tPlural(
                    "an account has at most {count} push subscription; delete one first",
                    "an account has at most {count} push subscriptions; delete one first", count: maximumPushSubscriptions))
        }
    }

    package static func checkRoomForWebhook(existing: Int) throws(StoreError) {
        guard existing < maximumWebhooks else {
            throw .invalid(
                tPlural(
                    "an account has at most {count} webhook; delete one first", "an account has at most {count} webhooks; delete one first",
                    count: maximumWebhooks))
        }
    }

    /// A claimant that no longer holds the firing (its lease expired and another took it), or a finished firing.
    static let claimLost = StoreError.conflict("this firing is not held by this claimant (its lease expired, or it is finished)")
    package static let notRecordable = StoreError.conflict("this delivery is not this claimant's to record, or is recorded already")
    /// A finish records at most one delivery per target (one row per firing and target).
    static func checkDistinctTargets(_ deliveries: [SentDelivery]) throws(StoreError) {
        guard Set(deliveries.map(\.target)).count == deliveries.count else {
            throw .invalid("a firing's delivery to one target is recorded once")
        }
    }

    /// The statuses a delivery's result may still be recorded over.
    package static let recordable: Set<DeliveryStatus> = [.sending, .failed, .unknown]

    package static func validatePush(endpoint: String, p256dh: String, auth: String) throws(StoreError) {
        guard !endpoint.isEmpty, endpoint.utf8.count <= maximumURLLength else { throw .invalid(t("a push endpoint is a URL")) }
        guard !p256dh.isEmpty, !auth.isEmpty, p256dh.utf8.count <= maximumKeyLength, auth.utf8.count <= maximumKeyLength else {
            throw .invalid(t("a push subscription needs its p256dh and auth keys"))
        }
    }

    package static func validateWebhook(url: String, accessToken: String?) throws(StoreError) {
        guard !url.isEmpty, url.utf8.count <= maximumURLLength else { throw .invalid(t("a webhook needs a URL")) }
        if let accessToken, accessToken.isEmpty || accessToken.utf8.count > maximumURLLength {
            throw .invalid(t("an access token is 1 to {limit} bytes", ["limit": String(maximumURLLength)]))
        }
    }

    /// Whether a change can move a reminder's next firing: a habit made or changed (its reminders,
    /// schedule, archiving), or the owner's settings (zone, day start). Entries do not: whether a
    /// due firing is sent is judged when it is due.
    package static func needsPlanning(_ change: Change) -> Bool {
        switch change {
        case .habitCreated, .habitUpdated, .settingsChanged, .settingsUpdated: true
        default: false
        }
    }

    /// Firings planned for an owner must all be of the owner's habits.
    package static func checkPlanned(_ firings: [ReminderFiring], of habits: [Habit]) throws(StoreError) {
        let known = Set(habits.map(\.id))
        guard firings.allSatisfy({ known.contains($0.habit) }) else { throw .invalid("a firing of another owner's habit was given") }
    }

    /// Firings given for one habit must all be that habit's.
    package static func checkBelong(_ firings: [ReminderFiring], to habit: Habit.ID) throws(StoreError) {
        guard firings.allSatisfy({ $0.habit == habit }) else { throw .invalid("a firing of another habit was given") }
    }
}
