import Foundation
import TendAPI
import TendCore
import TendStore
import TendWords

/// How a Today card shows its habit (Habit Rabbit's card modes): the day, the 7 days ending on
/// it, or its month. Chosen per card and remembered by the browser (cookie `tend_modes`).
enum CardMode: String, CaseIterable, Sendable {
    case daily, weekly, monthly

    var title: String {
        switch self {
        case .daily: t("Day", context: "card mode")
        case .weekly: t("Week", context: "card mode")
        case .monthly: t("Month", context: "card mode")
        }
    }

    var code: String { String(rawValue.prefix(1)) }
}

/// The card modes a browser chose, as its `tend_modes` cookie keeps them
/// (`habit-uuid:w|habit-uuid:m`; daily is the default and not stored).
struct CardModes: Sendable, Hashable {
    static let cookieName = "tend_modes"
    static let maximumCount = 60

    private(set) var modes: [Habit.ID: CardMode] = [:]

    init(_ modes: [Habit.ID: CardMode] = [:]) { self.modes = modes }

    init(cookie: String?) {
        for item in (cookie ?? "").split(separator: "|").prefix(Self.maximumCount) {
            let parts = item.split(separator: ":")
            guard parts.count == 2, let uuid = UUID(uuidString: String(parts[0])),
                let mode = CardMode.allCases.first(where: { $0.code == parts[1] })
            else { continue }
            modes[Habit.ID(rawValue: uuid)] = mode
        }
    }

    subscript(id: Habit.ID) -> CardMode {
        get { modes[id] ?? .daily }
        set { modes[id] = newValue == .daily ? nil : newValue }
    }

    var cookieValue: String {
        modes.sorted { $0.key.description < $1.key.description }.prefix(Self.maximumCount)
            .map { "\($0.key.description.lowercased()):\($0.value.code)" }.joined(separator: "|")
    }
}
