extension Unicode.Scalar {
    /// Whether the scalar breaks a one-line label: a control character (NUL, tab, newline …) or a
    /// line or paragraph separator. Group names and tags refuse them (PostgreSQL's text refuses
    /// NUL besides), and imports turn them into spaces.
    public var breaksLabel: Bool {
        [.control, .lineSeparator, .paragraphSeparator].contains(properties.generalCategory)
    }
}
