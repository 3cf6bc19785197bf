/// How soon a message should reach the device (RFC 8030 §5.3): a push service may hold a
/// low-urgency message until the device wakes anyway, to save its battery.
public enum WebPushUrgency: String, CaseIterable, Hashable, Sendable {
    case veryLow = "very-low"
    case low
    case normal
    case high
}
