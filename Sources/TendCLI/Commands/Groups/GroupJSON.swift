import Foundation
import TendCore

/// A group as `--json` shows it: its name, emoji (empty for none) and the names of its habits.
struct GroupJSON: Encodable {
    var name: String
    var emoji: String
    var habits: [String]

    init(_ group: HabitGroup, habits: [Habit]) {
        name = group.name
        emoji = group.emoji
        self.habits = habits.filter(group.contains).map(\.name)
    }
}
