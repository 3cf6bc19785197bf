import Foundation
import TendCore
import TendStore
import Testing

extension StoreContract {
    /// Groups and tags: stored with the habit, listed in the owner's order, renamed and
    /// deleted with the habits following, bad input refused with nothing changed.
    static let groupCases: [StoreContractCase] = [
        StoreContractCase("A habit's group and tags are stored, changed and read back; the log carries tag changes as set operations") {
            store in
            let user = try await newUser(store)
            var habit = water()
            habit.group = "Health"
            habit.tags = ["morning", "Outdoors", "MORNING", " "]
            let created = try await store.createHabit(owner: user.id, habit)
            #expect(created.group == "Health" && created.tags == ["morning", "Outdoors"])
            #expect(try await store.habit(owner: user.id, id: habit.id) == created)
            var edited = created
            edited.group = "Work"
            edited.tags = ["Outdoors", "weekly"]
            _ = try await store.updateHabit(owner: user.id, edited)
            let stored = try await store.habit(owner: user.id, id: habit.id)
            #expect(stored.group == "Work" && stored.tags == ["Outdoors", "weekly"])
            let last = try await store.operations(owner: user.id, after: 0, limit: 10).last?.operation.change
            #expect(last == .habitUpdated(id: habit.id, patch: HabitPatch(group: "Work", tagsAdded: ["weekly"], tagsRemoved: ["morning"])))
            edited.group = ""
            _ = try await store.updateHabit(owner: user.id, edited)
            #expect(try await store.habit(owner: user.id, id: habit.id).group == "")
            #expect(try await store.exportState(owner: user.id).habits[habit.id]?.habit.tags == ["Outdoors", "weekly"])
        },
        StoreContractCase("Groups are listed in the owner's order, renamed and deleted with their habits following, never deleting a habit")
        {
            store in
            let user = try await newUser(store)
            var read = water("Read")
            read.group = "Mind"
            var run = water("Run")
            run.group = "Health"
            var stretch = water("Stretch")
            stretch.group = "health"
            for habit in [read, run, stretch] { _ = try await store.createHabit(owner: user.id, habit) }
            // Names only habits use are groups too, after the described ones, by name.
            #expect(try await store.groups(owner: user.id).map(\.name) == ["Health", "Mind"])
            try await store.saveGroup(owner: user.id, HabitGroup(name: "Work", emoji: "💼"))
            #expect(try await store.groups(owner: user.id).map(\.name) == ["Work", "Health", "Mind"])
            try await store.reorderGroups(owner: user.id, ["mind"])
            #expect(try await store.groups(owner: user.id).map(\.name) == ["Mind", "Work", "Health"])
            try await store.renameGroup(owner: user.id, from: "HEALTH", to: "Body")
            #expect(try await store.habit(owner: user.id, id: run.id).group == "Body")
            #expect(try await store.habit(owner: user.id, id: stretch.id).group == "Body")
            #expect(try await store.habit(owner: user.id, id: read.id).group == "Mind")
            try await store.deleteGroup(owner: user.id, named: "mind")
            #expect(try await store.habit(owner: user.id, id: read.id).group == "")
            #expect(try await store.habits(owner: user.id, includeArchived: true).count == 3)
            #expect(try await store.groups(owner: user.id).map(\.name) == ["Work", "Body"])
            #expect(try await store.groups(owner: user.id).first?.emoji == "💼")
            // What the store holds is what replaying its log gives.
            let replayed = UserState.replaying(
                try await store.operations(owner: user.id, after: 0, limit: 100).map(\.operation.change),
                from: UserState(settings: user.settings))
            let exported = try await store.exportState(owner: user.id)
            #expect(replayed.groups == exported.groups)
            #expect(replayed.habits.mapValues(\.habit) == exported.habits.mapValues(\.habit))
        },
        StoreContractCase("Bad groups and tags are refused and change nothing") { store in
            let user = try await newUser(store)
            var habit = water()
            habit.group = "Health"
            _ = try await store.createHabit(owner: user.id, habit)
            try await store.saveGroup(owner: user.id, HabitGroup(name: "Work"))
            let before = try await store.exportState(owner: user.id)
            let log = try await store.latestOperationSequence(owner: user.id)
            await expectStoreError("unknown group renamed", isNotFound) {
                try await store.renameGroup(owner: user.id, from: "Nope", to: "X")
            }
            await expectStoreError("unknown group deleted", isNotFound) { try await store.deleteGroup(owner: user.id, named: "Nope") }
            await expectStoreError("unknown group ordered", isNotFound) { try await store.reorderGroups(owner: user.id, ["Nope"]) }
            await expectStoreError("group twice in the order", isInvalid) {
                try await store.reorderGroups(owner: user.id, ["Work", "work"])
            }
            await expectStoreError("rename onto another group", isConflict) {
                try await store.renameGroup(owner: user.id, from: "Work", to: "health")
            }
            await expectStoreError("empty group name", isInvalid) { try await store.saveGroup(owner: user.id, HabitGroup(name: "  ")) }
            await expectStoreError("long group name", isInvalid) {
                try await store.saveGroup(owner: user.id, HabitGroup(name: String(repeating: "g", count: 51)))
            }
            await expectStoreError("group emoji that is not one", isInvalid) {
                try await store.saveGroup(owner: user.id, HabitGroup(name: "Fun", emoji: "ab"))
            }
            var tooMany = habit
            tooMany.tags = (1...200).map { "tag\($0)" }
            await expectStoreError("200 tags", isInvalid) { _ = try await store.updateHabit(owner: user.id, tooMany) }
            var huge = habit
            huge.tags = [String(repeating: "x", count: 10_000_000)]
            await expectStoreError("a 10 MB tag", isInvalid) { _ = try await store.updateHabit(owner: user.id, huge) }
            var comma = habit
            comma.group = "Health\nWork"
            await expectStoreError("a two-line group", isInvalid) { _ = try await store.updateHabit(owner: user.id, comma) }
            await expectStoreError("a prepared tag of 31 characters", isInvalid) {
                try await store.applyChanges(
                    owner: user.id, [.habitUpdated(id: habit.id, patch: HabitPatch(tagsAdded: [String(repeating: "t", count: 31)]))])
            }
            #expect(try await store.exportState(owner: user.id) == before)
            #expect(try await store.latestOperationSequence(owner: user.id) == log)
        },
    ]
}
