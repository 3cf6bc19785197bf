import Foundation
import TendCore

/// `GET /api/v1/push/key`: the VAPID public key, an uncompressed P-256 point in base64url, which
/// a browser passes to `pushManager.subscribe` as `applicationServerKey`.
public struct PushKeyJSON: Codable, Hashable, Sendable {
    public var publicKey: String

    public init(publicKey: String) { self.publicKey = publicKey }
}

/// `POST /api/v1/push/subscriptions`: the browser's `PushSubscription.toJSON()` as it is (other
/// keys, such as `expirationTime`, are ignored).
public struct PushSubscriptionInput: Codable, Hashable, Sendable {
    public struct Keys: Codable, Hashable, Sendable {
        public var p256dh: String
        public var auth: String

        public init(p256dh: String, auth: String) {
            self.p256dh = p256dh
            self.auth = auth
        }
    }

    public var endpoint: String
    public var keys: Keys

    public init(endpoint: String, keys: Keys) {
        self.endpoint = endpoint
        self.keys = keys
    }
}

/// A push subscription as the API shows it (never its keys).
public struct PushSubscriptionJSON: Codable, Hashable, Sendable {
    public var id: String
    public var endpoint: String
    public var createdAt: Date

    public init(id: String, endpoint: String, createdAt: Date) {
        self.id = id
        self.endpoint = endpoint
        self.createdAt = createdAt
    }
}

/// `POST /api/v1/webhooks`: where to POST each reminder, in Tend's JSON or ntfy's format, with an
/// optional access token (sent as `Authorization: Bearer`).
public struct WebhookInput: Codable, Hashable, Sendable {
    public var url: String
    /// `json` or `ntfy` (checked by the server, so an unknown one is a 422 that names it).
    public var format: String
    public var accessToken: String?

    public init(url: String, format: String, accessToken: String? = nil) {
        self.url = url
        self.format = format
        self.accessToken = accessToken
    }
}

/// A webhook as the API shows it: never the access token, only whether there is one.
public struct WebhookJSON: Codable, Hashable, Sendable {
    public var id: String
    public var url: String
    public var format: String
    public var hasAccessToken: Bool
    public var createdAt: Date

    public init(id: String, url: String, format: String, hasAccessToken: Bool, createdAt: Date) {
        self.id = id
        self.url = url
        self.format = format
        self.hasAccessToken = hasAccessToken
        self.createdAt = createdAt
    }
}

/// `GET /api/v1/calendar`, `POST /api/v1/calendar/rotate`: the feed's absolute secret URL.
public struct CalendarFeedJSON: Codable, Hashable, Sendable {
    public var url: String

    public init(url: String) { self.url = url }
}

/// One line of `GET /api/v1/reminders/deliveries`: a delivery to one target, or a firing that was
/// skipped (`status` `skipped`, with `skipReason`, no channel).
public struct DeliveryJSON: Codable, Hashable, Sendable {
    public var id: String
    /// When it was last recorded.
    public var time: Date
    public var habitId: String
    /// The habit's name now; `null` when the habit was deleted since.
    @NullWhenAbsent public var habit: String?
    public var reminderId: String
    /// `scheduled`, `snooze` or `repeat`.
    public var kind: String
    /// The repeat's number (1…12) for `repeat`.
    @NullWhenAbsent public var repeatNumber: Int?
    /// The habit day it was for.
    public var day: Day
    public var firesAt: Date
    /// `push` or `webhook`; `null` for a skipped firing.
    @NullWhenAbsent public var channel: String?
    @NullWhenAbsent public var targetId: String?
    /// `sending`, `sent`, `failed`, `gone`, `unknown` or `skipped`.
    public var status: String
    @NullWhenAbsent public var skipReason: String?
    @NullWhenAbsent public var latencyMilliseconds: Int?
    public var attempts: Int
    @NullWhenAbsent public var nextRetryAt: Date?
    @NullWhenAbsent public var error: String?

    public init(
        id: String, time: Date, habitId: String, habit: String?, reminderId: String, kind: String, repeatNumber: Int?, day: Day,
        firesAt: Date, channel: String?, targetId: String?, status: String, skipReason: String?, latencyMilliseconds: Int?,
        attempts: Int, nextRetryAt: Date?, error: String?
    ) {
        self.id = id
        self.time = time
        self.habitId = habitId
        self.habit = habit
        self.reminderId = reminderId
        self.kind = kind
        self.repeatNumber = repeatNumber
        self.day = day
        self.firesAt = firesAt
        self.channel = channel
        self.targetId = targetId
        self.status = status
        self.skipReason = skipReason
        self.latencyMilliseconds = latencyMilliseconds
        self.attempts = attempts
        self.nextRetryAt = nextRetryAt
        self.error = error
    }

    // Absent values are written as null, so every line has the same keys.
    private enum CodingKeys: String, CodingKey {
        case id, time, habitId, habit, reminderId, kind, repeatNumber, day, firesAt, channel, targetId, status, skipReason
        case latencyMilliseconds, attempts, nextRetryAt, error
    }
}
