import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CLIContext {
    /// The columns a line of output may take on a terminal: `COLUMNS` when set, else the
    /// terminal's own width; `nil` (no limit) when stdout is a pipe or a file, so scripts always
    /// get whole lines.
    var columns: Int? {
        guard stdoutIsTerminal else { return nil }
        if let text = environment["COLUMNS"], let value = Int(text), value > 0 { return value }
        return Terminal.reportedWidth()
    }
}

/// Text laid out for a terminal of a given width: measured in columns (ANSI colors take none),
/// cut with an ellipsis, wrapped at spaces.
enum Terminal {
    /// The width the terminal on stdout reports, if it is one.
    static func reportedWidth() -> Int? {
        var size = winsize()
        #if canImport(Glibc)
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        #else
        guard ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 else { return nil }
        #endif
        return size.ws_col > 0 ? Int(size.ws_col) : nil
    }

    /// The text's glyphs with each ANSI escape sequence (`ESC [ … letter`) as one piece of
    /// width 0.
    private static func pieces(_ text: String) -> [(text: String, width: Int)] {
        var pieces: [(text: String, width: Int)] = []
        var escape: String?
        for character in text {
            if var sequence = escape {
                sequence.append(character)
                // CSI ends at its final byte, 0x40…0x7E (after the "[").
                if sequence.count > 2, let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) {
                    pieces.append((sequence, 0))
                    escape = nil
                } else {
                    escape = sequence
                }
            } else if character == "\u{1B}" {
                escape = String(character)
            } else {
                pieces.append((String(character), character.displayWidth))
            }
        }
        if let escape { pieces.append((escape, 0)) }
        return pieces
    }

    /// Columns `text` takes on a terminal, colors aside.
    static func width(_ text: String) -> Int { pieces(text).reduce(0) { $0 + $1.width } }

    /// `text` in at most `width` columns: as it is when it fits, else cut with "…" (colors kept).
    static func truncated(_ text: String, to width: Int) -> String {
        guard Terminal.width(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for piece in pieces(text) {
            if piece.width == 0 {
                result += piece.text
                continue
            }
            if used + piece.width > width - 1 { continue }
            result += piece.text
            used += piece.width
        }
        return result + "…"
    }

    /// `line` broken at spaces into lines of at most `width` columns, each after the first
    /// indented by `indent` spaces; a word wider than a line is cut between glyphs. A line that
    /// fits, and any line when `width` is `nil`, comes back as it is.
    static func wrapped(_ line: String, to width: Int?, indent: Int = 0) -> [String] {
        guard let width, Terminal.width(line) > width else { return [line] }
        let indent = max(0, min(indent, width / 2))
        let leading = line.prefix { $0 == " " }
        var lines: [String] = []
        var current = String(leading)
        var currentWidth = leading.count
        var atLineStart = true
        func newLine() {
            lines.append(current)
            current = String(repeating: " ", count: indent)
            currentWidth = indent
            atLineStart = true
        }
        // Tokens joined by single spaces give the line back, runs of spaces included.
        for token in line.dropFirst(leading.count).split(separator: " ", omittingEmptySubsequences: false) {
            let text = String(token)
            let tokenWidth = Terminal.width(text)
            if !atLineStart {
                if currentWidth + 1 + tokenWidth > width {
                    newLine()
                } else {
                    current += " "
                    currentWidth += 1
                }
            }
            if atLineStart, text.isEmpty { continue }
            if currentWidth + tokenWidth <= width {
                current += text
                currentWidth += tokenWidth
            } else {
                // A word wider than a whole line: cut between glyphs.
                for piece in pieces(text) {
                    if currentWidth + piece.width > width, currentWidth > indent { newLine() }
                    current += piece.text
                    currentWidth += piece.width
                }
            }
            if !text.isEmpty { atLineStart = false }
        }
        lines.append(current)
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    /// `name` in a column `width` wide: cut with "…" when longer, padded when shorter.
    static func column(_ name: String, width: Int) -> String {
        (name.displayWidth > width ? truncated(name, to: width) : name).padded(to: width)
    }

    /// The width of a table's name column: the longest name, narrowed (down to `minimum`) so a
    /// row of `other` columns besides the names fits in `columns`.
    static func nameColumn(longest: Int, other: Int, columns: Int?, minimum: Int = 10) -> Int {
        guard let columns else { return longest }
        return min(longest, max(minimum, columns - other))
    }
}
