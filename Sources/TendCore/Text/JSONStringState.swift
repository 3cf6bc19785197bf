/// Whether the bytes of a JSON text, fed one at a time, stand inside a string: what a pass over
/// raw JSON that looks for structure (brackets, commas) needs, since a string may hold any of them.
public struct JSONStringState {
    @usableFromInline var inString = false
    @usableFromInline var escaped = false

    public init() {}

    /// Takes the next byte: whether it is outside every string (the quotes that open and close a
    /// string are not).
    @inlinable
    public mutating func isOutsideStrings(_ byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return false
        }
        if byte == UInt8(ascii: "\"") {
            inString = true
            return false
        }
        return true
    }
}
