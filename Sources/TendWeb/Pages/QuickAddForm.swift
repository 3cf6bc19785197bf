import Foundation
import TendCore
import TendStore
import TendWords

/// The Today page's quick add (`POST /habits` `name=…`): the name as typed and, for a refused
/// post (empty, too long, already used), the message shown under the field.
struct QuickAddForm: Sendable, Hashable {
    var name = ""
    var error: String?

    /// The message for a name another habit of the user has (case-insensitively, as the store
    /// compares), or `nil` when it is free.
    static func nameTaken(_ name: String, by habits: [Habit], except id: Habit.ID? = nil) -> String? {
        let key = HabitRules.nameKey(name)
        guard let other = habits.first(where: { HabitRules.nameKey($0.name) == key && $0.id != id }) else { return nil }
        return other.isArchived
            ? t("You already have a habit named “{habit}” (archived). Choose another name.", ["habit": other.name])
            : t("You already have a habit named “{habit}”. Choose another name.", ["habit": other.name])
    }
}
