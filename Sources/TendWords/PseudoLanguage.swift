/// The pseudo-language `qps`: English with accented letters, about 40 % longer, in brackets —
/// "[Ŧôđåý ~~~~]". Placeholders (`{habit}`) and what goes into them are left alone, so a page in
/// it shows user data plainly and every word from the catalog bracketed; a word that is plain
/// English came from somewhere else.
public enum PseudoLanguage {
    public static func transform(_ text: String) -> String {
        var result = ""
        var letters = 0
        var inPlaceholder = false
        for character in text {
            if character == "{" { inPlaceholder = true }
            if inPlaceholder {
                result.append(character)
                if character == "}" { inPlaceholder = false }
                continue
            }
            if let accented = accents[character] {
                result.append(accented)
                letters += 1
            } else {
                result.append(character)
                if character.isLetter { letters += 1 }
            }
        }
        guard letters > 0 else { return text }
        // 40 % longer, at least one mark, so that short words ("OK") grow too.
        let padding = String(repeating: "~", count: max(1, (letters * 2 + 4) / 5))
        return "[\(result) \(padding)]"
    }

    /// Whether `text` holds a piece of the pseudo-language (for the sweep that looks for English).
    public static func isPseudo(_ text: some StringProtocol) -> Bool {
        text.contains("[") && text.contains("~]")
    }

    private static let accents: [Character: Character] = [
        "a": "å", "b": "ƀ", "c": "ç", "d": "đ", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ",
        "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ô", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ŧ", "u": "û", "v": "ṽ",
        "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž", "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Đ", "E": "É", "F": "Ƒ", "G": "Ĝ",
        "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ",
        "S": "Š", "T": "Ŧ", "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]
}
