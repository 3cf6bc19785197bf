import Foundation
import TendCore

/// `POST /api/v1/sync`: a device's push and pull in one round trip (docs/sync.md).
public struct SyncRequest: Codable, Hashable, Sendable {
    /// The asking device's id (``SyncRules/validate(device:)``); its own operations are not sent back.
    public var device: String
    /// Where the device's last answer left it; `nil` for a device that has pulled nothing yet.
    public var cursor: String?
    /// Operations the server has not acknowledged yet (at most ``SyncRules/maximumPush``).
    public var operations: [ChangeOperation]
    /// `false`: push only; the answer carries no operations and keeps the cursor.
    public var pull: Bool?
    /// `true`: the device reads amounts with decimals (`2.5`, issue 43). A device that does not
    /// say so (a Tend from before) is sent whole amounts only: a page holding a decimal one is
    /// refused with 409 `update-tend` instead of an operation it cannot read.
    public var decimalAmounts: Bool?
    /// `true`: the device reads habits that are only measured (`"kind": "measure"`, issue 43). A
    /// device that does not say so is refused a page holding one (409 `update-tend`).
    public var measurements: Bool?

    public init(
        device: String, cursor: String? = nil, operations: [ChangeOperation] = [], pull: Bool? = nil, decimalAmounts: Bool? = true,
        measurements: Bool? = true
    ) {
        self.measurements = measurements
        self.device = device
        self.cursor = cursor
        self.operations = operations
        self.pull = pull
        self.decimalAmounts = decimalAmounts
    }
}

/// What `POST /api/v1/sync` answers.
public struct SyncResponse: Codable, Hashable, Sendable {
    /// Pushed operations new to the server, stored and merged.
    public var accepted: Int
    /// Pushed operations the server already held (a retry), skipped.
    public var duplicates: Int
    /// Operations the device has not seen, oldest first (a page of at most ``SyncRules/pageSize``).
    public var operations: [ChangeOperation]
    /// Where the next request starts.
    public var cursor: String?
    /// Whether more operations wait: ask again with ``cursor``.
    public var more: Bool
    /// The server did not know the request's cursor (another server, or a database restored from
    /// before it): the pages start from the beginning, and the device should push every operation
    /// it holds again, as the server may have lost some.
    public var reset: Bool
    /// The account's log position once the pushed operations were stored (absent when none were
    /// pushed): whatever the server shows from this position on includes them. The web app keeps
    /// its pushed taps over a Today page kept from before it (docs/web.md, "Offline taps").
    public var stored: Int64?

    public init(
        accepted: Int, duplicates: Int, operations: [ChangeOperation], cursor: String?, more: Bool, reset: Bool,
        stored: Int64? = nil
    ) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.operations = operations
        self.cursor = cursor
        self.more = more
        self.reset = reset
        self.stored = stored
    }
}

/// A sync cursor: the op log it belongs to and a position in it, as the text `<log>.<position>`.
public struct SyncCursor: Hashable, Sendable, CustomStringConvertible {
    public var log: String
    public var position: Int64

    public init(log: String, position: Int64) {
        self.log = log
        self.position = position
    }

    public init?(_ text: String) {
        guard let dot = text.lastIndex(of: "."), let position = Int64(text[text.index(after: dot)...]), position >= 0,
            dot > text.startIndex
        else { return nil }
        log = String(text[..<dot])
        self.position = position
    }

    public var description: String { "\(log).\(position)" }
}
