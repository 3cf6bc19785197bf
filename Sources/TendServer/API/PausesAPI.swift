import Foundation
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// Pausing and resuming a habit, a group's habits or all of them (the store's `pauseHabits` and
/// `resumeHabits`, as `tend pause` and `tend resume`). Both answer the habits that changed.
struct PausesAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.pause, use: pause)
        group.on(APIRoute.resume, use: resume)
    }

    @Sendable func pause(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let body = try await server.decode(PauseRequest.self, from: request)
        let today = user.settings.today(now: server.now)
        let changed = try await server.store.pauseHabits(
            owner: user.id, try Self.scope(body), from: body.start ?? today, through: body.end, today: today)
        return try Reply.json(changed)
    }

    @Sendable func resume(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let body = try await server.decode(PauseRequest.self, from: request)
        guard body.start == nil, body.end == nil else { throw Problem.invalid(t("a resume takes no start or end: it ends pauses today")) }
        let changed = try await server.store.resumeHabits(
            owner: user.id, try Self.scope(body), today: user.settings.today(now: server.now))
        return try Reply.json(changed)
    }

    static func scope(_ body: PauseRequest) throws -> PauseScope {
        do {
            switch try body.target() {
            case .habit(let id): return .habit(id)
            case .group(let name): return .group(name)
            case .all: return .all
            }
        } catch {
            throw Problem.invalid(error.description)
        }
    }
}
