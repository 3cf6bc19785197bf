/// The bytes of text (names, notes) an import has read so far, against a limit over the whole
/// file: each value is small, but millions of them are not.
struct TextBudget {
    let limit: Int
    private(set) var used = 0

    init(limit: Int) { self.limit = limit }

    /// `text`, counted; throws once the file's text passes the limit.
    mutating func take(_ text: String) throws(ImportError) -> String {
        used += text.utf8.count
        guard used <= limit else { throw .tooLarge(what: "the text in the file (names and notes)", limit: limit) }
        return text
    }
}
