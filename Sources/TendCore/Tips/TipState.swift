import Foundation

/// Which tips a user has finished with, kept per user so every device agrees.
public struct TipState: Hashable, Sendable, Codable {
    public var dismissed: Set<Tip.ID>
    public var actedOn: Set<Tip.ID>

    public init(dismissed: Set<Tip.ID> = [], actedOn: Set<Tip.ID> = []) {
        self.dismissed = dismissed
        self.actedOn = actedOn
    }

    private enum CodingKeys: String, CodingKey {
        case dismissed, actedOn
    }

    /// Tip ids this version does not know (added by a newer Tend) are ignored, so a state synced
    /// from a newer device still loads.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func ids(_ key: CodingKeys) throws -> Set<Tip.ID> {
            Set((try c.decodeIfPresent([String].self, forKey: key) ?? []).compactMap(Tip.ID.init(rawValue:)))
        }
        dismissed = try ids(.dismissed)
        actedOn = try ids(.actedOn)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(dismissed.map(\.rawValue).sorted(), forKey: .dismissed)
        try c.encode(actedOn.map(\.rawValue).sorted(), forKey: .actedOn)
    }

    public func isRetired(_ id: Tip.ID) -> Bool { dismissed.contains(id) || actedOn.contains(id) }

    public mutating func dismiss(_ id: Tip.ID) { dismissed.insert(id) }

    /// Records an action: every tip it answers is retired for good.
    public mutating func record(_ event: TipEvent) {
        for tip in TipCatalog.all where tip.retiredBy == event { actedOn.insert(tip.id) }
    }
}
