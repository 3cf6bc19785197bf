import Foundation
import TendCore
import TendStore
import TendWords

/// Finding a habit by what a person typed.
enum HabitLookup {
    static func find(_ reference: String, in habits: [Habit]) throws -> Habit {
        let key = HabitRules.nameKey(reference)
        if let habit = habits.first(where: { HabitRules.nameKey($0.name) == key }) { return habit }
        if let habit = habits.first(where: { $0.id.description == key }) { return habit }
        if key.count >= 8, let habit = habits.first(where: { $0.id.description.hasPrefix(key) }),
            habits.count(where: { $0.id.description.hasPrefix(key) }) == 1
        {
            return habit
        }
        if let suggestion = closestName(to: reference, among: habits.map(\.name)) {
            throw CLIError(t("no habit named '{name}'; did you mean '{suggestion}'?", ["name": reference, "suggestion": suggestion]))
        }
        throw CLIError(t("no habit named '{name}' (`tend list --all` shows your habits)", ["name": reference]))
    }

    /// The name nearest to `text` by edit distance, if near enough to be a typo.
    static func closestName(to text: String, among names: [String]) -> String? {
        let target = Array(text.lowercased())
        var best: (name: String, distance: Int)?
        for name in names {
            let candidate = Array(name.lowercased())
            let distance = editDistance(target, candidate)
            let allowed = max(2, min(target.count, candidate.count) / 3)
            let isPrefix = candidate.starts(with: target) && target.count >= 3
            guard distance <= allowed || isPrefix else { continue }
            let score = isPrefix ? min(distance, 1) : distance
            if best == nil || score < best!.distance { best = (name, score) }
        }
        return best?.name
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
