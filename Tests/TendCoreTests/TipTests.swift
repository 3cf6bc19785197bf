import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@Suite("Tips: catalog, context, eligibility and retirement")
struct TipTests {
    static let today = Fixtures.day("2025-03-12")
    static let calendar = Fixtures.calendar("UTC", locale: "en_US")

    /// A daily habit created `age` days ago, checked on the given days before today (1 = yesterday).
    static func habit(_ name: String = "Read", age: Int, checkedDaysAgo: [Int] = [], skippedDaysAgo: [Int] = []) -> TrackedHabit {
        let habit = Habit(name: name, createdOn: today.adding(days: -age))
        var tracked = TrackedHabit(habit: habit)
        for ago in checkedDaysAgo { tracked.setValue(1, on: today.adding(days: -ago)) }
        for ago in skippedDaysAgo { tracked.setSkipped(true, on: today.adding(days: -ago)) }
        return tracked
    }

    static func context(_ habits: [TrackedHabit], routines: [Routine] = []) -> TipContext {
        TipContext(habits: habits, routines: routines, today: today, calendar: calendar)
    }

    static func eligible(_ context: TipContext, state: TipState = TipState()) -> [Tip.ID] {
        TipCatalog.eligibleTips(in: context, state: state).map(\.id)
    }

    // MARK: Catalog

    @Test("The catalog has every tip exactly once, each with a title and a message")
    func catalog() {
        let ids = TipCatalog.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids) == Set(Tip.ID.allCases))
        for tip in TipCatalog.all {
            #expect(!tip.title.trimmingCharacters(in: .whitespaces).isEmpty, "\(tip.id)")
            #expect(!tip.message.trimmingCharacters(in: .whitespaces).isEmpty, "\(tip.id)")
            #expect(TipCatalog.tip(tip.id) == tip)
        }
    }

    @Test("Every action retires at least one tip")
    func everyEventRetiresSomething() {
        for event in TipEvent.allCases {
            #expect(TipCatalog.all.contains { $0.retiredBy == event }, "\(event)")
        }
    }

    // MARK: Context from real data

    @Test("With no habits the context is empty and only 'add your first habit' is offered")
    func noHabits() {
        let context = Self.context([])
        #expect(context == TipContext())
        #expect(Self.eligible(context) == [.addFirstHabit])
    }

    @Test("One new habit without reminders or routines offers managing, stacking and reminders")
    func oneNewHabit() {
        let context = Self.context([Self.habit(age: 0)])
        #expect(context.activeHabitCount == 1)
        #expect(context.routineCount == 0)
        #expect(!context.hasRunningStreak)
        #expect(!context.missedYesterday)
        #expect(Self.eligible(context) == [.manageHabit, .habitStacking, .makeItObvious])
    }

    @Test("Archived habits are not active; enabled reminders count, disabled ones do not")
    func archivedAndReminders() throws {
        let time = try TimeOfDay(hour: 8)
        var archived = Self.habit("Old", age: 30)
        archived.habit.isArchived = true
        archived.habit.reminders = [Reminder(time: time)]
        var muted = Self.habit("Muted", age: 0)
        muted.habit.reminders = [Reminder(time: time, isEnabled: false)]
        var reminded = Self.habit("Reminded", age: 0)
        reminded.habit.reminders = [Reminder(time: time, isEnabled: false), Reminder(time: time)]

        let context = Self.context([archived, muted, reminded])
        #expect(context.activeHabitCount == 2)
        #expect(context.habitsWithReminders == 1)
        #expect(!TipCatalog.applies(.makeItObvious, in: context))

        let withoutReminded = Self.context([archived, muted])
        #expect(withoutReminded.habitsWithReminders == 0)
        #expect(TipCatalog.applies(.makeItObvious, in: withoutReminded))
    }

    @Test("'Build a routine' needs two active habits and no routine")
    func buildRoutine() throws {
        let one = Self.context([Self.habit(age: 0)])
        let two = Self.context([Self.habit(age: 0), Self.habit("Run", age: 0)])
        let routine = Routine(name: "Morning", start: try TimeOfDay(hour: 7))
        let twoWithRoutine = Self.context([Self.habit(age: 0), Self.habit("Run", age: 0)], routines: [routine])
        #expect(!TipCatalog.applies(.buildRoutine, in: one))
        #expect(TipCatalog.applies(.buildRoutine, in: two))
        #expect(!TipCatalog.applies(.buildRoutine, in: twoWithRoutine))
        #expect(twoWithRoutine.routineCount == 1)
        #expect(!TipCatalog.applies(.habitStacking, in: twoWithRoutine))
    }

    @Test("'Skip instead of breaking' needs a running streak of at least 3 days and no skip ever")
    func skipInsteadOfBreaking() {
        // Given a habit met the last three days (today still open)
        let three = Self.context([Self.habit(age: 3, checkedDaysAgo: [1, 2, 3])])
        #expect(three.hasRunningStreak)
        #expect(three.longestCurrentStreak == 3)
        #expect(!three.hasEverSkipped)
        #expect(TipCatalog.applies(.skipInsteadOfBreaking, in: three))

        // A two-day streak is not enough
        let two = Self.context([Self.habit(age: 2, checkedDaysAgo: [1, 2])])
        #expect(!two.hasRunningStreak)
        #expect(!TipCatalog.applies(.skipInsteadOfBreaking, in: two))

        // A streak broken yesterday is not running
        let broken = Self.context([Self.habit(age: 5, checkedDaysAgo: [2, 3, 4, 5])])
        #expect(!broken.hasRunningStreak)

        // A skip anywhere, even in an archived habit, means the user already knows skipping
        var archivedSkipper = Self.habit("Old", age: 100, skippedDaysAgo: [50])
        archivedSkipper.habit.isArchived = true
        let knowsSkipping = Self.context([Self.habit(age: 3, checkedDaysAgo: [1, 2, 3]), archivedSkipper])
        #expect(knowsSkipping.hasEverSkipped)
        #expect(knowsSkipping.hasRunningStreak)
        #expect(!TipCatalog.applies(.skipInsteadOfBreaking, in: knowsSkipping))
    }

    @Test("'Never miss twice' appears when some habit was missed yesterday")
    func neverMissTwice() {
        // Given a habit done every day but yesterday
        let missed = Self.context([Self.habit(age: 5, checkedDaysAgo: [2, 3, 4, 5])])
        #expect(missed.missedYesterday)
        #expect(Self.eligible(missed).contains(.neverMissTwice))

        // A habit done yesterday, skipped yesterday, or created today was not missed yesterday
        for habit in [
            Self.habit(age: 5, checkedDaysAgo: [1]), Self.habit(age: 5, skippedDaysAgo: [1]), Self.habit(age: 0),
        ] {
            let context = Self.context([habit])
            #expect(!context.missedYesterday)
            #expect(!Self.eligible(context).contains(.neverMissTwice))
        }

        // A habit not scheduled yesterday (a Tuesday) was not missed
        var mondays = Self.habit(age: 10)
        mondays.habit.schedule = .weekdays([.monday])
        #expect(!Self.context([mondays]).missedYesterday)
    }

    @Test("'A week in a row' appears once some current streak reaches 7 days")
    func celebrateStreak() {
        let seven = Self.context([Self.habit(age: 7, checkedDaysAgo: Array(1...7)), Self.habit("Run", age: 0)])
        #expect(seven.longestCurrentStreak == 7)
        #expect(Self.eligible(seven).contains(.celebrateStreak))

        let six = Self.context([Self.habit(age: 6, checkedDaysAgo: Array(1...6))])
        #expect(six.longestCurrentStreak == 6)
        #expect(!Self.eligible(six).contains(.celebrateStreak))

        // Today's check counts too
        let sixAndToday = Self.context([Self.habit(age: 6, checkedDaysAgo: Array(0...6))])
        #expect(sixAndToday.longestCurrentStreak == 7)
    }

    @Test("'Two minutes' appears for a habit at least 14 days old met on fewer than half its recent days")
    func twoMinuteRule() {
        // Met 6 of the 13 judged days before today: struggling
        let struggling = Self.context([Self.habit(age: 30, checkedDaysAgo: [1, 3, 5, 7, 9, 11])])
        #expect(struggling.hasStrugglingHabit)
        #expect(Self.eligible(struggling).contains(.twoMinuteRule))

        // Met 7 of 13: fine
        let fine = Self.context([Self.habit(age: 30, checkedDaysAgo: [1, 3, 5, 7, 9, 11, 13])])
        #expect(!fine.hasStrugglingHabit)

        // A habit younger than 14 days is never judged struggling
        let young = Self.context([Self.habit(age: 10)])
        #expect(!young.hasStrugglingHabit)
        #expect(!Self.eligible(young).contains(.twoMinuteRule))
    }

    // MARK: Retirement

    @Test(
        "An action retires exactly the tips it answers",
        arguments: [
            (TipEvent.habitAdded, [Tip.ID.addFirstHabit]),
            (TipEvent.habitManaged, [Tip.ID.manageHabit]),
            (TipEvent.routineCreated, [Tip.ID.buildRoutine, .habitStacking]),
            (TipEvent.daySkipped, [Tip.ID.skipInsteadOfBreaking]),
            (TipEvent.reminderAdded, [Tip.ID.makeItObvious]),
        ])
    func recordRetires(event: TipEvent, retiredIDs: [Tip.ID]) {
        let retired = Set(retiredIDs)
        var state = TipState()
        state.record(event)
        #expect(state.actedOn == retired)
        #expect(state.dismissed.isEmpty)
        for id in Tip.ID.allCases {
            #expect(state.isRetired(id) == retired.contains(id), "\(id)")
        }
    }

    @Test("Adding a habit retires 'add your first habit' for good, even if every habit is deleted again")
    func habitAddedRetiresAddFirstHabit() {
        // Given a user with no habits, who sees the tip
        let empty = Self.context([])
        #expect(Self.eligible(empty) == [.addFirstHabit])
        // When they add a habit
        var state = TipState()
        state.record(.habitAdded)
        // Then with no habits again, the tip does not come back
        #expect(Self.eligible(empty, state: state).isEmpty)
    }

    @Test("A dismissed tip is never shown again while its rule still holds")
    func dismissRetires() {
        let context = Self.context([Self.habit(age: 5, checkedDaysAgo: [2, 3, 4, 5])])
        #expect(TipCatalog.applies(.neverMissTwice, in: context))
        var state = TipState()
        state.dismiss(.neverMissTwice)
        #expect(state.isRetired(.neverMissTwice))
        #expect(!Self.eligible(context, state: state).contains(.neverMissTwice))
        // Tips without an action can only be dismissed: no event retires them
        for event in TipEvent.allCases {
            var other = TipState()
            other.record(event)
            #expect(!other.isRetired(.neverMissTwice))
            #expect(!other.isRetired(.twoMinuteRule))
            #expect(!other.isRetired(.celebrateStreak))
        }
    }

    @Test("Eligible tips are exactly those whose rule holds and that are not retired, in catalog order")
    func eligibilityProperty() async {
        let ids = Gen.element(of: Tip.ID.allCases).compactMap { $0 }.set(ofAtMost: 0...9)
        let events = Gen.element(of: TipEvent.allCases).compactMap { $0 }.array(of: 0...5)
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...4), Gen.int(in: 0...2), Gen.int(in: 0...10), Gen.bool.array(of: 4),
            ids, events
        ) { habits, routines, streak, flags, dismissed, events in
            let context = TipContext(
                activeHabitCount: habits, routineCount: routines, habitsWithReminders: flags[0] ? habits : 0,
                hasRunningStreak: streak >= 3, longestCurrentStreak: streak, missedYesterday: flags[1],
                hasStrugglingHabit: flags[2], hasEverSkipped: flags[3])
            var state = TipState()
            for id in dismissed { state.dismiss(id) }
            for event in events { state.record(event) }
            let eligible = TipCatalog.eligibleTips(in: context, state: state).map(\.id)
            let expected = Tip.ID.allCases.filter { id in
                TipCatalog.applies(id, in: context) && !dismissed.contains(id)
                    && !events.contains { event in TipCatalog.tip(id).retiredBy == event }
            }
            #expect(eligible == expected)
            #expect(eligible.allSatisfy { !state.isRetired($0) })
        }
    }

    @Test("Tip state survives a JSON round trip, and reads the agreed keys")
    func tipStateCodable() throws {
        var state = TipState()
        state.dismiss(.twoMinuteRule)
        state.record(.routineCreated)
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(TipState.self, from: data) == state)

        let literal = #"{"actedOn":["buildRoutine","habitStacking"],"dismissed":["twoMinuteRule"]}"#
        #expect(try JSONDecoder().decode(TipState.self, from: Data(literal.utf8)) == state)
    }
}
