import Foundation
import TendCore

/// A new order: the ids listed come first, in that order.
public struct ReorderRequest<ID: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var ids: [ID]

    public init(ids: [ID]) { self.ids = ids }
}
