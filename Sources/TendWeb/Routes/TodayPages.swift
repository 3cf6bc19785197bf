import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// The Today page and the forms on it. Each form posts, changes one thing through the store
/// (the same operations as the JSON API) and redirects back (303) to the page it came from;
/// app.js does the same with fetch and swaps the page in place.
struct TodayPages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(WebPaths.today.route(), use: today)
        group.post(WebPaths.habits.route(), use: quickAdd)
        group.post(WebPaths.tap.route(), use: tap)
        group.post(WebPaths.reset.route(), use: reset)
        group.post(WebPaths.skip.route(), use: skip)
        group.get(WebPaths.deleteHabit.route(), use: confirmDelete)
        group.post(WebPaths.deleteHabit.route(), use: delete)
        group.get(WebPaths.cardMode.route(), use: setMode)
        group.get(WebPaths.todayChoice.route(), use: setChoice)
        group.post(WebPaths.dismissTip.route(), use: dismissTip)
    }

    /// `GET /?date=`: the day's habits (today by the user's zone and day start), read by
    /// ``TodayReader``.
    @Sendable func today(_ request: Request, context: Context) async throws -> Response {
        let choices = TodayReader.Choices(
            day: { today in try request.queryDay("date", today: today) }, stale: request.query("stale"),
            modes: request.cookies[CardModes.cookieName]?.value, choice: request.cookies[TodayChoice.cookieName]?.value)
        switch try await web.today.page(context, choices, session: { try web.session(context, user: $0) }) {
        case .page(let page): return try Page.html(page, gzip: Gzip.isAccepted(request.headers[.acceptEncoding]))
        case .notYet: return Page.redirect(WebPaths.today())
        }
    }

    /// The Today page's model for `day`, read from the store (the cache is the caller's business).
    func model(
        user: User, day: Day, now: Date, modes: CardModes, choice: TodayChoice = TodayChoice(), session: SessionInfo
    ) async throws -> TodayPage {
        try await Self.model(
            store: web.store, user: user, day: day, now: now, modes: modes, choice: choice, csrfToken: session.csrfToken)
    }

    /// `held`: the server's held habits and the op log position read before the data (the page
    /// route's); without them everything is read.
    static func model(
        store: any TendStore, user: User, day: Day, now: Date, modes: CardModes, choice: TodayChoice = TodayChoice(),
        csrfToken: String, held: (habits: HeldHabits, position: HeldHabits.Position)? = nil,
        memo: TodayMemo? = nil
    ) async throws -> TodayPage {
        let today = user.settings.today(now: now)
        let window = { (tips: TipState) in
            TodayPage.window(day: day, today: today, calendar: user.settings.calendar, tips: tips, modes: modes)
        }
        let (habits, routines, tipState, versions) = try await data(store: store, owner: user.id, window: window, held: held)
        return TodayPage(
            input: .init(
                habits: habits, routines: routines,
                tipState: tipState, settings: user.settings, now: now, day: day,
                modes: modes, csrfToken: csrfToken, choice: choice,
                // The habits just read name every group Today can show: no second read of them.
                groups: choice.byGroup ? try await store.describedGroups(owner: user.id).all(usedBy: habits.map(\.habit)) : [],
                versions: versions, memo: memo, position: held?.position.sequence))
    }

    /// What the Today page shows of `owner`: through `held` (the server's held habits and the op
    /// log position read before) when given, with the habits' versions; else read whole.
    static func data(
        store: any TendStore, owner: User.ID, window: (TipState) -> HistoryWindow,
        held: (habits: HeldHabits, position: HeldHabits.Position)?
    ) async throws -> (habits: [TrackedHabit], routines: [Routine], tipState: TipState, versions: [Habit.ID: UInt64]) {
        if let held {
            let snapshot = try await held.habits.read(store, owner: owner, position: held.position, window: window).snapshot
            return (snapshot.habits, snapshot.routines, snapshot.tipState, snapshot.versions)
        }
        let tipState = try await store.tipState(owner: owner)
        let habits = try await store.trackedHabits(owner: owner, includeArchived: false, window: window(tipState))
        return (habits, try await store.routines(owner: owner), tipState, [:])
    }

    /// The Today page of the day a form's `return` path shows, changed by `refuse` (a refused
    /// form as typed, with its message), answered 422: nothing was saved.
    func refused(
        _ request: Request, context: Context, user: User, returnPath: String, _ refuse: (inout TodayPage) -> Void
    ) async throws -> Response {
        let now = web.now
        let today = user.settings.today(now: now)
        let date = URLComponents(string: returnPath)?.queryItems?.first { $0.name == "date" }?.value
        let day = max(min(date.flatMap { try? Day(iso: $0) } ?? today, today), RecordableDays.floor)
        let session = try web.session(context, user: user)
        var model = try await model(
            user: user, day: day, now: now, modes: CardModes(cookie: request.cookies[CardModes.cookieName]?.value),
            choice: TodayChoice(cookie: request.cookies[TodayChoice.cookieName]?.value), session: session)
        refuse(&model)
        return Page.html(TodayView.page(model, session: session), status: .unprocessableContent)
    }

    /// `POST /habits` `name=…`: a daily good checkmark habit (the habit editor offers the rest).
    /// An empty, too long or already used name answers 422: Today with the name as typed and the
    /// message under the field.
    @Sendable func quickAdd(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = try await request.form()
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let today = user.settings.today(now: web.now)
        let habit = Habit(name: name, createdOn: today)
        var message = QuickAddForm.nameTaken(name, by: try await web.store.habits(owner: user.id, includeArchived: true))
        if message == nil {
            do {
                try habit.validate()
            } catch {
                message = error.description.prefix(1).uppercased() + error.description.dropFirst() + "."
            }
        }
        if message == nil {
            do {
                _ = try await web.store.addHabit(owner: user.id, habit, today: today)
            } catch let refusal as RuleViolation {
                message = refusal.description.prefix(1).uppercased() + refusal.description.dropFirst() + "."
            } catch StoreError.conflict {
                // Taken between the check and the write (another device).
                message =
                    QuickAddForm.nameTaken(name, by: try await web.store.habits(owner: user.id, includeArchived: true))
                    ?? t("You already have a habit with this name. Choose another name.")
            }
        }
        let returnPath = Page.localPath(form["return"], fallback: WebPaths.today())
        if let message {
            return try await refused(request, context: context, user: user, returnPath: returnPath) {
                $0.quickAdd = QuickAddForm(name: form["name"] ?? "", error: message)
            }
        }
        return Page.redirect(returnPath + "#habit-\(habit.id)")
    }

    @Sendable func tap(_ request: Request, context: Context) async throws -> Response {
        let (owner, id, day) = try await target(context)
        let form = try await request.form()
        if let refusal = try await StaleDayForm.refusal(form, day: day, habit: id, owner: owner, web: web) { return refusal }
        _ = try await web.store.tap(owner: owner, habit: id, day: day, operation: form.operationID)
        return back(form, day: day, habit: id)
    }

    @Sendable func reset(_ request: Request, context: Context) async throws -> Response {
        let (owner, id, day) = try await target(context)
        let form = try await request.form()
        if let refusal = try await StaleDayForm.refusal(form, day: day, habit: id, owner: owner, web: web) { return refusal }
        _ = try await web.store.recordDay(owner: owner, habit: id, day: day, [.reset], operation: form.operationID)
        return back(form, day: day, habit: id)
    }

    /// `skip=true|false`: marks or unmarks a planned rest day.
    @Sendable func skip(_ request: Request, context: Context) async throws -> Response {
        let (owner, id, day) = try await target(context)
        let form = try await request.form()
        if let refusal = try await StaleDayForm.refusal(form, day: day, habit: id, owner: owner, web: web) { return refusal }
        let skipped = form["skip"] != "false"
        _ = try await web.store.recordDay(owner: owner, habit: id, day: day, [.skip(skipped)])
        return back(form, day: day, habit: id)
    }

    /// `GET /habits/{id}/delete`: says what deleting removes, and asks.
    @Sendable func confirmDelete(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let id: Habit.ID = try context.pathID("id", "habit")
        let habit = try await web.store.habit(owner: user.id, id: id)
        let entries = try await web.store.entries(owner: user.id, habit: id, from: .minimum, through: .maximum)
        let session = try web.session(context, user: user)
        return Page.html(
            ConfirmView.deleteHabit(
                habit, recordedDays: entries.count { $0.value > 0 || $0.isSkipped }, session: session,
                cancel: Page.localPath(request.query("return"), fallback: WebPaths.today())))
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        let form = try await request.form()
        try await web.store.removeHabit(owner: owner, id: id)
        return Page.redirect(Page.localPath(form["return"], fallback: WebPaths.today()))
    }

    /// `GET /cards/{id}/mode/{daily|weekly|monthly}?date=`: the card's mode, kept in this
    /// browser's `tend_modes` cookie (a view choice, like Habit Rabbit's, not data).
    @Sendable func setMode(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        guard let mode = context.parameters.get("mode").flatMap(CardMode.init(rawValue:)) else {
            throw Problem.notFound("no such card mode")
        }
        _ = try await web.store.habit(owner: owner, id: id)
        var modes = CardModes(cookie: request.cookies[CardModes.cookieName]?.value)
        modes[id] = mode
        let today = try await web.user(context).settings.today(now: web.now)
        let date = request.query("date").flatMap { try? Day(iso: $0) }.flatMap {
            RecordableDays.viewable(today: today).contains($0) ? $0 : nil
        }
        var response = Page.redirect((date.map { WebPaths.today() + "?date=\($0.iso)" } ?? WebPaths.today()) + "#habit-\(id)")
        response.setCookie(
            Cookie(
                name: CardModes.cookieName, value: modes.cookieValue, maxAge: 365 * 86_400, path: "/",
                secure: web.accounts.client.isSecure(request, context: context), httpOnly: true, sameSite: .lax))
        return response
    }

    /// `GET /today/view?by=time|groups&tag=…&date=`: how this browser shows Today, kept in its
    /// `tend_today` cookie (a view choice, not data: each device remembers its own).
    @Sendable func setChoice(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let current = TodayChoice(cookie: request.cookies[TodayChoice.cookieName]?.value)
        let byGroup: Bool
        switch request.query("by") {
        case nil: byGroup = current.byGroup
        case "groups": byGroup = true
        case "time": byGroup = false
        default: throw Problem.badRequest("by is time or groups")
        }
        var tag = request.query("tag")
        if let given = tag, !given.isEmpty {
            try HabitTags.validate(given)
        } else {
            tag = nil
        }
        let choice = TodayChoice(byGroup: byGroup, tag: tag)
        let today = user.settings.today(now: web.now)
        let date = request.query("date").flatMap { try? Day(iso: $0) }.flatMap {
            RecordableDays.viewable(today: today).contains($0) && $0 < today ? $0 : nil
        }
        var response = Page.redirect(date.map { WebPaths.today() + "?date=\($0.iso)" } ?? WebPaths.today())
        response.setCookie(
            Cookie(
                name: TodayChoice.cookieName, value: choice.cookieValue, maxAge: 365 * 86_400, path: "/",
                secure: web.accounts.client.isSecure(request, context: context), httpOnly: true, sameSite: .lax))
        return response
    }

    @Sendable func dismissTip(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        guard let id = context.parameters.get("tip").flatMap(Tip.ID.init(rawValue:)) else {
            throw Problem.notFound("tip not found")
        }
        let form = try await request.form()
        try await web.store.dismissTip(owner: owner, id)
        return Page.redirect(Page.localPath(form["return"], fallback: WebPaths.today()))
    }

    // MARK: Helpers

    /// The form's owner, habit and day (a day they can record on, or 422).
    private func target(_ context: Context) async throws -> (User.ID, Habit.ID, Day) {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        return (owner, id, try await web.recordableDay(context, owner: owner))
    }

    /// Back to the page the form was on, at the habit's card.
    private func back(_ form: FormData, day: Day, habit: Habit.ID) -> Response {
        Page.redirect(Page.localPath(form["return"], fallback: WebPaths.today() + "?date=\(day.iso)") + "#habit-\(habit)")
    }
}
