import Foundation
import TendCore
import TendStore
import Testing

extension SyncContract {
    /// Groups and tags merged from other devices.
    static let groupCases: [SyncContractCase] = [
        SyncContractCase("A tag added on one device and another removed on a second both survive, in either order") { store in
            let user = try await newUser(store)
            let tagged = Habit(id: habitID, name: "Read", tags: ["evening", "books"], createdOn: day)
            let history = [
                operation("origin", base, .habitCreated(habit: tagged)),
                operation("phone", base + 2000, .habitUpdated(id: habitID, patch: HabitPatch(tagsAdded: ["quiet"]))),
                // Made before the phone's, arriving after it: the store refolds.
                operation("laptop", base + 1000, .habitUpdated(id: habitID, patch: HabitPatch(tagsRemoved: ["evening"]))),
            ]
            for operation in history { _ = try await store.receive(owner: user.id, [operation]) }
            #expect(try await store.habit(owner: user.id, id: habitID).tags == ["books", "quiet"])
            expectSame(try await store.exportState(owner: user.id), expected(history), "tags")
        },
        SyncContractCase("A group renamed on one device while a habit joins it on another: the habit follows, in either order") { store in
            let user = try await newUser(store)
            let other = Habit.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-00000000C0DF")!)
            let history = [
                operation("origin", base, .habitCreated(habit: Habit(id: habitID, name: "Run", group: "Health", createdOn: day))),
                operation("origin", base + 1, .habitCreated(habit: Habit(id: other, name: "Swim", createdOn: day))),
                operation("origin", base + 2, .groupSaved(group: HabitGroup(name: "Health", emoji: "💪"))),
                operation("laptop", base + 3000, .groupRenamed(from: "Health", to: "Body")),
                // The phone moved Swim into Health before the rename; it arrives after it.
                operation("phone", base + 1000, .habitUpdated(id: other, patch: HabitPatch(group: "health"))),
                operation("phone", base + 4000, .groupsReordered(names: ["Work", "Body"])),
            ]
            for operation in history { _ = try await store.receive(owner: user.id, [operation]) }
            #expect(try await store.habit(owner: user.id, id: habitID).group == "Body")
            #expect(try await store.habit(owner: user.id, id: other).group == "Body")
            #expect(
                try await store.describedGroups(owner: user.id).groups == [HabitGroup(name: "Work"), HabitGroup(name: "Body", emoji: "💪")])
            expectSame(try await store.exportState(owner: user.id), expected(history), "groups")
        },
    ]
}
