extension Unicode.Scalar {
    /// Whether the scalar breaks a one-line label: a control character (NUL, tab, newline …) or a
    /// line or paragraph separator. Group names and tags refuse them (PostgreSQL's text refuses
    /// NUL besides), and imports turn them into spaces.
    public var breaksLabel: Bool {
        [.control, .lineSeparator, .paragraphSeparator].contains(properties.generalCategory)
    }
}

extension String {
    /// Whether the text is one line without control characters (see ``Unicode/Scalar/breaksLabel``):
    /// names, units and tags.
    public var isOneLineLabel: Bool { !unicodeScalars.contains(where: \.breaksLabel) }

    /// Whether the text holds a NUL character. No one types one; PostgreSQL's text cannot hold
    /// one (the write would fail as a server error), so every text a person gives refuses it.
    public var containsNUL: Bool { utf8.contains(0) }

    /// The text without NUL characters: what imports keep of a note or message that had them.
    public var withoutNUL: String { containsNUL ? String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "\0" })) : self }
}
