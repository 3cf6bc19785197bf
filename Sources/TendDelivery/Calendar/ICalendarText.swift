import Foundation

/// The lexical rules of iCalendar content lines (RFC 5545 §3.1, §3.3.11).
public enum ICalendarText {
    /// A TEXT value: backslash, semicolon and comma escaped, every line break as `\n` (§3.3.11).
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            // CRLF is one line break, already written at the CR.
            case "\n": if !previousWasCR { out += "\\n" }
            default: out.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return out
    }

    /// One content line folded to lines of at most 75 octets (§3.1): each continuation starts
    /// with a space, which counts among its 75, and no UTF-8 sequence is split across lines (a
    /// parser that reads lines as text would otherwise see broken characters). Folds fall between
    /// characters, so an emoji stays whole; only a character longer than a line is cut, between
    /// its scalars. Lines end in CRLF.
    public static func fold(_ line: String) -> String {
        let limit = 75
        var out = ""
        var used = 0  // octets on the line being written
        func append(_ piece: String, size: Int) {
            if used + size > limit {
                out += "\r\n "
                used = 1
            }
            out += piece
            used += size
        }
        for character in line {
            let size = character.utf8.count
            if size < limit {
                append(String(character), size: size)
            } else {
                for scalar in character.unicodeScalars { append(String(scalar), size: scalar.utf8.count) }
            }
        }
        return out + "\r\n"
    }
}
