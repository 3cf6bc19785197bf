/// How many terminal columns text takes, for lining up names in columns (`week`, `list`,
/// `month`, `today`, `stats`): East Asian wide and fullwidth characters and emoji take 2,
/// combining marks, variation selectors and other format characters 0, everything else 1.
/// Each grapheme cluster (what a person sees as one character) is one glyph: an emoji ZWJ
/// sequence (👩‍💻), a flag or a keycap is one wide glyph; an accented letter is one column.
extension StringProtocol {
    var displayWidth: Int {
        var width = 0
        for character in self { width += character.displayWidth }
        return width
    }
}

extension String {
    /// Pads with spaces to `width` terminal columns (``displayWidth``).
    func padded(to width: Int) -> String {
        let current = displayWidth
        return current >= width ? self : self + String(repeating: " ", count: width - current)
    }
}

extension Character {
    /// The columns this grapheme cluster takes on a terminal: 0, 1 or 2.
    var displayWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji presentation: emoji-default characters, anything followed by VS16 (❤️),
        // ZWJ sequences of emoji, flags (two regional indicators) and keycaps (1️⃣).
        if first.properties.isEmojiPresentation { return 2 }
        if scalars.count > 1, first.properties.isEmoji,
            scalars.contains(where: { [0xFE0F, 0x200D, 0x20E3].contains($0.value) || $0.properties.isEmojiPresentation })
        {
            return 2
        }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        if first.isZeroWidth { return 0 }
        return first.isWide ? 2 : 1
    }
}

extension Unicode.Scalar {
    /// Combining marks, variation selectors, joiners, other format and control characters.
    fileprivate var isZeroWidth: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
        default: return value == 0x200B || (0x1160...0x11FF).contains(value) || properties.isVariationSelector
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) characters outside emoji (Unicode's EastAsianWidth.txt).
    fileprivate var isWide: Bool {
        let v = value
        guard v >= 0x1100 else { return false }
        return Unicode.Scalar.wideRanges.contains { $0.contains(v) }
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1B2FF,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
