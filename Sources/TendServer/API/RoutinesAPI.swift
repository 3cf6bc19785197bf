import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// Routines (Youtine): ordered groups of habits. Routines are TendCore's JSON.
struct RoutinesAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.routines, use: list)
        group.on(APIRoute.createRoutine, use: create)
        group.on(APIRoute.reorderRoutines, use: reorder)
        group.on(APIRoute.routine, use: show)
        group.on(APIRoute.updateRoutine, use: update)
        group.on(APIRoute.deleteRoutine, use: delete)
        group.on(APIRoute.addRoutineHabit, use: addHabit)
        group.on(APIRoute.removeRoutineHabit, use: removeHabit)
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        return try Reply.json(try await server.store.routines(owner: owner))
    }

    /// `POST /routines`: `name` is required; the rest defaults to every day at 07:00.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let fields = try await decodeFields(request)
        guard let name = fields.name else { throw Problem.invalid(t("a routine needs a name")) }
        let draft = Routine(name: name, start: try TimeOfDay(hour: 7))
        let routine = try await server.store.addRoutine(owner: owner, fields.applied(to: draft))
        return try Reply.json(routine, status: .created, headers: [.location: APIPaths.routine(routine.id)])
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        return try Reply.json(try await routine(owner: owner, context.pathID("id", "routine")))
    }

    /// `PATCH /routines/{id}`: the fields given change, the others stay as stored (the store logs
    /// only what differs, so a field another device changed meanwhile keeps its value).
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Routine.ID = try context.pathID("id", "routine")
        let fields = try await decodeFields(request)
        let routine = try await routine(owner: owner, id)
        return try Reply.json(try await server.store.updateRoutine(owner: owner, fields.applied(to: routine)))
    }

    /// `DELETE /routines/{id}`: the routine goes; its habits and their history stay. Answers what
    /// happened (Youtine's confirmation message).
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let routine = try await routine(owner: owner, context.pathID("id", "routine"))
        let habits = try await server.store.habits(owner: owner, includeArchived: true)
        let impact = routine.deletionImpact(habits: habits)
        try await server.store.deleteRoutine(owner: owner, id: routine.id)
        return try Reply.json(RoutineDeletionJSON(impact))
    }

    /// `PUT /routines/order` `{"ids": […]}`: answers the routines in their new order.
    @Sendable func reorder(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let body = try await server.decode(ReorderRequest<Routine.ID>.self, from: request)
        try await server.store.reorderRoutines(owner: owner, body.ids)
        return try Reply.json(try await server.store.routines(owner: owner))
    }

    /// `POST /routines/{id}/habits` `{"habit": id, "at": n}`: moves the habit into the routine
    /// (out of any other).
    @Sendable func addHabit(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Routine.ID = try context.pathID("id", "routine")
        let body = try await server.decode(RoutineHabitMove.self, from: request)
        _ = try await routine(owner: owner, id)
        _ = try await server.store.habit(owner: owner, id: body.habit)
        try await server.store.moveHabit(owner: owner, habit: body.habit, toRoutine: id, at: body.at)
        return try Reply.json(try await routine(owner: owner, id))
    }

    /// `DELETE /routines/{id}/habits/{habit}`: takes the habit out of the routine (it is kept).
    @Sendable func removeHabit(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let routine = try await routine(owner: owner, context.pathID("id", "routine"))
        let habit: Habit.ID = try context.pathID("habit", "habit")
        guard routine.habitIDs.contains(habit) else { throw Problem.notFound(t("that habit is not in the routine")) }
        try await server.store.moveHabit(owner: owner, habit: habit, toRoutine: nil, at: nil)
        return try Reply.json(try await self.routine(owner: owner, routine.id))
    }

    /// The body's fields, the name without surrounding spaces.
    private func decodeFields(_ request: Request) async throws -> RoutineFields {
        var fields = try await server.decode(RoutineFields.self, from: request)
        fields.name = fields.name?.trimmingCharacters(in: .whitespaces)
        return fields
    }

    private func routine(owner: User.ID, _ id: Routine.ID) async throws -> Routine {
        guard let routine = try await server.store.routines(owner: owner).first(where: { $0.id == id }) else {
            throw Problem.notFound(t("routine not found"))
        }
        return routine
    }
}
