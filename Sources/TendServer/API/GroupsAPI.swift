import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// Groups of habits: list, create, change (rename, emoji), delete (its habits are kept,
/// in no group), order. A group is named in the path by its name, percent-encoded.
struct GroupsAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.groups, use: list)
        group.on(APIRoute.createGroup, use: create)
        group.on(APIRoute.reorderGroups, use: reorder)
        group.on(APIRoute.updateGroup, use: update)
        group.on(APIRoute.deleteGroup, use: delete)
    }

    /// `GET /groups`: described groups in the owner's order, then names only habits use.
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        return try await answer(owner: owner)
    }

    /// `POST /groups` `{"name", "emoji"?}`: a new group at the end; a name taken is a 409.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let fields = try await server.decode(GroupFields.self, from: request)
        guard let name = fields.name else { throw Problem.invalid(t("a group needs a name")) }
        try HabitGroup.validate(name: name)
        if try await server.store.groups(owner: owner).contains(where: { $0.key == HabitGroup.key(name) }) {
            throw Problem.conflict(
                t("a group named “{group}” already exists", ["group": name.trimmingCharacters(in: .whitespacesAndNewlines)]))
        }
        let group = try await server.store.saveGroup(owner: owner, HabitGroup(name: name, emoji: fields.emoji ?? ""))
        let habits = try await server.store.habits(owner: owner, includeArchived: true)
        return try Reply.json(
            GroupAnswer(group, habits: habits), status: .created, headers: [.location: APIPaths.group(APIPaths.groupSegment(group.name))])
    }

    /// `PATCH /groups/{name}` `{"name"?, "emoji"?}`: a rename moves its habits with it.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        // The body first: a body that is not JSON is refused (415) whatever the path names.
        let fields = try await server.decode(GroupFields.self, from: request)
        let current = try await server.store.group(owner: owner, named: try context.pathText("name", "group"))
        var name = current.name
        if let renamed = fields.name, renamed != current.name {
            try await server.store.renameGroup(owner: owner, from: current.name, to: renamed)
            name = renamed.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if let emoji = fields.emoji, emoji != current.emoji {
            try await server.store.saveGroup(owner: owner, HabitGroup(name: name, emoji: emoji))
        }
        let group = try await server.store.group(owner: owner, named: name)
        return try Reply.json(GroupAnswer(group, habits: try await server.store.habits(owner: owner, includeArchived: true)))
    }

    /// `DELETE /groups/{name}`: the group goes; its habits stay, in no group.
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        try await server.store.deleteGroup(owner: owner, named: try context.pathText("name", "group"))
        return Reply.noContent()
    }

    /// `PUT /groups/order` `{"names": […]}`: those groups first, in that order; answers the list.
    @Sendable func reorder(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let body = try await server.decode(GroupOrderRequest.self, from: request)
        guard body.names.count <= HabitGroup.maximumPerOwner else {
            throw Problem.invalid(
                tPlural("at most {count} group can be ordered", "at most {count} groups can be ordered", count: HabitGroup.maximumPerOwner))
        }
        try await server.store.reorderGroups(owner: owner, body.names)
        return try await answer(owner: owner)
    }

    private func answer(owner: User.ID) async throws -> Response {
        let groups = try await server.store.groups(owner: owner)
        let habits = try await server.store.habits(owner: owner, includeArchived: true)
        return try Reply.json(groups.map { GroupAnswer($0, habits: habits) })
    }
}
