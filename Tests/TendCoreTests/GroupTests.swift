import Foundation
import TendCore
import TendTestSupport
import Testing

@Suite("Groups and tags")
struct GroupTests {
    let day = Fixtures.day("2026-03-01")

    @Test("Tags are trimmed, unique case-insensitively and sorted, however they are set")
    func tagsNormalized() {
        var habit = Habit(name: "Run", tags: ["b", "A", " a ", "", "B"], createdOn: day)
        #expect(habit.tags == ["A", "b"])
        habit.tags.append("0")
        #expect(habit.tags == ["0", "A", "b"])
        #expect(HabitTags.applying(added: ["c", "a"], removed: ["B", "zz"], to: habit.tags) == ["0", "A", "c"])
    }

    @Test("A patch carries tags as set operations: two devices' edits both survive in either order")
    func tagPatchesCommute() {
        let habit = Habit(name: "Run", tags: ["evening", "books"], createdOn: day)
        let added = HabitPatch(
            from: habit,
            to: {
                var h = habit
                h.tags.append("quiet")
                return h
            }())
        let removed = HabitPatch(
            from: habit,
            to: {
                var h = habit
                h.tags.removeAll { $0 == "evening" }
                return h
            }())
        #expect(added == HabitPatch(tagsAdded: ["quiet"]) && removed == HabitPatch(tagsRemoved: ["evening"]))
        #expect(added.applied(to: removed.applied(to: habit)).tags == ["books", "quiet"])
        #expect(removed.applied(to: added.applied(to: habit)).tags == ["books", "quiet"])
    }

    @Test("Renaming a group moves its habits (by key); renaming onto another merges the two; deleting ungroups")
    func groupChangesMoveHabits() {
        let run = Habit(name: "Run", group: "Health", createdOn: day)
        let walk = Habit(name: "Walk", group: "health", createdOn: day)
        let read = Habit(name: "Read", group: "Mind", createdOn: day)
        var state = UserState(
            habits: [run, walk, read].map { TrackedHabit(habit: $0) },
            groups: [HabitGroup(name: "Mind", emoji: "🧠"), HabitGroup(name: "Health")])
        state.apply(.groupRenamed(from: "HEALTH", to: "Body"))
        #expect(state.habits[run.id]?.habit.group == "Body" && state.habits[walk.id]?.habit.group == "Body")
        #expect(state.groups.groups.map(\.name) == ["Mind", "Body"])
        state.apply(.groupRenamed(from: "Body", to: "mind"))
        #expect(state.groups.groups == [HabitGroup(name: "mind", emoji: "🧠")])
        #expect(state.habits.values.allSatisfy { $0.habit.group == "mind" || $0.habit.group == "Mind" })
        state.apply(.groupDeleted(name: "MIND"))
        #expect(state.habits.values.allSatisfy { $0.habit.group.isEmpty } && state.groups.groups.isEmpty)
        #expect(state.habits.count == 3)
    }

    @Test("The groups listed: described ones in order, then names only habits use, by name")
    func listedGroups() {
        var list = GroupList([HabitGroup(name: "Work")])
        let habits = [
            Habit(name: "a", group: "zeta", createdOn: day), Habit(name: "b", group: "Alpha", createdOn: day),
            Habit(name: "c", group: "work", createdOn: day), Habit(name: "d", createdOn: day),
        ]
        #expect(list.all(usedBy: habits).map(\.name) == ["Work", "Alpha", "zeta"])
        list.reorder(by: ["zeta", "ZETA"])
        #expect(list.groups.map(\.name) == ["zeta", "Work"])
        #expect(GroupList.spelling(of: " alpha ", among: list.all(usedBy: habits)) == "Alpha")
        #expect(GroupList.spelling(of: "New", among: list.all(usedBy: habits)) == "New")
    }

    @Test("Bad groups and tags are refused by the habit's own check")
    func validation() {
        func refusal(_ habit: Habit) -> String? {
            do { try habit.validate() } catch { return error.description }
            return nil
        }
        #expect(refusal(Habit(name: "a", group: String(repeating: "g", count: 51), createdOn: day)) != nil)
        #expect(refusal(Habit(name: "a", tags: (1...21).map { "t\($0)" }, createdOn: day))?.contains("at most 20 tags") == true)
        #expect(refusal(Habit(name: "a", tags: [String(repeating: "t", count: 31)], createdOn: day))?.contains("at most 30") == true)
        #expect(refusal(Habit(name: "a", tags: ["a,b"], createdOn: day)) != nil)
        #expect(refusal(Habit(name: "a", tags: ["a\u{0}b"], createdOn: day)) != nil)
        #expect(refusal(Habit(name: "a", group: "Health\u{7}", createdOn: day)) != nil)
        #expect(refusal(Habit(name: "a", group: "Health", tags: (1...20).map { "t\($0)" }, createdOn: day)) == nil)
    }
}
