import Foundation

/// A device's hybrid logical clock. Pure: the caller passes the wall-clock time.
public struct HybridClock: Hashable, Sendable {
    public let device: String
    public private(set) var last: HybridTimestamp

    public init(device: String, last: HybridTimestamp? = nil) {
        self.device = device
        self.last = last ?? HybridTimestamp(milliseconds: 0, counter: 0, device: device)
    }

    /// A timestamp for a local event at `now`, later than every timestamp seen so far.
    public mutating func tick(now: Date) -> HybridTimestamp {
        let wall = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        if wall > last.milliseconds {
            last = HybridTimestamp(milliseconds: wall, counter: 0, device: device)
        } else {
            last = HybridTimestamp(milliseconds: last.milliseconds, counter: last.counter + 1, device: device)
        }
        return last
    }

    /// Takes in a timestamp from another device, so later local events order after it.
    public mutating func receive(_ remote: HybridTimestamp, now: Date) {
        let wall = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let top = max(wall, last.milliseconds, remote.milliseconds)
        var counter = 0
        if top == last.milliseconds { counter = max(counter, last.counter + 1) }
        if top == remote.milliseconds { counter = max(counter, remote.counter + 1) }
        last = HybridTimestamp(milliseconds: top, counter: counter, device: device)
    }
}
