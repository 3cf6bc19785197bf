import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// The Groups section of `/habits`: each form changes one group through the store (as
/// `tend groups` and `/api/v1/groups` do) and redirects back; a refused one answers 422 with the
/// list and the reason, having changed nothing.
struct GroupPages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.post(WebPaths.group.route(), use: save)
        group.post(WebPaths.moveGroup.route(), use: move)
        group.post(WebPaths.deleteGroup.route(), use: delete)
    }

    /// `POST /groups/{name}` `name=…&emoji=…`: rename (its habits follow) and set the emoji.
    @Sendable func save(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let current = try await web.store.group(owner: user.id, named: try context.pathText("name", "group"))
        let form = try await request.form()
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let emoji = (form["emoji"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            if name != current.name { try await web.store.renameGroup(owner: user.id, from: current.name, to: name) }
            if emoji != current.emoji { try await web.store.saveGroup(owner: user.id, HabitGroup(name: name, emoji: emoji)) }
        } catch let error as StoreError {
            return try await refused(context: context, user: user, error.description)
        }
        return Page.redirect(WebPaths.habits() + "#groups-title")
    }

    /// `POST /groups/{name}/move` `direction=up|down`: one place in the order of groups.
    @Sendable func move(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let current = try await web.store.group(owner: user.id, named: try context.pathText("name", "group"))
        let step = try RoutinePages.step(try await request.form())
        var names = try await web.store.groups(owner: user.id).map(\.name)
        let index = names.firstIndex(of: current.name)!
        if names.indices.contains(index + step) {
            names.swapAt(index, index + step)
            try await web.store.reorderGroups(owner: user.id, names)
        }
        return Page.redirect(WebPaths.habits() + "#groups-title")
    }

    /// `POST /groups/{name}/delete`: the group goes; its habits stay, in no group.
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        try await web.store.deleteGroup(owner: user.id, named: try context.pathText("name", "group"))
        return Page.redirect(WebPaths.habits() + "#groups-title")
    }

    private func refused(context: Context, user: User, _ reason: String) async throws -> Response {
        var model = HabitsListPage(
            habits: try await web.store.habits(owner: user.id, includeArchived: true), groups: try await web.store.groups(owner: user.id),
            today: user.settings.today(now: web.now), amounts: AmountStyle(locale: user.settings.locale))
        model.groupError = reason.prefix(1).uppercased() + reason.dropFirst() + "."
        return Page.html(HabitsListView.page(model, session: try web.session(context, user: user)), status: .unprocessableContent)
    }
}
