import ArgumentParser
import Foundation
import TendCore
import TendStore

/// The attributes `add` and `edit` set; absent options leave an attribute as it is (or at its default).
struct HabitAttributeOptions: ParsableArguments {
    @Option(help: "One emoji shown beside the name.") var emoji: String?
    @Option(help: ArgumentHelp("A palette color: \(HabitColor.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "color"))
    var color: String?
    @Option(help: ArgumentHelp("good (build: reach the target) or bad (quit: stay at or under it).", valueName: "kind"))
    var kind: String?
    @Option(help: ArgumentHelp("checkmark, count or duration.", valueName: "type"))
    var type: String?
    @Option(help: ArgumentHelp("Per day: a number, or a duration such as 20m for duration habits.", valueName: "target"))
    var target: String?
    @Option(help: "What a count counts (glasses, pages).") var unit: String?
    @Option(help: ArgumentHelp("daily, mon,wed,fri, days 1,15, 3/week, 2/month, every 3 days, 3 in 7 days.", valueName: "schedule"))
    var schedule: String?
    @Option(help: ArgumentHelp("morning, day, evening or anytime.", valueName: "time"))
    var routineTime: String?
    @Option(help: "Free-form notes.") var notes: String?
    @Option(
        name: .customLong("reminder"),
        help: ArgumentHelp("A reminder time, HH:MM; repeat for several (replaces the habit's reminders).", valueName: "time"))
    var reminders: [String] = []
    @Flag(name: .customLong("no-reminders"), help: "Remove the habit's reminders.") var noReminders = false
    @Option(help: ArgumentHelp("The habit's group, an area of life (Health, Work); a new name makes a new group.", valueName: "group"))
    var group: String?
    @Flag(name: .customLong("no-group"), help: "Take the habit out of its group.") var noGroup = false
    @Option(name: .customLong("tag"), help: ArgumentHelp("Put a tag on the habit; repeat for several.", valueName: "tag"))
    var tags: [String] = []
    @Option(name: .customLong("untag"), help: ArgumentHelp("Take a tag off the habit; repeat for several.", valueName: "tag"))
    var untags: [String] = []

    /// Whether these options add reminders (a tip's action).
    var addsReminders: Bool { !reminders.isEmpty }

    /// `habit` with the given options applied (validated by the caller through the store). A
    /// group name is spelled as the owner's existing group of that name (`groups`).
    func applied(to habit: Habit, today: Day, groups: [HabitGroup] = []) throws -> Habit {
        var habit = habit
        let oldKind = habit.kind
        let oldType = habit.type
        if let emoji { habit.emoji = emoji }
        if let color { habit.color = try Parse.choice(color, "color") }
        if let kind {
            habit.kind = try Parse.choice(kind, "kind")
            if emoji == nil { habit.followDefaultEmoji(from: oldKind) }
        }
        if let type { habit.type = try Parse.choice(type, "type") }
        if let target {
            habit.target = habit.type == .duration ? try Parse.duration(target) : try Parse.count(target, what: "target")
        } else if habit.kind != oldKind || habit.type != oldType {
            habit.target = Habit.defaultTarget(kind: habit.kind, type: habit.type)
        }
        if let unit { habit.unit = unit }
        if let schedule { habit.schedule = try Parse.schedule(schedule, startingOn: today) }
        if let routineTime { habit.routineTime = try Parse.choice(routineTime, "routine time") }
        if let notes { habit.notes = notes }
        if noReminders { habit.reminders = [] }
        if !reminders.isEmpty { habit.reminders = try reminders.map { Reminder(time: try TimeOfDay(parsing: $0)) } }
        if group != nil, noGroup { throw CLIError("give --group or --no-group, not both") }
        if let group {
            try HabitGroup.validate(name: group)
            habit.group = GroupList.spelling(of: group, among: groups)
        }
        if noGroup { habit.group = "" }
        for tag in tags + untags { try HabitTags.validate(tag) }
        for tag in untags where !HabitTags.contains(habit.tags, tag) {
            throw CLIError(
                "“\(habit.name)” has no tag “\(tag)” (its tags: \(habit.tags.isEmpty ? "none" : habit.tags.joined(separator: ", ")))")
        }
        habit.tags = HabitTags.applying(added: tags, removed: untags, to: habit.tags)
        try habit.validate()
        return habit
    }
}
