import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

/// A habit's stored entries, standing in for Habit Rabbit's database, that counts what it is asked.
struct NavigatorStore {
    var entries: [Day: Entry] = [:]
    var rangeFetches: [ClosedRange<Day>] = []
    var dayFetches: [Day] = []

    /// A store with a distinct value on every day that is not a multiple of 4 days from the anchor.
    init(around anchor: Day, span: Int = 200) {
        for offset in -span...span where offset % 4 != 0 {
            let day = anchor.adding(days: offset)
            entries[day] = Entry(day: day, value: Amount(offset + 1000))
        }
    }

    /// What the store holds for `day`, an empty entry when nothing.
    func stored(_ day: Day) -> Entry { entries[day] ?? Entry(day: day) }

    mutating func makeNavigator(lastDay: Day) -> DayNavigator {
        DayNavigator(lastDay: lastDay) { range in
            rangeFetches.append(range)
            return range.compactMap { entries[$0] }
        }
    }

    mutating func step(_ navigator: inout DayNavigator, _ direction: DayNavigator.Direction) {
        navigator.shiftLastDay(to: direction) { day in
            dayFetches.append(day)
            return entries[day]
        }
    }
}

@Suite("Habit Rabbit's day navigator")
struct NavigatorTests {
    let today = Fixtures.day("2025-03-10")

    /// The seed's invariants plus: every value in the window is the store's value for its day.
    func expectInvariants(
        _ navigator: DayNavigator, store: NavigatorStore, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(navigator.invariantsHold, sourceLocation: sourceLocation)
        #expect(navigator.values.count <= 30, sourceLocation: sourceLocation)
        #expect(!navigator.values.isEmpty, sourceLocation: sourceLocation)
        #expect(navigator.values.last?.day == navigator.lastDay, sourceLocation: sourceLocation)
        #expect(
            zip(navigator.values, navigator.values.dropFirst()).allSatisfy { $0.day < $1.day },
            "values are chronological", sourceLocation: sourceLocation)
        #expect(navigator.dailyValue == store.stored(navigator.lastDay), sourceLocation: sourceLocation)
        #expect(
            navigator.values.allSatisfy { $0 == store.stored($0.day) }, "no stale or made-up values",
            sourceLocation: sourceLocation)
    }

    @Test("Opening a card loads 30 days ending on the shown day with exactly one range fetch")
    func initFetchesOnce() {
        // Given a store with history around today
        var store = NavigatorStore(around: today)
        // When a navigator opens on today
        let navigator = store.makeNavigator(lastDay: today)
        // Then it asked for one range of 30 days ending today and no single days
        #expect(store.rangeFetches == [today.adding(days: -29)...today])
        #expect(store.dayFetches.isEmpty)
        // And holds a full window of 30 consecutive days
        #expect(navigator.values.count == 30)
        #expect(navigator.values.map(\.day) == Array(today.adding(days: -29)...today))
        #expect(navigator.lastDay == today)
        expectInvariants(navigator, store: store)
    }

    @Test("The seed's sequence forward → back → back → forward keeps the invariants with one fetch per step")
    func seedSequence() {
        // Given a navigator on today
        var store = NavigatorStore(around: today)
        var navigator = store.makeNavigator(lastDay: today)
        var expectedLastDay = today

        // When it steps forward, back, back and forward
        let steps: [DayNavigator.Direction] = [.tomorrow, .yesterday, .yesterday, .tomorrow]
        for (index, step) in steps.enumerated() {
            store.step(&navigator, step)
            expectedLastDay = expectedLastDay.adding(days: step == .tomorrow ? 1 : -1)

            // Then each step fetched exactly one day: the new shown day
            #expect(store.dayFetches.count == index + 1)
            #expect(store.dayFetches.last == expectedLastDay)
            #expect(navigator.lastDay == expectedLastDay)
            // And the window is bounded, chronological, ends on the shown day with its real value
            expectInvariants(navigator, store: store)
        }
        // And the range was never fetched again
        #expect(store.rangeFetches.count == 1)
        #expect(store.dayFetches == [today.next, today, today.previous, today])
        #expect(navigator.lastDay == today)
    }

    @Test("Going back more than 30 days keeps the window valid and the shown day's value real")
    func goingBackFar() {
        var store = NavigatorStore(around: today)
        var navigator = store.makeNavigator(lastDay: today)
        for back in 1...45 {
            store.step(&navigator, .yesterday)
            #expect(navigator.lastDay == today.adding(days: -back))
            expectInvariants(navigator, store: store)
        }
        #expect(store.dayFetches.count == 45)
        #expect(store.rangeFetches.count == 1)

        // And coming forward again past the starting day still works
        for _ in 1...50 { store.step(&navigator, .tomorrow) }
        #expect(navigator.lastDay == today.adding(days: 5))
        #expect(navigator.values.count <= 30)
        expectInvariants(navigator, store: store)
    }

    @Test("Going forward beyond 30 days slides the window, keeping 30 values")
    func goingForwardFar() {
        var store = NavigatorStore(around: today)
        var navigator = store.makeNavigator(lastDay: today)
        for _ in 1...40 { store.step(&navigator, .tomorrow) }
        #expect(navigator.values.count == 30)
        #expect(navigator.values.first?.day == today.adding(days: 11))
        expectInvariants(navigator, store: store)
    }

    @Test("value(on:) is nil outside the window and the stored value inside it")
    func valueOutsideWindow() {
        var store = NavigatorStore(around: today)
        let navigator = store.makeNavigator(lastDay: today)
        #expect(navigator.value(on: today.adding(days: -30)) == nil)
        #expect(navigator.value(on: today.next) == nil)
        #expect(navigator.value(on: today.adding(days: -29)) == store.stored(today.adding(days: -29)))
        #expect(navigator.value(on: today) == store.stored(today))
        // A day the store has nothing for reads as an empty entry inside the window, not nil
        let emptyDay = today.adding(days: -4)
        #expect(store.entries[emptyDay] == nil)
        #expect(navigator.value(on: emptyDay) == Entry(day: emptyDay))
    }

    @Test("After stepping back, the day that left the window reads as nil")
    func valueAfterSteppingBack() {
        var store = NavigatorStore(around: today)
        var navigator = store.makeNavigator(lastDay: today)
        store.step(&navigator, .yesterday)
        #expect(navigator.value(on: today) == nil)
        #expect(navigator.value(on: today.previous) == store.stored(today.previous))
    }

    @Test("update(_:) replaces a day inside the window and ignores one outside it")
    func update() {
        var store = NavigatorStore(around: today)
        var navigator = store.makeNavigator(lastDay: today)
        navigator.update(Entry(day: today, value: 7))
        #expect(navigator.dailyValue == Entry(day: today, value: 7))
        let before = navigator.values
        navigator.update(Entry(day: today.adding(days: -100), value: 7))
        #expect(navigator.values == before)
    }

    @Test("Random walks keep the invariants, and dailyValue is always the store's value for the shown day")
    func randomWalks() async {
        // Steps: true = back a day, false = forward a day
        await propertyCheck(count: 200, input: Gen.bool.array(of: 0...120), Gen.int(in: -100...100)) { steps, start in
            let lastDay = today.adding(days: start)
            var store = NavigatorStore(around: today, span: 400)
            var navigator = store.makeNavigator(lastDay: lastDay)
            var expected = lastDay
            for back in steps {
                store.step(&navigator, back ? .yesterday : .tomorrow)
                expected = expected.adding(days: back ? -1 : 1)
                #expect(navigator.lastDay == expected)
                #expect(navigator.invariantsHold)
                #expect(navigator.dailyValue == store.stored(expected))
                #expect(navigator.values.allSatisfy { $0 == store.stored($0.day) })
            }
            #expect(store.rangeFetches.count == 1)
            #expect(store.dayFetches.count == steps.count)
        }
    }
}
