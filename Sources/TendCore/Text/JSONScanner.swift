/// A strict, allocation-light reader of JSON text, for the few shapes read in bulk (a sync's or a
/// log's entry changes), where `JSONDecoder`'s per-key containers were most of the work.
///
/// Every read answers `nil` (or `false`) at the first thing it does not expect, and the caller then
/// decodes the same bytes with `JSONDecoder`: a fast read never accepts what that decoder would
/// refuse, and what it cannot read (a number with a fraction, a duplicate key, an unknown case)
/// falls back to the decoder, errors and all.
public struct JSONScanner {
    public let bytes: [UInt8]
    public private(set) var position = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Goes back to an earlier `position`, to read a part again another way.
    public mutating func rewind(to position: Int) {
        precondition(position <= self.position)
        self.position = position
    }

    /// Whether only white space is left.
    public mutating func atEnd() -> Bool {
        skipSpace()
        return position == bytes.count
    }

    public mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Consumes `byte` after any white space.
    public mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// The next byte after any white space, not consumed.
    public mutating func peek() -> UInt8? {
        skipSpace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// A string's raw bytes (the text between its quotes) when it is plain ASCII without an
    /// escape, the common case of keys, ids and days. Anything else is left to `string()` (which
    /// checks UTF-8) or to the decoder: a key with a byte that is not UTF-8 (`"v\u{FF}lue"`) must
    /// be refused as the decoder refuses it, not skipped as an unknown key.
    public mutating func plainStringBytes() -> ArraySlice<UInt8>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return bytes[start..<position - 1]
            }
            // An escape, a control character or a byte beyond ASCII: the caller reads it with
            // `string()` or gives up.
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            position += 1
        }
        return nil
    }

    /// Whether the next string is exactly `key` (no escapes), consumed with the colon after it.
    public mutating func key() -> ArraySlice<UInt8>? {
        guard let key = plainStringBytes(), consume(UInt8(ascii: ":")) else { return nil }
        return key
    }

    /// A string, escapes decoded; `nil` for text that is not valid UTF-8 or a lone surrogate.
    public mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        var utf8: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        else { return nil }
                        position += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        return nil
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    utf8.append(contentsOf: UTF8.encode(unicode)!)
                default:
                    return nil
                }
            default:
                if byte < 0x20 { return nil }
                utf8.append(byte)
            }
        }
        return nil
    }

    /// A string or `null`: `.some(nil)` for `null`, `nil` for anything else.
    public mutating func nullableString() -> String?? {
        if null() { return .some(nil) }
        return string().map { .some($0) }
    }

    private mutating func hex4() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// An integer written as JSON integers are (`-`, digits, no leading zero); `nil` for a fraction,
    /// an exponent or a value beyond `Int`.
    public mutating func integer() -> Int? { integer(allowingFraction: false) }

    /// An integer; with `allowingFraction`, one followed by `.` (a fraction the caller reads).
    private mutating func integer(allowingFraction: Bool) -> Int? {
        skipSpace()
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let start = position
        var value = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let digit = Int(bytes[position] - UInt8(ascii: "0"))
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            position += 1
        }
        let count = position - start
        guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "."): if !allowingFraction { return nil }
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return value
    }

    /// A number with at most three decimals as an ``Amount`` (`2.5`, `-1`, `0.125`), or `nil` for
    /// anything else (more decimals, an exponent), which the coders then decide.
    public mutating func amount() -> Amount? {
        skipSpace()
        let start = position
        // "-0.5" has a whole part of 0: the sign is read here, not from it.
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        guard let whole = integer(allowingFraction: true), whole.magnitude <= Amount.maximum.whole else {
            position = start
            return nil
        }
        var fraction: Int64 = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            var digits = 0
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                digits += 1
                guard digits <= Amount.decimals else {
                    position = start
                    return nil
                }
                fraction = fraction * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
                position += 1
            }
            guard digits > 0 else {
                position = start
                return nil
            }
            for _ in digits..<Amount.decimals { fraction *= 10 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position = start
            return nil
        }
        let thousandths = Int64(whole) * Amount.scale + (negative ? -fraction : fraction)
        return Amount(thousandths: thousandths)
    }

    public mutating func boolean() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// Consumes `null`.
    public mutating func null() -> Bool { literal("null") }

    private mutating func literal(_ word: StaticString) -> Bool {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { word in
            (0..<count).allSatisfy { bytes[position + $0] == word[$0] }
        }
        guard matches else { return false }
        // `trueish` is no literal.
        if position + count < bytes.count, Self.isWordByte(bytes[position + count]) { return false }
        position += count
        return true
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    /// Skips one value of any kind (a key this reader does not know), checking it as it goes;
    /// `false` for anything malformed or nested deeper than `depth`.
    public mutating func skipValue(depth: Int = 32) -> Bool {
        guard depth > 0, let next = peek() else { return false }
        switch next {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"):
            position += 1
            if consume(UInt8(ascii: "}")) { return true }
            repeat {
                guard string() != nil, consume(UInt8(ascii: ":")), skipValue(depth: depth - 1) else { return false }
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            position += 1
            if consume(UInt8(ascii: "]")) { return true }
            repeat {
                guard skipValue(depth: depth - 1) else { return false }
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "]"))
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return boolean() != nil
        case UInt8(ascii: "n"):
            return null()
        default:
            // Numbers this reader skips are integers; anything else makes the caller fall back.
            return integer() != nil
        }
    }

    /// The bytes of the next value, skipped (for a part read by `JSONDecoder`).
    public mutating func valueBytes() -> ArraySlice<UInt8>? {
        skipSpace()
        let start = position
        guard skipValue() else { return nil }
        return bytes[start..<position]
    }

    /// Reads an object's members: `member` is called with each key (after its colon) and reads the
    /// value. `false` when the text is not an object or `member` answers `false`.
    public mutating func object(_ member: (inout JSONScanner, ArraySlice<UInt8>) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = key(), member(&self, key) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// Reads an array's elements with `element`.
    public mutating func array(_ element: (inout JSONScanner) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "[")) else { return false }
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }
}

extension ArraySlice<UInt8> {
    /// Whether these bytes spell `text` (a key compared without making a `String`).
    public func spells(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { $0.elementsEqual(self) }
    }
}
