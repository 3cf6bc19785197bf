import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWeb
import TendWords

/// Read-only views computed by TendCore: today, the heatmap, statistics, grids, tips. "Today"
/// is the user's, from their zone and day start, never the server's.
struct ViewsAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.today, use: today)
        group.on(APIRoute.heatmap, use: heatmap)
        group.on(APIRoute.stats, use: allStats)
        group.on(APIRoute.habitStats, use: stats)
        group.on(APIRoute.habitCells, use: cells)
        group.on(APIRoute.tips, use: tips)
        group.on(APIRoute.dismissTip, use: dismissTip)
    }

    /// `GET /today?date=`: what `tend today --json` shows, read by ``TodayReader`` (shared with
    /// the web's Today page).
    @Sendable func today(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        return Reply.json(encoded: try await server.today.json(owner: owner, day: { try request.queryDay("date", today: $0) }))
    }

    /// `GET /heatmap?date=&days=200`: day scores of the days ending on `date`, oldest first.
    @Sendable func heatmap(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let calendar = user.settings.calendar
        let today = user.settings.today(now: server.now)
        let day = try request.queryDay("date", today: today)
        let days = try request.queryInt("days", default: 200, range: 1...3660)
        let start = day.adding(days: 1 - days)
        let habits = try await server.store.trackedHabits(
            owner: user.id, includeArchived: false, window: HistoryWindow(from: start, through: day, today: today, calendar: calendar))
        let scores = DayScore.heatmap(habits, endingOn: day, days: days, today: today, calendar: calendar)
        return try Reply.json(zip(start...day, scores).map { DayScoreJSON(day: $0, score: $1) })
    }

    /// `GET /habits/{id}/stats?asOf=`: the numbers and keys of `tend stats HABIT --json`.
    @Sendable func stats(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let id: Habit.ID = try context.pathID("id", "habit")
        let asOf = try request.statsDay(today: user.settings.today(now: server.now))
        let tracked = try await trackedHabit(owner: user.id, id: id)
        return try Reply.json(StatsJSON(habit: tracked.habit, tracked.statistics(asOf: asOf, calendar: user.settings.calendar)))
    }

    /// `GET /stats?asOf=[&group=G][&tag=T]`: every active habit's statistics, as `tend stats --json`
    /// (those of a group or with a tag when asked; an unknown one is a 422).
    @Sendable func allStats(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let asOf = try request.statsDay(today: user.settings.today(now: server.now))
        let filter = HabitFilter(group: request.query("group"), tag: request.query("tag"))
        var habits = try await server.store.trackedHabits(owner: user.id, includeArchived: false)
        if !filter.isEmpty {
            try filter.check(
                habits: try await server.store.habits(owner: user.id, includeArchived: true),
                groups: try await server.store.groups(owner: user.id))
            habits = habits.filter { filter.matches($0.habit) }
        }
        let calendar = user.settings.calendar
        return try Reply.json(habits.map { StatsJSON(habit: $0.habit, $0.statistics(asOf: asOf, calendar: calendar)) })
    }

    /// `GET /habits/{id}/cells?view=week|strip|month|year&date=`: TendCore's day cells of the
    /// calendar week, the 7-day strip, the month grid or the 53-week year grid.
    @Sendable func cells(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let id: Habit.ID = try context.pathID("id", "habit")
        let calendar = user.settings.calendar
        let today = user.settings.today(now: server.now)
        let day = try request.queryDay("date", today: today)
        let tracked = try await trackedHabit(owner: user.id, id: id)
        let cells: [DayCell]
        switch request.query("view") ?? "week" {
        case "week": cells = tracked.calendarWeek(containing: day, today: today, calendar: calendar)
        case "strip": cells = tracked.weekStrip(endingOn: day, today: today, calendar: calendar)
        case "month": cells = tracked.monthGrid(containing: day, today: today, calendar: calendar)
        case "year": cells = tracked.yearGrid(endingWith: day, today: today, calendar: calendar)
        default: throw Problem.badRequest(t("'view' is week, strip, month or year"))
        }
        return try Reply.json(cells)
    }

    /// `GET /tips[?all=true]`: the tips that apply now and are not retired (all: every tip).
    @Sendable func tips(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let today = user.settings.today(now: server.now)
        let habits = try await server.store.trackedHabits(owner: user.id, includeArchived: false)
        let routines = try await server.store.routines(owner: user.id)
        let state = try await server.store.tipState(owner: user.id)
        let tipContext = TipContext(habits: habits, routines: routines, today: today, calendar: user.settings.calendar)
        let tips = try request.queryBool("all") ? TipCatalog.all : TipCatalog.eligibleTips(in: tipContext, state: state)
        return try Reply.json(
            tips.map { TipJSON($0, applies: TipCatalog.applies($0.id, in: tipContext), retired: state.isRetired($0.id)) })
    }

    /// `POST /tips/{id}/dismiss`: never shown again, on any of the user's devices.
    @Sendable func dismissTip(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        guard let id = context.parameters.get("tip").flatMap(Tip.ID.init(rawValue:)) else {
            throw Problem.notFound(t("tip not found"))
        }
        try await server.store.dismissTip(owner: owner, id)
        return Reply.noContent()
    }

    private func trackedHabit(owner: User.ID, id: Habit.ID) async throws -> TrackedHabit {
        let habit = try await server.store.habit(owner: owner, id: id)
        let entries = try await server.store.entries(owner: owner, habit: id, from: .minimum, through: .maximum)
        return TrackedHabit(habit: habit, entries: entries)
    }
}

extension Request {
    /// The `asOf` day of the statistics: at most a year after today (as every query day).
    /// Statistics walk every day from the habit's start (never before the floor) to `asOf`, so
    /// `asOf=9999-12-31` would keep the server busy for seconds per habit (schemathesis found it).
    fileprivate func statsDay(today: Day) throws -> Day {
        try queryDay("asOf", today: today)
    }
}
