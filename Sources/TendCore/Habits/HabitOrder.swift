/// The manual order of habits.
public enum HabitOrder {
    /// `requested` first, then every other habit of `current` in its present order.
    public static func complete(_ requested: [Habit.ID], _ current: [Habit.ID]) -> [Habit.ID] {
        let listed = Set(requested)
        return requested + current.filter { !listed.contains($0) }
    }
}
