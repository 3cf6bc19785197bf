import TendAPI

/// Every path of the web app, defined once: the route collections register these patterns
/// (`WebPaths.habit.route()`) and the page models and redirects fill them in
/// (`WebPaths.habit(habit.id)`), so a renamed route cannot leave a dead link. `{id}` is a
/// `Habit.ID`, `Routine.ID` or `AuthToken.ID` (or a model's id text), `{day}` a `Day`, `{mode}` a
/// `CardMode`, `{tip}` a `Tip.ID`. Queries (`?date=`) and fragments (`#habit-…`) are added where a
/// link is made.
enum WebPaths {
    // Signing in and out (AuthPages).
    static let login = PathPattern("/login")
    static let signup = PathPattern("/signup")
    static let logout = PathPattern("/logout")
    /// Signing in through an OpenID Connect provider (OpenIDPages): `{provider}` is the provider's
    /// slug; the callback is the redirect URI registered at the provider; `link` is where a new
    /// identity is linked to an account or gets one.
    static let openIDStart = PathPattern("/login/oidc/start/{provider}")
    static let openIDCallback = PathPattern("/login/oidc/callback")
    static let openIDLink = PathPattern("/login/oidc/link")
    static let openIDSignup = PathPattern("/login/oidc/signup")

    // Today (TodayPages) and the day forms on its cards and the habit page (DayEntryPages).
    static let today = PathPattern("/")
    static let tap = PathPattern("/habits/{id}/days/{day}/tap")
    static let reset = PathPattern("/habits/{id}/days/{day}/reset")
    static let skip = PathPattern("/habits/{id}/days/{day}/skip")
    static let value = PathPattern("/habits/{id}/days/{day}/value")
    static let decrement = PathPattern("/habits/{id}/days/{day}/decrement")
    static let increment = PathPattern("/habits/{id}/days/{day}/increment")
    /// Done: the habit's target (a routine's walk-through).
    static let check = PathPattern("/habits/{id}/days/{day}/check")
    static let cardMode = PathPattern("/cards/{id}/mode/{mode}")
    /// Today by time or by group, and its tag filter (`?by=groups&tag=…&date=`): this browser's choice.
    static let todayChoice = PathPattern("/today/view")
    static let dismissTip = PathPattern("/tips/{tip}/dismiss")

    // Habits (HabitPages; a quick add posts to `habits`, a delete is confirmed on TodayPages).
    static let habits = PathPattern("/habits")
    static let newHabit = PathPattern("/habits/new")
    static let habit = PathPattern("/habits/{id}")
    static let editHabit = PathPattern("/habits/{id}/edit")
    static let archiveHabit = PathPattern("/habits/{id}/archive")
    static let moveHabit = PathPattern("/habits/{id}/move")
    /// Pause a habit (`from`, `until`) or resume it today.
    static let pauseHabit = PathPattern("/habits/{id}/pause")
    static let resumeHabit = PathPattern("/habits/{id}/resume")
    /// Pause every habit or a group's (`scope`: `all` or `group:NAME`), or resume them.
    static let pauses = PathPattern("/pauses")
    static let resumePauses = PathPattern("/pauses/resume")
    /// A group, `{name}` its name percent-encoded (``APIPaths/groupSegment(_:)``): rename or set
    /// its emoji, move it in the order, delete it (its habits are kept).
    static let group = PathPattern("/groups/{name}")
    static let moveGroup = PathPattern("/groups/{name}/move")
    static let deleteGroup = PathPattern("/groups/{name}/delete")
    static let habitNote = PathPattern("/habits/{id}/note")
    static let deleteHabit = PathPattern("/habits/{id}/delete")

    // Routines (RoutinePages).
    static let routines = PathPattern("/routines")
    static let newRoutine = PathPattern("/routines/new")
    static let editRoutine = PathPattern("/routines/{id}/edit")
    static let deleteRoutine = PathPattern("/routines/{id}/delete")
    static let moveRoutine = PathPattern("/routines/{id}/move")
    static let routineHabits = PathPattern("/routines/{id}/habits")
    static let moveRoutineHabit = PathPattern("/routines/{id}/habits/{habit}/move")
    static let removeRoutineHabit = PathPattern("/routines/{id}/habits/{habit}/remove")
    /// A routine done in order, one habit after the other (`?date=&step=`).
    static let startRoutine = PathPattern("/routines/{id}/start")

    // Settings (SettingsPages) and your data (DataPages).
    static let settings = PathPattern("/settings")
    static let devices = PathPattern("/settings/devices")
    /// The travel banner's "use this device's zone" (app.js).
    static let switchZone = PathPattern("/settings/zone")
    static let revokeDevice = PathPattern("/settings/devices/{id}/revoke")
    // Notifications (SettingsPages): the push enable button is app.js's (it calls the JSON API).
    static let revokePush = PathPattern("/settings/push/{id}/revoke")
    static let webhooks = PathPattern("/settings/webhooks")
    static let deleteWebhook = PathPattern("/settings/webhooks/{id}/delete")
    static let rotateCalendar = PathPattern("/settings/calendar/rotate")
    static let data = PathPattern("/settings/data")
    static let dataImport = PathPattern("/settings/data/import")
    static let dataImportConfirm = PathPattern("/settings/data/import/confirm")
    static let dataExport = PathPattern("/settings/data/export")
    static let dataBackup = PathPattern("/settings/data/backup")
    static let deleteAccount = PathPattern("/settings/account/delete")
    // Sign-in (SignInSettingsPages): linked providers, and the owner's approvals.
    static let signInSettings = PathPattern("/settings/sign-in")
    static let unlinkIdentity = PathPattern("/settings/sign-in/unlink")
    static let approveAccount = PathPattern("/settings/sign-in/accounts/{id}/approve")
    static let declineAccount = PathPattern("/settings/sign-in/accounts/{id}/decline")
    /// The owner's invite links: make one (shown once), withdraw one.
    static let invites = PathPattern("/settings/sign-in/invites")
    static let revokeInvite = PathPattern("/settings/sign-in/invites/{id}/revoke")

    // Live updates (EventsStream) and files (AssetFiles).
    static let events = PathPattern("/events")
    static let asset = PathPattern("/assets/{name}")
    /// A JavaScript module, at the modules' version (`WebAssets.modules`). `js` is a constant
    /// segment: a parameter beside `/assets/{name}`'s would clash with it (the router's validation
    /// refuses that, and `/assets/app.css` could resolve to the wrong route).
    static let module = PathPattern("/assets/js/{version}/{name}")
    static let serviceWorker = PathPattern("/sw.js")
    static let manifest = PathPattern("/manifest.webmanifest")
    static let favicon = PathPattern("/favicon.ico")
}

extension CardMode: PathParameter {
    var pathSegment: String { rawValue }
}
