import Foundation

/// Help laid out for the terminal it is read on. ArgumentParser wraps a command's discussion at
/// any space, so a long example could break between an option and its value (`--target` at the
/// end of one line, `10m` at the start of the next: no longer a command one can copy).
/// ``fitted(_:width:)`` breaks each long example before an option instead, ending the line with a
/// shell continuation (`\`), so that ArgumentParser finds nothing left to wrap.
enum HelpText {
    /// The width ArgumentParser wraps help to: `COLUMNS`, else the terminal's, else 80.
    static var width: Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text), value > 0 { return value }
        return Terminal.reportedWidth() ?? 80
    }

    /// `discussion` with each example (an indented line that runs `tend`, maybe after a pipe or
    /// an environment variable) broken before options to fit `width`; other lines as they are.
    static func fitted(_ discussion: String, width: Int = HelpText.width) -> String {
        discussion.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            let runsTend =
                content.hasPrefix("tend ") || content.contains("| tend ")
                || (content.prefix { $0 != " " }.contains("=") && content.contains(" tend "))
            guard indent > 0, runsTend else { return String(line) }
            return example(String(line.dropFirst(indent)), indent: indent, width: width)
        }.joined(separator: "\n")
    }

    /// One example in lines shorter than `width` (ArgumentParser wraps a line of `width`
    /// characters), broken only before an option, each continued line indented two more.
    static func example(_ command: String, indent: Int, width: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        // The command's words up to its first option, then each option with its values.
        var pieces: [String] = []
        for word in words(command) {
            if pieces.isEmpty || isOption(word) {
                pieces.append(word)
            } else {
                pieces[pieces.count - 1] += " " + word
            }
        }
        // An option with a value too long for any line goes on with the value on a line of its own.
        pieces = pieces.flatMap { piece in
            (margin + "  " + piece + " \\").displayWidth < width ? [piece] : words(piece)
        }
        var lines: [String] = []
        var current = margin + pieces.removeFirst()
        for piece in pieces {
            if (current + " " + piece + " \\").displayWidth < width {
                current += " " + piece
            } else {
                lines.append(current + " \\")
                current = margin + "  " + piece
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// `--target`, `-h`; not a negative value (`-2`, `-5m`).
    private static func isOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word.dropFirst().first.map { $0 == "-" || $0.isLetter } == true
    }

    /// The words of a command line, a quoted one (`"5 km, easy"`) as one.
    private static func words(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        for character in command {
            if let open = quote {
                word.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                word.append(character)
            } else if character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
