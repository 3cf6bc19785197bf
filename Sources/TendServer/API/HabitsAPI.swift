import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// Habits: list, create, read, change, delete, order, archive. Habits are TendCore's JSON.
struct HabitsAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.habits, use: list)
        group.on(APIRoute.createHabit, use: create)
        group.on(APIRoute.reorderHabits, use: reorder)
        group.on(APIRoute.habit, use: show)
        group.on(APIRoute.updateHabit, use: update)
        group.on(APIRoute.deleteHabit, use: delete)
        group.on(APIRoute.archiveHabit, use: archive)
        group.on(APIRoute.unarchiveHabit, use: unarchive)
    }

    /// The filter of `?group=G&tag=T`, checked against what the owner has (an unknown group or
    /// tag is a 422, not an empty list).
    private func filter(_ request: Request, owner: User.ID, habits: [Habit]) async throws -> HabitFilter {
        let filter = HabitFilter(group: request.query("group"), tag: request.query("tag"))
        if !filter.isEmpty { try filter.check(habits: habits, groups: try await server.store.groups(owner: owner)) }
        return filter
    }

    /// `GET /habits[?archived=true][&group=G][&tag=T]`: in the user's order; archived ones only
    /// when asked; `group=` (empty) chooses the habits in no group.
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let archived = try request.queryBool("archived")
        let all = try await server.store.habits(owner: owner, includeArchived: true)
        let filter = try await filter(request, owner: owner, habits: all)
        return try Reply.json(all.filter { (archived || !$0.isArchived) && filter.matches($0) })
    }

    /// `POST /habits`: `{"name"}` alone makes a daily good checkmark; any attribute may be given.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let fields = try await server.decode(HabitFields.self, from: request)
        guard let name = fields.name else { throw Problem.invalid(t("a habit needs a name")) }
        let today = user.settings.today(now: server.now)
        let draft = Habit(name: name, createdOn: fields.createdOn ?? today)
        let groups = fields.group == nil ? [] : try await server.store.groups(owner: user.id)
        let habit = try await server.store.addHabit(
            owner: user.id, try fields.applied(to: draft, today: today, groups: groups), today: today)
        return try Reply.json(habit, status: .created, headers: [.location: APIPaths.habit(habit.id)])
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        return try Reply.json(try await server.store.habit(owner: owner, id: context.pathID("id", "habit")))
    }

    /// `PATCH /habits/{id}`: the fields given change (changing kind or type without a target
    /// resets the target to the default, as `tend edit` does).
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let id: Habit.ID = try context.pathID("id", "habit")
        let fields = try await server.decode(HabitFields.self, from: request)
        let habit = try await server.store.habit(owner: user.id, id: id)
        let groups = fields.group == nil ? [] : try await server.store.groups(owner: user.id)
        let today = user.settings.today(now: server.now)
        let changed = try fields.applied(to: habit, today: today, groups: groups)
        let updated = try await server.store.editHabit(
            owner: user.id, from: habit, to: changed, rulesFrom: try fields.ruleChangeStart(today: today))
        return try Reply.json(updated)
    }

    /// `DELETE /habits/{id}`: the habit with all its entries.
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        try await server.store.removeHabit(owner: owner, id: context.pathID("id", "habit"))
        return Reply.noContent()
    }

    /// `PUT /habits/order` `{"ids": […]}`: those habits first, in that order; answers the list.
    @Sendable func reorder(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let body = try await server.decode(ReorderRequest<Habit.ID>.self, from: request)
        try await server.store.reorderHabits(owner: owner, body.ids)
        return try Reply.json(try await server.store.habits(owner: owner, includeArchived: true))
    }

    @Sendable func archive(_ request: Request, context: Context) async throws -> Response {
        try await setArchived(true, context: context)
    }

    @Sendable func unarchive(_ request: Request, context: Context) async throws -> Response {
        try await setArchived(false, context: context)
    }

    private func setArchived(_ archived: Bool, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let habit = try await server.store.archiveHabit(owner: owner, id: context.pathID("id", "habit"), archived)
        return try Reply.json(habit)
    }
}
