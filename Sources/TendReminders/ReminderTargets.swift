import Foundation
import Synchronization
import TendAPI
import TendCore
import TendDelivery
import TendStore
import TendWords

/// Where a user's reminders go, as the JSON API and the settings page both change it: push
/// subscriptions and webhooks (checked here, when saved: the URL policy and the keys' shapes;
/// the addresses a host resolves to are checked at every send), and the calendar feed's secret
/// URL. One rule set for both edges; each maps ``ReminderTargetError`` to its own answer.
package struct ReminderTargets: Sendable {
    /// The server secret keying calendar feed tokens.
    package static let calendarKeyName = "calendar-feed-key"
    /// Endpoints, URLs and tokens longer than this are not real ones.
    package static let maximumURLLength = 2048
    package static let maximumAccessTokenLength = 512

    package let store: any ReminderStore
    /// `--allow-private-targets` relaxes it as it relaxes sending.
    package let policy: DeliveryTargetPolicy
    private let calendarKey = CalendarKeyCache()

    /// `allowPrivateTargets`: the server's `--allow-private-targets`.
    package init(store: any ReminderStore, allowPrivateTargets: Bool) {
        self.store = store
        policy = DeliveryTargetPolicy(allowPrivateTargets: allowPrivateTargets)
    }

    // MARK: Web Push

    /// Stores a browser's subscription after checking it: an absolute `https://` endpoint that the
    /// target policy admits, a P-256 point on the curve, a 16-byte auth secret. Subscribing the
    /// same endpoint again updates its keys.
    package func subscribe(owner: User.ID, endpoint: String, p256dh: String, auth: String, now: Date) async throws -> PushSubscription {
        let endpoint = endpoint.trimmingCharacters(in: .whitespaces)
        try checkURL(endpoint, what: "push endpoint", error: ReminderTargetError.endpoint)
        do {
            _ = try PushSubscriptionKeys(p256dh: p256dh, auth: auth)
        } catch {
            switch error {
            case .invalidUserAgentPublicKey:
                throw ReminderTargetError.keys(t("p256dh must be a P-256 public key: 65 bytes, uncompressed, on the curve, base64url"))
            case .invalidAuthSecret:
                throw ReminderTargetError.keys(t("auth must be a 16-byte secret, base64url"))
            default:
                throw ReminderTargetError.keys(t("the subscription's keys are not usable: {reason}", ["reason": "\(error)"]))
            }
        }
        return try await store.addPushSubscription(owner: owner, endpoint: endpoint, p256dh: p256dh, auth: auth, now: now)
    }

    // MARK: Webhooks

    /// Stores a webhook after checking its URL (the target policy), its format (`json` or
    /// `ntfy`) and its optional access token (one line of printable ASCII; blank means none).
    package func addWebhook(owner: User.ID, url: String, format: String, accessToken: String?, now: Date) async throws -> Webhook {
        let url = url.trimmingCharacters(in: .whitespaces)
        try checkURL(url, what: "webhook URL", error: ReminderTargetError.url)
        guard let format = Webhook.Format(rawValue: format) else {
            throw ReminderTargetError.format(
                t("the format is json (Tend's) or ntfy, not '{format}'", ["format": String(format.prefix(40))]))
        }
        let token = accessToken?.trimmingCharacters(in: .whitespaces)
        if let token, !token.isEmpty {
            guard token.utf8.count <= Self.maximumAccessTokenLength, token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
            else {
                throw ReminderTargetError.accessToken(
                    tPlural(
                        "an access token is one word of at most {count} printable ASCII character",
                        "an access token is one word of at most {count} printable ASCII characters", count: Self.maximumAccessTokenLength))
            }
        }
        return try await store.addWebhook(
            owner: owner, url: url, format: format, accessToken: token?.isEmpty == false ? token : nil, now: now)
    }

    /// Refuses what cannot be a target: not an absolute URL, too long, or not admitted by the
    /// policy (not https, credentials, a local name or a private address).
    private func checkURL(_ text: String, what: String, error: (String) -> ReminderTargetError) throws {
        let limit = String(Self.maximumURLLength)
        guard !text.isEmpty else {
            switch what {
            case "push endpoint": throw error(t("a push endpoint is needed"))
            case "webhook URL": throw error(t("a webhook URL is needed"))
            default: throw error(t("a {what} is needed", ["what": what]))
            }
        }
        guard text.utf8.count <= Self.maximumURLLength else {
            switch what {
            case "push endpoint": throw error(t("a push endpoint is at most {limit} bytes", ["limit": limit]))
            case "webhook URL": throw error(t("a webhook URL is at most {limit} bytes", ["limit": limit]))
            default: throw error(t("a {what} is at most {limit} bytes", ["what": what, "limit": limit]))
            }
        }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw error(t("'{url}' is not an absolute URL (https://…)", ["url": String(text.prefix(100))]))
        }
        do {
            _ = try policy.check(url)
        } catch let refusal {
            throw error(refusal.description)
        }
    }

    // MARK: The calendar feed

    /// The path of the owner's current feed, `/calendar/{token}.ics`.
    package func calendarPath(owner: User.ID) async throws -> String {
        let generation = try await store.calendarFeedGeneration(owner: owner)
        return APIPaths.calendarFeed(CalendarFeedToken(owner: owner.rawValue, generation: generation).text(key: try await key()))
    }

    /// Moves the owner's feed to a new URL (every older one stops working) and answers its path.
    package func rotateCalendar(owner: User.ID) async throws -> String {
        let generation = try await store.rotateCalendarFeed(owner: owner)
        return APIPaths.calendarFeed(CalendarFeedToken(owner: owner.rawValue, generation: generation).text(key: try await key()))
    }

    /// The owner whose current feed `token` opens; `nil` for anything else (an older generation,
    /// an unknown owner, a forged or malformed token).
    package func calendarOwner(token: String) async throws -> User.ID? {
        guard let owner = CalendarFeedToken.owner(named: token) else { return nil }
        let generation: Int
        do {
            generation = try await store.calendarFeedGeneration(owner: User.ID(rawValue: owner))
        } catch StoreError.notFound {
            return nil
        }
        let expected = CalendarFeedToken(owner: owner, generation: generation)
        return expected.matches(token, key: try await key()) ? User.ID(rawValue: owner) : nil
    }

    private func key() async throws -> CalendarFeedToken.Key {
        if let key = calendarKey.value.withLock({ $0 }) { return key }
        let text = try await store.serverSecret(named: Self.calendarKeyName) { CalendarFeedToken.Key().stored }
        guard let key = CalendarFeedToken.Key(stored: text) else {
            throw StoreError.unreadable("the server secret '\(Self.calendarKeyName)' is not a key")
        }
        calendarKey.value.withLock { $0 = key }
        return key
    }
}

/// The calendar key once read (it never changes).
private final class CalendarKeyCache: Sendable {
    let value = Mutex<CalendarFeedToken.Key?>(nil)
}
