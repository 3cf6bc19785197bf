/// One language's messages, read from a gettext PO file: English source text (with an optional
/// context) → the translation, or its plural forms in CLDR order.
public struct Catalog: Sendable {
    /// What a message is looked up by: its context (`msgctxt`, "" for none) and English text (`msgid`).
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        public var context: String
        public var source: String

        public init(_ source: String, context: String = "") {
            self.source = source
            self.context = context
        }

        public var description: String {
            context.isEmpty ? source.debugDescription : "\(context.debugDescription) \(source.debugDescription)"
        }
    }

    /// A catalog entry as the file has it.
    public struct Entry: Sendable, Equatable {
        public var key: Key
        /// The English plural (`msgid_plural`), for a message with forms.
        public var sourcePlural: String?
        /// `msgstr`, or `msgstr[0…]` in the language's CLDR category order.
        public var translations: [String]
        /// `#,` flags (`fuzzy`, `python-brace-format`).
        public var flags: [String]
        /// `#:` references: the source files that say the message.
        public var references: [String] = []
        /// The line of its `msgid`, for error messages.
        public var line: Int

        public var isPlural: Bool { sourcePlural != nil }
    }

    public let entries: [Entry]
    /// The header's fields (`Language`, `Plural-Forms`, …).
    public let header: [String: String]
    private let index: [Key: Int]

    public init(entries: [Entry], header: [String: String] = [:]) {
        self.entries = entries
        self.header = header
        var index: [Key: Int] = [:]
        for (position, entry) in entries.enumerated() where index[entry.key] == nil { index[entry.key] = position }
        self.index = index
    }

    public func entry(_ key: Key) -> Entry? { index[key].map { entries[$0] } }

    /// A PO file that cannot be read: the line and what is wrong.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Reads a PO file: `msgctxt`, `msgid`, `msgid_plural`, `msgstr`, `msgstr[N]`, continued
    /// strings on the following lines, `#,` flags; other comments are ignored. The entry with an
    /// empty `msgid` is the header. Obsolete entries (`#~`) are left out.
    public static func parse(_ text: String) throws(ParseError) -> Catalog {
        var entries: [Entry] = []
        var header: [String: String] = [:]
        var current = Pending()
        var field: Pending.Field?
        var lineNumber = 0

        func finish() throws(ParseError) {
            defer {
                current = Pending()
                field = nil
            }
            guard current.hasContent else { return }
            guard let source = current.source else { throw ParseError(line: current.line, reason: "an entry without msgid") }
            if source.isEmpty && current.context == nil {
                for line in (current.translations[0] ?? "").split(separator: "\n") {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    header[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmedSpaces
                }
                return
            }
            let count = (current.translations.keys.max() ?? -1) + 1
            var translations: [String] = []
            for form in 0..<count {
                guard let text = current.translations[form] else {
                    throw ParseError(line: current.line, reason: "msgstr[\(form)] is missing")
                }
                translations.append(text)
            }
            if translations.isEmpty { throw ParseError(line: current.line, reason: "an entry without msgstr") }
            entries.append(
                Entry(
                    key: Key(source, context: current.context ?? ""), sourcePlural: current.sourcePlural,
                    translations: translations, flags: current.flags, references: current.references, line: current.line))
        }

        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmedSpaces
            if line.isEmpty {
                try finish()
                continue
            }
            if line.hasPrefix("#") {
                if field != nil && !line.hasPrefix("#~") { try finish() }
                if line.hasPrefix("#,") {
                    current.flags += line.dropFirst(2).split(separator: ",").map { String($0).trimmedSpaces }
                } else if line.hasPrefix("#:") {
                    current.references += line.dropFirst(2).split(separator: " ").map { String($0).trimmedSpaces }
                }
                continue
            }
            if line.hasPrefix("\"") {
                guard let open = field else { throw ParseError(line: lineNumber, reason: "a string that continues nothing") }
                current.append(try unquote(line, line: lineNumber), to: open)
                continue
            }
            let keyword = String(line.prefix { !$0.isWhitespace })
            let rest = line.dropFirst(keyword.count).trimmedSpaces
            let value = try unquote(rest, line: lineNumber)
            let next: Pending.Field
            switch keyword {
            case "msgctxt": next = .context
            case "msgid": next = .source
            case "msgid_plural": next = .sourcePlural
            case "msgstr": next = .translation(0)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                    let form = Int(keyword.dropFirst(7).dropLast()), (0..<6).contains(form)
                else { throw ParseError(line: lineNumber, reason: "unknown keyword \(keyword)") }
                next = .translation(form)
            }
            // A new msgctxt or msgid after a msgstr starts the next entry (no blank line between).
            if case .translation = field, next == .context || next == .source { try finish() }
            if current.has(next) { throw ParseError(line: lineNumber, reason: "\(keyword) twice in one entry") }
            if current.line == 0 { current.line = lineNumber }
            current.append(value, to: next)
            field = next
        }
        try finish()
        return Catalog(entries: entries, header: header)
    }

    /// The text of a PO string literal: `"…"` with C escapes (`\"`, `\\`, `\n`, `\t`).
    static func unquote(_ literal: some StringProtocol, line: Int) throws(ParseError) -> String {
        guard literal.count >= 2, literal.first == "\"", literal.last == "\"" else {
            throw ParseError(line: line, reason: "expected a quoted string")
        }
        var result = ""
        var escaping = false
        for character in literal.dropFirst().dropLast() {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"", "\\": result.append(character)
                default: throw ParseError(line: line, reason: "unknown escape \\\(character)")
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "\"" {
                throw ParseError(line: line, reason: "a quote inside a string must be written \\\"")
            } else {
                result.append(character)
            }
        }
        if escaping { throw ParseError(line: line, reason: "a string ends in a lone backslash") }
        return result
    }

    /// `text` as a PO string literal.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}

/// An entry being read.
private struct Pending {
    enum Field: Equatable {
        case context, source, sourcePlural
        case translation(Int)
    }

    var context: String?
    var source: String?
    var sourcePlural: String?
    var translations: [Int: String] = [:]
    var flags: [String] = []
    var references: [String] = []
    var line = 0

    var hasContent: Bool { context != nil || source != nil || sourcePlural != nil || !translations.isEmpty }

    func has(_ field: Field) -> Bool {
        switch field {
        case .context: context != nil
        case .source: source != nil
        case .sourcePlural: sourcePlural != nil
        case .translation(let form): translations[form] != nil
        }
    }

    mutating func append(_ text: String, to field: Field) {
        switch field {
        case .context: context = (context ?? "") + text
        case .source: source = (source ?? "") + text
        case .sourcePlural: sourcePlural = (sourcePlural ?? "") + text
        case .translation(let form): translations[form] = (translations[form] ?? "") + text
        }
    }
}

extension StringProtocol {
    var trimmedSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
