import Foundation

/// A URL that passed ``DeliveryTargetPolicy/check(_:)``: where a sender connects.
public struct DeliveryTarget: Hashable, Sendable {
    public let url: URL
    public let isHTTPS: Bool
    /// Lower case, without brackets or a trailing dot.
    public let host: String
    public let port: Int
    /// The host when it is an IP literal (nothing to resolve).
    public let address: IPAddress?
}
