import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// The habit editor (`/habits/new`, `/habits/{id}/edit`): a plain form; a valid post saves and
/// answers 303 to the habit's page, an invalid one answers 422 with the form as typed and the
/// messages beside the fields, having changed nothing.
struct HabitPages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(WebPaths.habits.route(), use: list)
        group.get(WebPaths.habit.route(), use: show)
        group.get(WebPaths.newHabit.route(), use: newForm)
        group.post(WebPaths.newHabit.route(), use: create)
        group.get(WebPaths.editHabit.route(), use: editForm)
        group.post(WebPaths.editHabit.route(), use: update)
        group.post(WebPaths.archiveHabit.route(), use: archive)
        group.post(WebPaths.moveHabit.route(), use: move)
        group.post(WebPaths.habitNote.route(), use: saveNote)
    }

    /// `GET /habits`: every habit, archived ones apart.
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        try await listPage(context: context, user: try await web.user(context))
    }

    /// The list, changed by `modify` (a refused form as typed) and answered with `status`.
    func listPage(
        context: Context, user: User, status: HTTPResponse.Status = .ok, _ modify: (inout HabitsListPage) -> Void = { _ in }
    ) async throws -> Response {
        let habits = try await web.store.habits(owner: user.id, includeArchived: true)
        let groups = try await web.store.groups(owner: user.id)
        var model = HabitsListPage(
            habits: habits, groups: groups, today: user.settings.today(now: web.now), amounts: AmountStyle(locale: user.settings.locale))
        modify(&model)
        return Page.html(HabitsListView.page(model, session: try web.session(context, user: user)), status: status)
    }

    /// `GET /habits/{id}?day=YYYY-MM-DD&month=YYYY-MM`: the habit page, with its whole history;
    /// its check-in panel records on `day` (a day tapped on its calendars; today by default).
    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let habit = try await web.store.habit(owner: user.id, id: try context.pathID("id", "habit"))
        // Days out of range show the default page rather than a calendar of year 1.
        let today = user.settings.today(now: web.now)
        let viewable = RecordableDays.viewable(today: today)
        let month = request.query("month").flatMap { try? Day(iso: $0 + "-01") }.flatMap { viewable.contains($0) ? $0 : nil }
        let noteDay = request.query("note").flatMap { try? Day(iso: $0) }.flatMap { viewable.contains($0) ? $0 : nil }
        let day = request.query("day").flatMap { try? Day(iso: $0) }.flatMap {
            RecordableDays.recordable(today: today).contains($0) ? $0 : nil
        }
        let stale = StaleDayNotice.day(query: request.query("stale"), today: today)
        // An unknown period shows the default (weeks), as an odd month does.
        let totals = request.query("totals").flatMap(TotalsPeriod.init(rawValue:)) ?? .week
        return try await page(context: context, user: user, habit: habit, day: day, month: month, noteDay: noteDay, totals: totals) {
            model in
            model.stale = stale.map { StaleDayNotice(shown: $0, today: today, habit: habit.id) }
        }
    }

    /// The habit page, changed by `modify` (a refused form as typed) and answered with `status`.
    func page(
        context: Context, user: User, habit: Habit, day: Day? = nil, month: Day? = nil, noteDay: Day? = nil,
        totals: TotalsPeriod = .week, status: HTTPResponse.Status = .ok, _ modify: (inout HabitPage) -> Void = { _ in }
    ) async throws -> Response {
        let entries = try await web.store.entries(owner: user.id, habit: habit.id, from: .minimum, through: .maximum)
        var model = HabitPage(
            tracked: TrackedHabit(habit: habit, entries: entries), today: user.settings.today(now: web.now), day: day, month: month,
            noteDay: noteDay, totals: totals, calendar: user.settings.calendar)
        model.dayEnds = user.settings.endOfToday(now: web.now)
        modify(&model)
        return Page.html(HabitView.page(model, session: try web.session(context, user: user)), status: status)
    }

    /// The owner's group names, for the editor's suggestions.
    private func groupNames(_ user: User) async throws -> [String] {
        try await web.store.groups(owner: user.id).map(\.name)
    }

    @Sendable func newForm(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let session = try web.session(context, user: user)
        let page = HabitEditorPage(habitID: nil, form: HabitForm(), groupNames: try await groupNames(user))
        return Page.html(HabitEditorView.page(page, session: session))
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = HabitForm(try await request.form())
        let today = user.settings.today(now: web.now)
        let existing = try await web.store.habits(owner: user.id, includeArchived: true)
        let base = Habit(name: "", createdOn: today)
        let groups = try await web.store.groups(owner: user.id)
        switch checked(form.habit(base: base, today: today, locale: user.settings.locale), existing: existing) {
        case .success(var habit):
            habit.group = GroupList.spelling(of: habit.group, among: groups)
            do {
                let created = try await web.store.addHabit(owner: user.id, habit, today: today)
                return Page.redirect(WebPaths.habit(created.id))
            } catch StoreError.conflict {
                // Taken between the check and the write (another device).
                let session = try web.session(context, user: user)
                return Page.html(
                    HabitEditorView.page(
                        HabitEditorPage(habitID: nil, form: form, errors: Self.nameTaken, groupNames: groups.map(\.name)), session: session),
                    status: .unprocessableContent)
            }
        case .failure(let errors):
            let session = try web.session(context, user: user)
            return Page.html(
                HabitEditorView.page(
                    HabitEditorPage(habitID: nil, form: form, errors: errors, groupNames: groups.map(\.name)), session: session),
                status: .unprocessableContent)
        }
    }

    @Sendable func editForm(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let habit = try await web.store.habit(owner: user.id, id: try context.pathID("id", "habit"))
        let session = try web.session(context, user: user)
        let page = HabitEditorPage(
            habitID: habit.id, form: HabitForm(habit, amounts: AmountStyle(locale: user.settings.locale)),
            original: HabitEditorPage.snapshot(habit), groupNames: try await groupNames(user),
            today: user.settings.today(now: web.now).iso)
        return Page.html(HabitEditorView.page(page, session: session))
    }

    /// Saves only the fields the person changed: the form read against the habit as the form
    /// showed it (its `original` snapshot) gives the changed fields, which are applied to the
    /// habit as stored now. A stale form thus keeps another device's newer values of the fields
    /// it did not touch: a stale screen never overwrites newer data.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let stored = try await web.store.habit(owner: user.id, id: try context.pathID("id", "habit"))
        let posted = try await request.form()
        let form = HabitForm(posted)
        let original = posted["original"]
        let today = user.settings.today(now: web.now)
        let existing = try await web.store.habits(owner: user.id, includeArchived: true)
        let groups = try await web.store.groups(owner: user.id)
        let shown = HabitEditorPage.habit(fromSnapshot: original).map { snapshot in
            var shown = snapshot
            shown.id = stored.id
            return shown
        }
        let result = form.habit(base: shown ?? stored, today: today, locale: user.settings.locale).flatMap {
            submitted -> Result<Habit, HabitForm.Errors> in
            guard let shown else { return .success(submitted) }
            let merged = HabitPatch(from: shown, to: submitted).applied(to: stored)
            let errors = HabitForm.validated(merged)
            return errors.isEmpty ? .success(merged) : .failure(errors)
        }
        func refused(_ errors: HabitForm.Errors) throws -> Response {
            let session = try web.session(context, user: user)
            let page = HabitEditorPage(
                habitID: stored.id, form: form, errors: errors, original: original, groupNames: groups.map(\.name), today: today.iso)
            return Page.html(HabitEditorView.page(page, session: session), status: .unprocessableContent)
        }
        let rulesFrom: RuleChangeStart
        switch form.ruleChangeStart(today: today) {
        case .success(let start): rulesFrom = start
        case .failure(let errors): return try refused(errors)
        }
        switch checked(result, existing: existing) {
        case .success(var habit):
            habit.group = GroupList.spelling(of: habit.group, among: groups)
            do {
                _ = try await web.store.editHabit(owner: user.id, from: stored, to: habit, rulesFrom: rulesFrom)
                return Page.redirect(WebPaths.habit(habit.id))
            } catch StoreError.conflict {
                return try refused(Self.nameTaken)
            }
        case .failure(let errors):
            return try refused(errors)
        }
    }

    /// The form's habit, unless another habit of the user has its name (the store's rule: names
    /// are unique regardless of case, archived habits included): then the message beside the name.
    private func checked(_ result: Result<Habit, HabitForm.Errors>, existing: [Habit]) -> Result<Habit, HabitForm.Errors> {
        guard case .success(let habit) = result, let message = QuickAddForm.nameTaken(habit.name, by: existing, except: habit.id) else {
            return result
        }
        var errors = HabitForm.Errors()
        errors["name"] = message
        return .failure(errors)
    }

    private static var nameTaken: HabitForm.Errors {
        var errors = HabitForm.Errors()
        errors["name"] = t("You already have a habit with this name. Choose another name.")
        return errors
    }

    /// `POST /habits/{id}/archive` `archived=true|false` (the use case `archiveHabit`, as
    /// `tend archive`): off Today and the score, history kept; back to `/habits`.
    @Sendable func archive(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        let form = try await request.form()
        let archived: Bool
        switch form["archived"] {
        case "true", nil: archived = true
        case "false": archived = false
        default: throw Problem.invalid(t("archived is true or false"))
        }
        _ = try await web.store.archiveHabit(owner: owner, id: id, archived)
        return Page.redirect(Page.localPath(form["return"], fallback: WebPaths.habits()) + "#habit-\(id)")
    }

    /// `POST /habits/{id}/move` `direction=up|down`: one place up or down its section of
    /// `/habits` (active, finished or archived), through the store's `reorderHabits`.
    @Sendable func move(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let owner = user.id
        let today = user.settings.today(now: web.now)
        let id: Habit.ID = try context.pathID("id", "habit")
        let step = try RoutinePages.step(try await request.form())
        let habits = try await web.store.habits(owner: owner, includeArchived: true).sorted { ($0.order, $0.name) < ($1.order, $1.name) }
        guard let habit = habits.first(where: { $0.id == id }) else { throw Problem.notFound(t("habit not found")) }
        let place = HabitsListPage.Section(habit, today: today)
        let section = habits.filter { HabitsListPage.Section($0, today: today) == place }.map(\.id)
        let index = section.firstIndex(of: id)!
        if section.indices.contains(index + step) {
            var ids = habits.map(\.id)
            ids.swapAt(ids.firstIndex(of: id)!, ids.firstIndex(of: section[index + step])!)
            try await web.store.reorderHabits(owner: owner, ids)
        }
        return Page.redirect(WebPaths.habits() + "#habit-\(id)")
    }

    /// `POST /habits/{id}/note` `day=YYYY-MM-DD&note=…`: sets the day's note (the store's
    /// `setNote`, as `tend note`); an empty note clears it. A day that is not a date or is after
    /// today, or a note that is too long: 422, the habit page with the form as typed. With a
    /// `return` path (a Today card's menu) it answers as the card's other forms: 303 back to the
    /// card, or 422 with Today, the note as typed in the card's open menu.
    @Sendable func saveNote(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let habit = try await web.store.habit(owner: user.id, id: try context.pathID("id", "habit"))
        let form = try await request.form()
        let today = user.settings.today(now: web.now)
        let dayText = (form["day"] ?? "").trimmingCharacters(in: .whitespaces)
        let text = form["note"] ?? ""
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let error: String?
        let day = try? Day(iso: dayText)
        if let day, day > today {
            error = t("Notes are for today or earlier days.")
        } else if let day, day < RecordableDays.floor {
            error = t("Notes are for days from {date} on.", ["date": RecordableDays.floor.iso])
        } else if day == nil {
            error = t("Choose a day (YYYY-MM-DD).")
        } else if trimmed.count > Entry.maximumNoteLength {
            error = tPlural(
                "A note is at most {count} character.", "A note is at most {count} characters.", count: Entry.maximumNoteLength)
        } else {
            error = nil
        }
        let returnPath = form["return"].map { Page.localPath($0, fallback: WebPaths.today()) }
        guard let day, error == nil else {
            if returnPath != nil, let error {
                return try await DayEntryPages(web: web).refused(request, context: context, user: user, habit: habit, form: form) {
                    $0.note = text
                    $0.noteError = error
                }
            }
            let entries = try await web.store.entries(owner: user.id, habit: habit.id, from: .minimum, through: .maximum)
            var model = HabitPage(tracked: TrackedHabit(habit: habit, entries: entries), today: today, calendar: user.settings.calendar)
            model.noteForm = HabitPage.NoteForm(day: dayText, text: text, latest: today.iso, error: error)
            return Page.html(HabitView.page(model, session: try web.session(context, user: user)), status: .unprocessableContent)
        }
        _ = try await web.store.setNote(owner: user.id, habit: habit.id, day: day, trimmed.isEmpty ? nil : trimmed)
        if let returnPath { return Page.redirect(returnPath + "#habit-\(habit.id)") }
        return Page.redirect(WebPaths.habit(habit.id) + (day == today ? "" : "?note=\(day.iso)") + "#notes-title")
    }
}
