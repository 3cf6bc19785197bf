import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// One habit's days: entries by range, and the intention-named changes to a day. A change answers
/// the day's entry (TendCore's JSON: `day`, `value`, `isSkipped`, `note`) and costs the same
/// whatever the length of the habit's history.
struct DaysAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.days, use: list)
        group.on(APIRoute.updateDay, use: update)
        group.on(APIRoute.resetDay, use: reset)
        group.on(APIRoute.increment, use: increment)
        group.on(APIRoute.tap, use: tap)
    }

    /// `GET /habits/{id}/days?from=&to=`: the days with something recorded, by day (default: the
    /// 30 days ending today).
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let id: Habit.ID = try context.pathID("id", "habit")
        let today = user.settings.today(now: server.now)
        let to = try request.queryDay("to", today: today)
        let from = try request.queryDay("from", today: today, default: to.adding(days: -29))
        guard from <= to else {
            throw Problem.badRequest(
                t("'from' ({from}) is after 'to' ({to})", ["from": String(describing: from), "to": String(describing: to)]))
        }
        _ = try await server.store.habit(owner: user.id, id: id)
        return try Reply.json(try await server.store.entries(owner: user.id, habit: id, from: from, through: to))
    }

    /// `PUT /habits/{id}/days/{day}` with `{"value": n}`, `{"skip": true|false}`, `{"note": "…"}`
    /// or several of them. Everything is checked before anything is written.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        let day = try await server.recordableDay(context, owner: owner)
        let buffer = try await server.jsonBody(of: request)
        let body = try DayUpdate.valueOnly(Array(buffer.readableBytesView)) ?? server.decode(DayUpdate.self, from: buffer)
        guard body.value != nil || body.skip != nil || body.note != nil else {
            throw Problem.invalid(t("give a value, a skip mark or a note"))
        }
        // The body alone is checked here; what needs the habit (it exists, a checkmark's value is
        // 0 or 1) the store checks in the transaction that writes, where it reads the habit
        // anyway. The commands land together or not at all.
        var commands: [EntryCommand] = []
        if let skip = body.skip {
            if skip, let value = body.value, value > 0 {
                throw Problem.invalid(t("a skipped day has no value; send either the skip or the value"))
            }
            commands.append(.skip(skip))
        }
        if let value = body.value {
            guard value >= 0, value <= EntryCommand.maximumValue else {
                throw Problem.invalid(t("a value is from 0 to {highest}", ["highest": String(describing: EntryCommand.maximumValue)]))
            }
            commands.append(.set(value))
        }
        if let note = body.note {
            guard note.count <= Entry.maximumNoteLength else {
                throw Problem.invalid(
                    tPlural("a note is at most {count} character", "a note is at most {count} characters", count: Entry.maximumNoteLength))
            }
            commands.append(.note(note.isEmpty ? nil : note))
        }
        let entry = try await server.store.recordDay(owner: owner, habit: id, day: day, commands)
        return Reply.entry(entry)
    }

    /// `POST /habits/{id}/days/{day}/increment` `{"by": n}` (default 1, negative to decrement; the
    /// amount is added as given, past the target too; only the tap stops at the target).
    @Sendable func increment(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        let day = try await server.recordableDay(context, owner: owner)
        let buffer = try await server.jsonBody(of: request)
        let by: Amount
        if buffer.readableBytes == 0 {
            by = 1
        } else {
            by = try APIJSON.decoder().decode(IncrementRequest.self, from: Data(buffer.readableBytesView)).by ?? 1
        }
        guard by.thousandths.magnitude <= EntryCommand.maximumValue.thousandths.magnitude else {  // abs(Int64.min) would trap
            throw Problem.invalid(t("an amount is at most {highest}", ["highest": String(describing: EntryCommand.maximumValue)]))
        }
        return try Reply.entry(try await server.store.perform(owner: owner, habit: id, day: day, .increment(by)))
    }

    /// `POST /habits/{id}/days/{day}/tap`: Void.'s polymorphic tap (TendCore's
    /// `TrackedHabit.tap`): a checkmark toggles, a count goes up by one, a duration by a minute.
    /// Counts and durations are recorded as increments, so taps from two devices both count.
    @Sendable func tap(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        let day = try await server.recordableDay(context, owner: owner)
        return try Reply.entry(try await server.store.tap(owner: owner, habit: id, day: day))
    }

    /// `DELETE /habits/{id}/days/{day}`: nothing recorded (value 0, no skip; a note stays).
    @Sendable func reset(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        let day = try await server.recordableDay(context, owner: owner)
        return try Reply.entry(try await server.store.recordDay(owner: owner, habit: id, day: day, [.reset]))
    }
}
