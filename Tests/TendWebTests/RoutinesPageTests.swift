import Foundation
import TendCore
import TendHTTP
import Testing

@testable import TendWeb

/// The routines page model, the routine editor's form and the confirmations' words.
@Suite("Routines page model and editor form")
struct RoutinesPageTests {
    static let meditate = WebFixtures.habit(1, "Meditate", emoji: "🧘", color: .purple)
    static let water = WebFixtures.habit(2, "Water", emoji: "💧", color: .cyan)
    static let stretch = WebFixtures.habit(3, "Stretch", emoji: "🏃", color: .green)
    static let read = WebFixtures.habit(4, "Read", emoji: "📚", color: .orange)
    static var archived: Habit {
        var habit = WebFixtures.habit(5, "Old", emoji: "🍬")
        habit.isArchived = true
        return habit
    }
    static let habits = [meditate, water, stretch, read, archived]

    static func routineID(_ n: Int) -> Routine.ID {
        Routine.ID(rawValue: UUID(uuidString: String(format: "00000000-0000-0000-0001-%012d", n))!)
    }

    /// Evening is listed first in the array but ordered second.
    static let routines = [
        Routine(
            id: routineID(2), name: "Evening", start: try! TimeOfDay(hour: 21), weekdays: [.monday, .wednesday, .friday], color: .indigo,
            habitIDs: [read.id], order: 1),
        Routine(
            id: routineID(1), name: "Morning", start: try! TimeOfDay(hour: 6, minute: 30), color: .orange,
            habitIDs: [water.id, meditate.id, archived.id], order: 0),
    ]

    @Test("Routines are listed in their order, each with its habits in order (archived ones marked)")
    func order() {
        let page = RoutinesPage(routines: Self.routines, habits: Self.habits)
        #expect(page.routines.map(\.name) == ["Morning", "Evening"])
        #expect(page.routines[0].habits.map(\.name) == ["Water", "Meditate", "Old"])
        #expect(page.routines[0].habits.map(\.isArchived) == [false, false, true])
        #expect(page.routines[0].subtitle == "06:30 · Every day")
        #expect(page.routines[1].subtitle == "21:00 · Mon, Wed, Fri")
        #expect(page.routines.map(\.isFirst) == [true, false])
        #expect(page.routines.map(\.isLast) == [false, true])
        #expect(page.routines[0].habits.map(\.isFirst) == [true, false, false])
        #expect(page.routines[0].habits.map(\.isLast) == [false, false, true])
        #expect(page.routines[0].editLink == "/routines/\(Self.routineID(1))/edit")
    }

    @Test("The add list offers the active habits not in the routine and says which routine holds each now")
    func addOptions() {
        let page = RoutinesPage(routines: Self.routines, habits: Self.habits)
        #expect(page.routines[0].addOptions.map(\.label) == ["🏃 Stretch", "📚 Read (now in Evening)"])
        #expect(page.routines[1].addOptions.map(\.label) == ["🧘 Meditate (now in Morning)", "💧 Water (now in Morning)", "🏃 Stretch"])
        #expect(page.habitsOutside == 1)
    }

    @Test("A refused add form keeps the choice and its message on that routine only")
    func addError() {
        let error = RoutinesPage.AddError(routine: Self.routineID(2), selected: "nonsense", message: "Choose a habit to add.")
        let page = RoutinesPage(routines: Self.routines, habits: Self.habits, addError: error)
        #expect(page.routines[0].addError == nil)
        #expect(page.routines[1].addError == "Choose a habit to add.")
        #expect(page.routines[1].addSelected == "nonsense")
    }

    @Test(
        "Days in words",
        arguments: [
            (Set(Weekday.allCases), "Every day"),
            (Set<Weekday>([.monday, .tuesday, .wednesday, .thursday, .friday]), "Weekdays"),
            (Set<Weekday>([.saturday, .sunday]), "Weekends"),
            (Set<Weekday>([.sunday, .monday]), "Mon, Sun"),
        ])
    func days(_ days: Set<Weekday>, _ text: String) {
        #expect(RoutinesPage.daysText(days) == text)
    }

    @Test("A posted form becomes the routine; the id, habits and order stay those of the base")
    func formToRoutine() throws {
        let form = RoutineForm(FormData("name=+Dawn+&start=05%3A45&weekday=mon&weekday=sat&color=teal"))
        let base = Self.routines[1]
        let routine = try form.routine(base: base, others: Self.routines).get()
        #expect(routine.name == "Dawn")
        #expect(routine.start == (try TimeOfDay(hour: 5, minute: 45)))
        #expect(routine.weekdays == [.monday, .saturday])
        #expect(routine.color == .teal)
        #expect(routine.id == base.id)
        #expect(routine.habitIDs == base.habitIDs)
        #expect(RoutineForm(routine) == RoutineForm(FormData("name=Dawn&start=05%3A45&weekday=mon&weekday=sat&color=teal")))
    }

    @Test("Each wrong field gets its own message")
    func formErrors() {
        let form = RoutineForm(FormData("name=+&start=25%3A00&color=plaid"))
        guard case .failure(let errors) = form.routine(base: Self.routines[1], others: []) else {
            Issue.record("an empty form was accepted")
            return
        }
        #expect(errors.messages["name"] == "Give the routine a name.")
        #expect(errors.messages["start"] == "The start is a time of day, such as 07:00.")
        #expect(errors.messages["weekdays"] == "Choose at least one day.")
        #expect(errors.messages["color"] == "Choose a colour.")
    }

    @Test("Names are unique per user regardless of case (as the CLI has them); a routine may keep its own")
    func uniqueNames() throws {
        let new = Routine(name: "", start: try TimeOfDay(hour: 7))
        let taken = RoutineForm(FormData("name=evening&start=07%3A00&weekday=mon&color=blue"))
        guard case .failure(let errors) = taken.routine(base: new, others: Self.routines) else {
            Issue.record("a duplicate name was accepted")
            return
        }
        #expect(errors.messages["name"] == "You already have a routine named “evening”.")
        let own = RoutineForm(FormData("name=EVENING&start=07%3A00&weekday=mon&color=blue"))
        #expect(try own.routine(base: Self.routines[0], others: Self.routines).get().name == "EVENING")
    }

    @Test("Deleting says which habits stay and that they leave the routine")
    func deleteMessage() {
        let confirm = RoutineConfirmPage.delete(Self.routines[1], habits: Self.habits)
        #expect(confirm.title == "Delete “Morning”?")
        #expect(confirm.message == "Its 3 habits (“Water”, “Meditate”, “Old”) stay, with all their history, no longer in a routine.")
        #expect(confirm.fields.isEmpty)
        let one = RoutineConfirmPage.delete(Self.routines[0], habits: Self.habits)
        #expect(one.message == "Its 1 habit (“Read”) stays, with all its history, no longer in a routine.")
        let empty = RoutineConfirmPage.delete(Routine(name: "Noon", start: try! TimeOfDay(hour: 12)), habits: [])
        #expect(empty.message == "It has no habits. Nothing else changes.")
    }

    @Test("Saving says what changes and that the habits stay")
    func saveMessage() throws {
        let old = Self.routines[1]
        var new = old
        new.name = "Dawn"
        new.start = try TimeOfDay(hour: 6)
        new.weekdays = [.saturday, .sunday]
        let confirm = RoutineConfirmPage.save(old: old, new: new, form: RoutineForm(new), action: "/routines/x/edit", habits: Self.habits)
        #expect(confirm.title == "Save changes to “Morning”?")
        #expect(
            confirm.message
                == "The name becomes “Dawn”; it starts at 06:00 instead of 06:30; it runs weekends instead of every day. "
                + "Its 3 habits stay in it, in the same order.")
        #expect(confirm.fields.map(\.name) == ["name", "start", "color", "weekday", "weekday"])
        #expect(confirm.fields.filter { $0.name == "weekday" }.map(\.value) == ["sat", "sun"])
        let created = RoutineConfirmPage.save(old: nil, new: new, form: RoutineForm(new), action: "/routines/new", habits: [])
        #expect(created.title == "Create “Dawn”?")
        #expect(created.message == "Create “Dawn”: weekends, starting at 06:00, in orange. You can add habits to it next.")
    }
}
