import Foundation
import TendCore
import TendTestSupport
import Testing

/// When reminder firings are due, the day each is for, and whether a due one is delivered.
@Suite("ReminderPlanner: firings, their day, and the decision to deliver")
struct ReminderPlannerTests {
    static func reminder(
        _ time: String, on weekdays: Set<Weekday> = [], every minutes: Int? = nil, limit: Int? = nil
    )
        -> Reminder
    {
        Reminder(time: try! TimeOfDay(parsing: time), weekdays: weekdays, repeatEveryMinutes: minutes, repeatLimit: limit)
    }

    static func planner(_ zone: String, dayStart: Int = 0) -> ReminderPlanner {
        ReminderPlanner(settings: UserSettings(timeZone: zone, dayStartHour: dayStart))
    }

    /// Every scheduled firing from `start` up to `end`, one after another, as a scheduler plans them.
    static func firings(_ reminder: Reminder, _ planner: ReminderPlanner, from start: String, to end: String) -> [ReminderFiring] {
        var result: [ReminderFiring] = []
        var after = Fixtures.instant(start)
        while let next = planner.nextScheduled(reminder, of: Habit.ID(), after: after), next.firesAt < Fixtures.instant(end) {
            result.append(next)
            after = next.firesAt
        }
        return result
    }

    // MARK: DST: 02:30 on the days clocks change

    struct DSTCase: Sendable, CustomTestStringConvertible {
        let zone: String
        let day: String
        /// The one instant the 02:30 reminder fires on that day.
        let instant: String
        let testDescription: String
    }

    static let dstCases = [
        DSTCase(
            zone: "America/New_York", day: "2026-03-08", instant: "2026-03-08T03:00:00-04:00",
            testDescription: "New York spring-forward: 02:30 does not exist, fires at 03:00 EDT when the gap ends"),
        DSTCase(
            zone: "America/New_York", day: "2026-11-01", instant: "2026-11-01T02:30:00-05:00",
            testDescription: "New York fall-back: 01:00–02:00 repeats, 02:30 happens once (EST)"),
        DSTCase(
            zone: "Europe/Berlin", day: "2026-03-29", instant: "2026-03-29T03:00:00+02:00",
            testDescription: "Berlin spring-forward: 02:30 does not exist, fires at 03:00 CEST"),
        DSTCase(
            zone: "Europe/Berlin", day: "2026-10-25", instant: "2026-10-25T02:30:00+02:00",
            testDescription: "Berlin fall-back: 02:30 happens twice, fires at the first (CEST) only"),
    ]

    @Test("A daily 02:30 reminder fires exactly once on a DST day, at the documented instant", arguments: dstCases)
    func dstDayFiresOnce(_ dst: DSTCase) {
        // Given a daily 02:30 reminder, planned firing after firing across the day clocks change
        let planner = Self.planner(dst.zone)
        let day = Fixtures.day(dst.day)
        let all = Self.firings(
            Self.reminder("02:30"), planner, from: "\(day.previous.iso)T12:00:00Z", to: "\(day.next.next.iso)T12:00:00Z")
        // Then that day has one firing, at the documented instant, for that day
        let onDay = all.filter { $0.day == day }
        #expect(onDay.map(\.firesAt) == [Fixtures.instant(dst.instant)])
        // And every firing is for a different day, one a day, strictly later each time
        #expect(all.map(\.day) == [day, day.next, day.next.next].filter { d in all.contains { $0.day == d } })
        #expect(Set(all.map(\.day)).count == all.count)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.firesAt < $1.firesAt })
    }

    @Test("A 01:30 reminder on New York's fall-back day fires at the first 01:30, not again an hour later")
    func newYorkRepeatedHour() {
        let planner = Self.planner("America/New_York")
        let first = planner.nextScheduled(Self.reminder("01:30"), of: Habit.ID(), after: Fixtures.instant("2026-11-01T00:00:00-04:00"))
        #expect(first?.firesAt == Fixtures.instant("2026-11-01T01:30:00-04:00"))
        // Planning on from that firing skips the second 01:30 (EST) and lands on the next day
        let second = planner.nextScheduled(Self.reminder("01:30"), of: Habit.ID(), after: first!.firesAt)
        #expect(second?.firesAt == Fixtures.instant("2026-11-02T01:30:00-05:00"))
        #expect(second?.day == Fixtures.day("2026-11-02"))
    }

    // MARK: Zones with 30 and 45 minute offsets

    @Test(
        "An 08:00 reminder fires at 08:00 on the local clock in half- and quarter-hour zones",
        arguments: [
            ("Asia/Kolkata", "2026-06-15T02:30:00Z"), ("Asia/Kathmandu", "2026-06-15T02:15:00Z"),
            ("Australia/Eucla", "2026-06-14T23:15:00Z"), ("America/St_Johns", "2026-06-15T10:30:00Z"),
        ])
    func oddOffsets(zone: String, expected: String) {
        let planner = Self.planner(zone)
        let firing = planner.nextScheduled(Self.reminder("08:00"), of: Habit.ID(), after: Fixtures.instant("2026-06-14T12:00:00Z"))
        #expect(firing?.firesAt == Fixtures.instant(expected))
        #expect(firing?.day == Fixtures.day("2026-06-15"))
        #expect(firing.map { planner.calendar.timeOfDay(for: $0.firesAt).description } == "08:00")
    }

    @Test("On Lord Howe's half-hour spring-forward, a 02:15 reminder fires once, at 02:30 when the gap ends")
    func lordHoweHalfHourGap() {
        let planner = Self.planner("Australia/Lord_Howe")
        let all = Self.firings(Self.reminder("02:15"), planner, from: "2026-10-03T00:00:00Z", to: "2026-10-06T00:00:00Z")
        #expect(all.filter { $0.day == Fixtures.day("2026-10-04") }.map(\.firesAt) == [Fixtures.instant("2026-10-04T02:30:00+11:00")])
    }

    // MARK: The day a firing is for

    @Test("With day start 04:00, a 00:30 reminder is for the previous day and a 04:00 one for the same day")
    func dayStartHour() {
        let planner = Self.planner("Europe/Berlin", dayStart: 4)
        let after = Fixtures.instant("2026-06-10T12:00:00+02:00")
        let late = planner.nextScheduled(Self.reminder("00:30"), of: Habit.ID(), after: after)
        // 00:30 on the 11th: the person is still living the 10th
        #expect(late?.firesAt == Fixtures.instant("2026-06-11T00:30:00+02:00"))
        #expect(late?.day == Fixtures.day("2026-06-10"))
        let morning = planner.nextScheduled(Self.reminder("04:00"), of: Habit.ID(), after: after)
        #expect(morning?.day == Fixtures.day("2026-06-11"))
        // With day start 0 the same 00:30 is for the 11th
        #expect(
            Self.planner("Europe/Berlin").nextScheduled(Self.reminder("00:30"), of: Habit.ID(), after: after)?.day
                == Fixtures.day("2026-06-11"))
    }

    @Test("A disabled reminder, or an archived habit, plans no firing")
    func nothingPlanned() {
        let planner = Self.planner("UTC")
        var off = Self.reminder("08:00")
        off.isEnabled = false
        #expect(planner.nextScheduled(off, of: Habit.ID(), after: Fixtures.instant("2026-01-01T00:00:00Z")) == nil)
        var habit = Fixtures.habit()
        habit.reminders = [Self.reminder("08:00"), Self.reminder("20:00"), off]
        #expect(
            planner.nextScheduled(for: habit, after: Fixtures.instant("2026-01-01T00:00:00Z")).map(\.firesAt) == [
                Fixtures.instant("2026-01-01T08:00:00Z"), Fixtures.instant("2026-01-01T20:00:00Z"),
            ])
        habit.isArchived = true
        #expect(planner.nextScheduled(for: habit, after: Fixtures.instant("2026-01-01T00:00:00Z")).isEmpty)
    }

    // MARK: The decision

    static let day = "2026-06-10"
    static let firesAt = Fixtures.instant("2026-06-10T08:00:00Z")

    /// A habit with one 08:00 reminder, and a due firing of it for 2026-06-10.
    static func setting(
        kind: HabitKind = .good, schedule: Schedule = .daily, checked: [String] = [], value: Amount? = nil
    ) -> (TrackedHabit, ReminderFiring) {
        var habit = Fixtures.habit(kind: kind, schedule: schedule)
        let reminder = Self.reminder("08:00", every: 15, limit: 3)
        habit.reminders = [reminder]
        let firing = ReminderFiring(
            habit: habit.id, reminder: reminder.id, day: Fixtures.day(day), firesAt: firesAt, kind: .scheduled)
        return (Fixtures.tracked(habit, checked: checked, value: value), firing)
    }

    @Test("A due, unmet habit's firing is delivered; its lateness is how long after its instant")
    func deliversWhenDue() {
        let (tracked, firing) = Self.setting()
        let planner = Self.planner("UTC")
        #expect(planner.decide(firing, for: tracked, now: Self.firesAt) == .deliver(lateness: 0))
        let late = planner.decide(firing, for: tracked, now: Self.firesAt + 59 * 60)
        #expect(late == .deliver(lateness: 59 * 60) && late.isLate)
        #expect(!planner.decide(firing, for: tracked, now: Self.firesAt + 30).isLate)
    }

    @Test("Exactly an hour late is still delivered; a second more is skipped as missed")
    func missedAfterAnHour() {
        let (tracked, firing) = Self.setting()
        let planner = Self.planner("UTC")
        #expect(planner.decide(firing, for: tracked, now: Self.firesAt + 3600) == .deliver(lateness: 3600))
        #expect(planner.decide(firing, for: tracked, now: Self.firesAt + 3601) == .skip(.missed))
    }

    @Test("A good habit already done that day is skipped as done, even when the firing is late")
    func habitDone() {
        let (tracked, firing) = Self.setting(checked: [Self.day])
        #expect(Self.planner("UTC").decide(firing, for: tracked, now: Self.firesAt) == .skip(.habitDone))
        #expect(Self.planner("UTC").decide(firing, for: tracked, now: Self.firesAt + 7200) == .skip(.habitDone))
        // A count habit part-way to its target is not done
        let (partial, countFiring) = Self.setting(checked: [Self.day], value: 1)
        var counted = partial
        counted.habit.type = .count
        counted.habit.target = 8
        #expect(Self.planner("UTC").decide(countFiring, for: counted, now: Self.firesAt) == .deliver(lateness: 0))
    }

    @Test("A bad habit is never done: its reminder rings under the limit and over it")
    func badHabitNeverDone() {
        let planner = Self.planner("UTC")
        let (clean, firing) = Self.setting(kind: .bad)
        #expect(planner.decide(firing, for: clean, now: Self.firesAt) == .deliver(lateness: 0))
        let (slipped, slipFiring) = Self.setting(kind: .bad, checked: [Self.day], value: 1)
        #expect(planner.decide(slipFiring, for: slipped, now: Self.firesAt) == .deliver(lateness: 0))
        // And "until done" repeats up to the limit for it
        #expect(planner.nextRepeat(after: firing, of: clean, now: Self.firesAt)?.kind == .repeat(1))
    }

    @Test("Not due by the schedule, a planned rest day, or a weekly quota already met: skipped as not due")
    func notDue() {
        let planner = Self.planner("UTC")
        // 2026-06-10 is a Wednesday
        let (weekdays, firing) = Self.setting(schedule: .weekdays([.monday, .friday]))
        #expect(planner.decide(firing, for: weekdays, now: Self.firesAt) == .skip(.notDue))
        var (rest, restFiring) = Self.setting()
        rest.setSkipped(true, on: Fixtures.day(Self.day))
        #expect(planner.decide(restFiring, for: rest, now: Self.firesAt) == .skip(.notDue))
        // Twice a week, done Monday and Tuesday: Wednesday is satisfied
        let (quota, quotaFiring) = Self.setting(schedule: .timesPerWeek(2), checked: ["2026-06-08", "2026-06-09"])
        #expect(planner.decide(quotaFiring, for: quota, now: Self.firesAt) == .skip(.notDue))
        // A day before the habit began is not due either
        let (young, _) = Self.setting()
        let early = ReminderFiring(
            habit: young.id, reminder: young.habit.reminders[0].id, day: Fixtures.day("2024-12-31"),
            firesAt: Fixtures.instant("2024-12-31T08:00:00Z"), kind: .scheduled)
        #expect(planner.decide(early, for: young, now: early.firesAt) == .skip(.notDue))
    }

    @Test("A paused habit's reminders are not sent, its repeats neither; the day after the pause they are again")
    func paused() {
        let planner = Self.planner("UTC")
        var (tracked, firing) = Self.setting()
        let day = Fixtures.day(Self.day)
        tracked = TrackedHabit(
            habit: {
                var habit = tracked.habit
                habit.pauses = [HabitPause(start: day.adding(days: -2), end: day)]
                return habit
            }(),
            entries: tracked.sortedEntries)
        #expect(planner.decide(firing, for: tracked, now: Self.firesAt) == .skip(.notDue))
        #expect(planner.nextRepeat(after: firing, of: tracked, now: Self.firesAt) == nil)
        let tomorrow = ReminderFiring(
            habit: firing.habit, reminder: firing.reminder, day: day.next, firesAt: Self.firesAt + 86_400, kind: .scheduled)
        #expect(planner.decide(tomorrow, for: tracked, now: tomorrow.firesAt) == .deliver(lateness: 0))
    }

    @Test("An archived habit, a disabled or removed reminder, and a repeat whose 'until done' was turned off are skipped")
    func archivedAndDisabled() {
        let planner = Self.planner("UTC")
        var (tracked, firing) = Self.setting()
        tracked.habit.reminders[0].isEnabled = false
        #expect(planner.decide(firing, for: tracked, now: Self.firesAt) == .skip(.disabled))
        tracked.habit.isArchived = true
        #expect(planner.decide(firing, for: tracked, now: Self.firesAt) == .skip(.archived))
        var (removed, removedFiring) = Self.setting()
        removed.habit.reminders = []
        #expect(planner.decide(removedFiring, for: removed, now: Self.firesAt) == .skip(.disabled))
        var (noRepeats, repeatFiring) = Self.setting()
        repeatFiring.kind = .repeat(1)
        #expect(planner.decide(repeatFiring, for: noRepeats, now: Self.firesAt) == .deliver(lateness: 0))
        noRepeats.habit.reminders[0].repeatEveryMinutes = nil
        noRepeats.habit.reminders[0].repeatLimit = nil
        #expect(planner.decide(repeatFiring, for: noRepeats, now: Self.firesAt) == .skip(.disabled))
    }

    // MARK: Snooze and "until done"

    @Test("Snooze fires once more 10 minutes after now, for the same day even past midnight")
    func snooze() {
        let planner = Self.planner("Europe/Berlin")
        let (_, firing) = Self.setting()
        let late = ReminderFiring(
            habit: firing.habit, reminder: firing.reminder, day: Fixtures.day(Self.day),
            firesAt: Fixtures.instant("2026-06-10T23:55:00+02:00"), kind: .scheduled)
        let now = Fixtures.instant("2026-06-10T23:56:00+02:00")
        let snoozed = planner.snooze(late, now: now)
        #expect(snoozed.firesAt == Fixtures.instant("2026-06-11T00:06:00+02:00"))
        #expect(snoozed.day == Fixtures.day(Self.day) && snoozed.kind == .snooze && snoozed.id != late.id)
        #expect(planner.snooze(late, now: now, minutes: 30).firesAt == now + 1800)
    }

    @Test("'Until done' repeats every N minutes after delivery, up to the limit, and stops once done")
    func untilDone() {
        let planner = Self.planner("UTC")
        let (tracked, firing) = Self.setting()  // every 15 minutes, 3 times
        var chain: [ReminderFiring] = []
        var current = firing
        while let next = planner.nextRepeat(after: current, of: tracked, now: current.firesAt) {
            chain.append(next)
            current = next
        }
        #expect(chain.map(\.kind) == [.repeat(1), .repeat(2), .repeat(3)])
        #expect(chain.map(\.firesAt) == [15, 30, 45].map { Self.firesAt + TimeInterval($0 * 60) })
        #expect(chain.allSatisfy { $0.day == firing.day })
        // A late delivery schedules the repeat from when it was delivered, not from the missed instant
        #expect(planner.nextRepeat(after: firing, of: tracked, now: Self.firesAt + 600)?.firesAt == Self.firesAt + 1500)
        // Done: no more repeats
        var done = tracked
        done.setValue(1, on: firing.day)
        #expect(planner.nextRepeat(after: firing, of: done, now: Self.firesAt) == nil)
        // A snooze rings once and starts no repeats
        #expect(planner.nextRepeat(after: planner.snooze(firing, now: Self.firesAt), of: tracked, now: Self.firesAt) == nil)
    }

    @Test("Repeats end with the habit day: none falls on the next day")
    func repeatsStopAtDayEnd() {
        let planner = Self.planner("UTC", dayStart: 4)
        let (tracked, firing) = Self.setting()
        let lateNight = ReminderFiring(
            habit: firing.habit, reminder: firing.reminder, day: Fixtures.day(Self.day),
            firesAt: Fixtures.instant("2026-06-11T03:50:00Z"), kind: .scheduled)
        #expect(planner.nextRepeat(after: lateNight, of: tracked, now: lateNight.firesAt) == nil)
        let earlier = ReminderFiring(
            habit: firing.habit, reminder: firing.reminder, day: Fixtures.day(Self.day),
            firesAt: Fixtures.instant("2026-06-11T03:40:00Z"), kind: .scheduled)
        #expect(planner.nextRepeat(after: earlier, of: tracked, now: earlier.firesAt)?.firesAt == Fixtures.instant("2026-06-11T03:55:00Z"))
    }

    // MARK: The repeat fields

    @Test("'Until done' is validated: 5…240 minutes, 1…12 times, both or neither")
    func repeatValidation() {
        #expect(throws: Never.self) { try Self.reminder("08:00", every: 5, limit: 1).validate() }
        #expect(throws: Never.self) { try Self.reminder("08:00", every: 240, limit: 12).validate() }
        #expect(throws: Never.self) { try Self.reminder("08:00").validate() }
        for (minutes, limit) in [(4, 3), (241, 3), (10, 0), (10, 13), (10, nil), (nil, 3)] as [(Int?, Int?)] {
            #expect(throws: HabitValidationError.self) { try Self.reminder("08:00", every: minutes, limit: limit).validate() }
        }
    }

    @Test("A reminder stored before 'until done' existed still decodes, with it off, and encodes as before")
    func oldReminderJSON() throws {
        let old = #"{"id":"0b3f1a52-6d2e-4c1f-9b7a-1d2c3e4f5a6b","isEnabled":true,"message":"Water!","time":"07:30","weekdays":["mon"]}"#
        let reminder = try ModelJSON.decode(Reminder.self, old)
        #expect(reminder.repeatEveryMinutes == nil && reminder.repeatLimit == nil && reminder.repeats == nil)
        #expect(try ModelJSON.encode(reminder) == old)
        // With repeats on, both keys are written and read back
        var repeating = reminder
        repeating.repeatEveryMinutes = 15
        repeating.repeatLimit = 4
        let json = try ModelJSON.encode(repeating)
        #expect(json.contains(#""repeatEveryMinutes":15"#) && json.contains(#""repeatLimit":4"#))
        #expect(try ModelJSON.decode(Reminder.self, json) == repeating)
        // A habit stored with such reminders loads too
        let habit = try ModelJSON.decode(
            Habit.self, #"{"id":"0b3f1a52-6d2e-4c1f-9b7a-1d2c3e4f5a6c","name":"Read","createdOn":"2025-01-01","reminders":[\#(old)]}"#)
        #expect(habit.reminders == [reminder])
    }

    @Test("A firing's kind is written as a name and a number and read back; nonsense is refused")
    func kindStorage() {
        for kind in [ReminderFiring.Kind.scheduled, .snooze, .repeat(1), .repeat(12)] {
            #expect(ReminderFiring.Kind(name: kind.name, repeatNumber: kind.repeatNumber) == kind)
        }
        #expect(ReminderFiring.Kind(name: "repeat", repeatNumber: 0) == nil)
        #expect(ReminderFiring.Kind(name: "scheduled", repeatNumber: 2) == nil)
        #expect(ReminderFiring.Kind(name: "later", repeatNumber: 0) == nil)
    }
}
