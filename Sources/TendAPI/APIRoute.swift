import Foundation

/// Every operation of the JSON API and the server's operational endpoints, named once: the
/// router registers them (`RouterMethods.on(_:use:)` in TendHTTP), a test holds the list to the
/// router and to the OpenAPI document, and clients (the CLI's sync and sign-in) send to them.
public struct APIRoute: Sendable, Hashable, CustomStringConvertible {
    public enum Method: String, Sendable, Hashable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    public let method: Method
    public let path: PathPattern

    public init(_ method: Method, _ path: PathPattern) {
        self.method = method
        self.path = path
    }

    init(_ method: Method, api path: String) {
        self.init(method, PathPattern(APIPaths.base + "/" + path))
    }

    /// `GET /api/v1/habits/{id}`, as the OpenAPI document names an operation.
    public var description: String { "\(method.rawValue) \(path.pattern)" }

    public static func == (lhs: APIRoute, rhs: APIRoute) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

extension APIRoute {
    public static let health = APIRoute(.get, PathPattern(APIPaths.health))
    public static let metrics = APIRoute(.get, PathPattern(APIPaths.metrics))
    public static let openAPI = APIRoute(.get, PathPattern(APIPaths.openAPI))
    public static let calendarFeed = APIRoute(.get, APIPaths.calendarFeed)

    // AccountsAPI
    public static let signUp = APIRoute(.post, api: "users")
    public static let createToken = APIRoute(.post, api: "tokens")
    public static let logIn = APIRoute(.post, api: "session")
    public static let session = APIRoute(.get, api: "session")
    public static let logOut = APIRoute(.delete, api: "session")
    public static let tokens = APIRoute(.get, api: "tokens")
    public static let revokeToken = APIRoute(.delete, api: "tokens/{id}")
    public static let invites = APIRoute(.get, api: "invites")
    public static let createInvite = APIRoute(.post, api: "invites")
    public static let revokeInvite = APIRoute(.delete, api: "invites/{id}")
    public static let account = APIRoute(.get, api: "account")
    public static let changePassword = APIRoute(.put, api: "account/password")
    public static let deleteAccount = APIRoute(.delete, api: "account")

    // CalendarAPI
    public static let calendar = APIRoute(.get, api: "calendar")
    public static let rotateCalendar = APIRoute(.post, api: "calendar/rotate")

    // DataAPI
    public static let importData = APIRoute(.post, api: "import")
    public static let export = APIRoute(.get, api: "export")

    // DaysAPI
    public static let days = APIRoute(.get, api: "habits/{id}/days")
    public static let updateDay = APIRoute(.put, api: "habits/{id}/days/{day}")
    public static let resetDay = APIRoute(.delete, api: "habits/{id}/days/{day}")
    public static let increment = APIRoute(.post, api: "habits/{id}/days/{day}/increment")
    public static let tap = APIRoute(.post, api: "habits/{id}/days/{day}/tap")

    // GroupsAPI
    public static let groups = APIRoute(.get, api: "groups")
    public static let createGroup = APIRoute(.post, api: "groups")
    public static let reorderGroups = APIRoute(.put, api: "groups/order")
    public static let updateGroup = APIRoute(.patch, APIPaths.group)
    public static let deleteGroup = APIRoute(.delete, APIPaths.group)

    // HabitsAPI
    public static let habits = APIRoute(.get, api: "habits")
    public static let createHabit = APIRoute(.post, api: "habits")
    public static let reorderHabits = APIRoute(.put, api: "habits/order")
    public static let habit = APIRoute(.get, APIPaths.habit)
    public static let updateHabit = APIRoute(.patch, APIPaths.habit)
    public static let deleteHabit = APIRoute(.delete, APIPaths.habit)
    public static let archiveHabit = APIRoute(.post, api: "habits/{id}/archive")
    public static let unarchiveHabit = APIRoute(.post, api: "habits/{id}/unarchive")

    // NotificationsAPI
    public static let testNotification = APIRoute(.post, api: "notifications/test")
    public static let answerReminder = APIRoute(.post, api: "reminders/actions/{token}/{answer}")

    // PausesAPI
    public static let pause = APIRoute(.post, api: "pause")
    public static let resume = APIRoute(.post, api: "resume")

    // ReminderTargetsAPI
    public static let pushKey = APIRoute(.get, api: "push/key")
    public static let pushSubscriptions = APIRoute(.get, api: "push/subscriptions")
    public static let subscribePush = APIRoute(.post, api: "push/subscriptions")
    public static let unsubscribePush = APIRoute(.delete, api: "push/subscriptions/{id}")
    public static let webhooks = APIRoute(.get, api: "webhooks")
    public static let addWebhook = APIRoute(.post, api: "webhooks")
    public static let deleteWebhook = APIRoute(.delete, api: "webhooks/{id}")
    public static let deliveries = APIRoute(.get, api: "reminders/deliveries")

    // RemindersAPI
    public static let upcomingReminders = APIRoute(.get, api: "reminders")
    public static let reminders = APIRoute(.get, api: "habits/{id}/reminders")
    public static let addReminder = APIRoute(.post, api: "habits/{id}/reminders")
    public static let replaceReminders = APIRoute(.put, api: "habits/{id}/reminders")
    public static let deleteReminder = APIRoute(.delete, api: "habits/{id}/reminders/{reminder}")

    // RoutinesAPI
    public static let routines = APIRoute(.get, api: "routines")
    public static let createRoutine = APIRoute(.post, api: "routines")
    public static let reorderRoutines = APIRoute(.put, api: "routines/order")
    public static let routine = APIRoute(.get, APIPaths.routine)
    public static let updateRoutine = APIRoute(.patch, APIPaths.routine)
    public static let deleteRoutine = APIRoute(.delete, APIPaths.routine)
    public static let addRoutineHabit = APIRoute(.post, api: "routines/{id}/habits")
    public static let removeRoutineHabit = APIRoute(.delete, api: "routines/{id}/habits/{habit}")

    // SettingsAPI
    public static let settings = APIRoute(.get, api: "settings")
    public static let updateSettings = APIRoute(.put, api: "settings")

    // SyncAPI
    public static let sync = APIRoute(.post, api: "sync")

    // ViewsAPI
    public static let today = APIRoute(.get, api: "today")
    public static let heatmap = APIRoute(.get, api: "heatmap")
    public static let stats = APIRoute(.get, api: "stats")
    public static let habitStats = APIRoute(.get, api: "habits/{id}/stats")
    public static let habitCells = APIRoute(.get, api: "habits/{id}/cells")
    public static let tips = APIRoute(.get, api: "tips")
    public static let dismissTip = APIRoute(.post, api: "tips/{tip}/dismiss")

    /// Every route, in the order of the API's topics.
    public static let all: [APIRoute] = [
        health, metrics, openAPI, calendarFeed,
        signUp, createToken, logIn, session, logOut, tokens, revokeToken, invites, createInvite, revokeInvite, account,
        changePassword, deleteAccount, calendar, rotateCalendar, importData, export, days, updateDay, resetDay, increment, tap,
        groups, createGroup, reorderGroups, updateGroup, deleteGroup, habits, createHabit, reorderHabits, habit, updateHabit,
        deleteHabit, archiveHabit, unarchiveHabit, pause, resume, testNotification, answerReminder, pushKey, pushSubscriptions,
        subscribePush,
        unsubscribePush, webhooks, addWebhook, deleteWebhook, deliveries, upcomingReminders, reminders, addReminder,
        replaceReminders, deleteReminder, routines, createRoutine, reorderRoutines, routine, updateRoutine, deleteRoutine,
        addRoutineHabit, removeRoutineHabit, settings, updateSettings, sync, today, heatmap, stats, habitStats, habitCells, tips,
        dismissTip,
    ]
}
