import Foundation
import TendStore

/// Where a device's database stands against its server (one link at most; docs/sync.md).
public struct SyncLinkState: Hashable, Sendable, Codable {
    /// The server's base URL.
    public var server: String
    /// The server's cursor after the last round; `nil` before the first pull.
    public var cursor: String?
    /// The log position through which the server has acknowledged this device's operations.
    public var pushedSequence: Int64
    public var lastSuccess: Date?
    public var lastAttempt: Date?
    /// Why the last attempt failed (`nil` after a success).
    public var lastError: String?
    /// The server refused the link's token (revoked or expired): signing in again is needed.
    public var signedOut: Bool
    /// The server lost operations it had acknowledged (a restored backup): everything this
    /// database holds is pushed again, received operations too.
    public var repush: Bool

    public init(
        server: String, cursor: String? = nil, pushedSequence: Int64 = 0, lastSuccess: Date? = nil, lastAttempt: Date? = nil,
        lastError: String? = nil, signedOut: Bool = false, repush: Bool = false
    ) {
        self.server = server
        self.cursor = cursor
        self.pushedSequence = pushedSequence
        self.lastSuccess = lastSuccess
        self.lastAttempt = lastAttempt
        self.lastError = lastError
        self.signedOut = signedOut
        self.repush = repush
    }
}
