import Foundation
import TendCore
import TendWords

/// Groups of habits, for the CLI, the JSON API and the web app alike: what exists is
/// checked here, then the change goes through ``TendStore/applyChanges(owner:_:)`` like any other
/// logged change. Two writers racing between the check and the write are settled by the fold's
/// own rules (a rename onto an existing name merges the two), never by a lost change.
extension TendStore {
    /// Every group the owner has: the described ones in their order, then the names only habits
    /// use, by name.
    public func groups(owner: User.ID) async throws -> [HabitGroup] {
        let described = try await describedGroups(owner: owner)
        return described.all(usedBy: try await habits(owner: owner, includeArchived: true))
    }

    /// The owner's group called `name` (compared case-insensitively).
    public func group(owner: User.ID, named name: String) async throws -> HabitGroup {
        let key = HabitGroup.key(name)
        guard let group = try await groups(owner: owner).first(where: { $0.key == key }) else {
            throw StoreError.notFound("group “\(name.prefix(HabitGroup.maximumNameLength))”")
        }
        return group
    }

    /// Adds a group at the end of the order, or sets an existing one's emoji (and spelling).
    @discardableResult
    public func saveGroup(owner: User.ID, _ group: HabitGroup) async throws -> HabitGroup {
        var group = group
        group.name = group.name.trimmingCharacters(in: .whitespacesAndNewlines)
        try StoreError.enforcing { try group.validate() }
        let described = try await describedGroups(owner: owner)
        if described[group.name] == nil, described.groups.count >= HabitGroup.maximumPerOwner {
            throw StoreError.invalid(
                tPlural(
                    "you have {count} group, the most Tend keeps is {limit}", "you have {count} groups, the most Tend keeps is {limit}",
                    count: described.groups.count, ["limit": String(HabitGroup.maximumPerOwner)]))
        }
        try await applyChanges(owner: owner, [.groupSaved(group: group)])
        return group
    }

    /// Renames a group; its habits move with it. A name another group holds is refused.
    public func renameGroup(owner: User.ID, from: String, to: String) async throws {
        let to = to.trimmingCharacters(in: .whitespacesAndNewlines)
        try StoreError.enforcing { try HabitGroup.validate(name: to) }
        let current = try await group(owner: owner, named: from)
        if HabitGroup.key(to) != current.key, try await groups(owner: owner).contains(where: { $0.key == HabitGroup.key(to) }) {
            throw StoreError.conflict(t("a group named “{name}” already exists", ["name": to]))
        }
        try await applyChanges(owner: owner, [.groupRenamed(from: current.name, to: to)])
    }

    /// Deletes a group: its habits are kept, in no group.
    public func deleteGroup(owner: User.ID, named name: String) async throws {
        let current = try await group(owner: owner, named: name)
        try await applyChanges(owner: owner, [.groupDeleted(name: current.name)])
    }

    /// Sets the order of groups: those named first, in that order, the others after them.
    public func reorderGroups(owner: User.ID, _ names: [String]) async throws {
        let existing = try await groups(owner: owner)
        let keys = Set(existing.map(\.key))
        for name in names where !keys.contains(HabitGroup.key(name)) {
            throw StoreError.notFound("group “\(name.prefix(HabitGroup.maximumNameLength))”")
        }
        guard Set(names.map(HabitGroup.key)).count == names.count else {
            throw StoreError.invalid(t("a group appears twice in the order"))
        }
        let spelled = names.map { name in existing.first { $0.key == HabitGroup.key(name) }!.name }
        try await applyChanges(owner: owner, [.groupsReordered(names: spelled)])
    }
}
