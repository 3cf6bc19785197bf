import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore

/// `--group G` and `--tag T`: the habits a view shows (``HabitFilter``).
struct HabitFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only the habits of this group (\"\" for those in none).", valueName: "group")) var group: String?
    @Option(help: ArgumentHelp("Only the habits with this tag.", valueName: "tag")) var tag: String?

    var filter: HabitFilter { HabitFilter(group: group, tag: tag) }

    /// `habits` the filter keeps, after checking it names what exists (all of `habits` when none is given).
    func apply<Item>(_ items: [Item], habit: (Item) -> Habit, session: Session) async throws -> [Item] {
        let filter = filter
        guard !filter.isEmpty else { return items }
        let all = try await session.store.habits(owner: session.owner, includeArchived: true)
        try filter.check(habits: all, groups: try await session.store.groups(owner: session.owner))
        return items.filter { filter.matches(habit($0)) }
    }
}
