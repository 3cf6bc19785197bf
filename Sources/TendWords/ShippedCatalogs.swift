import Synchronization

/// The catalogs built into Tend (`Catalogs/*.po`), read once on first use.
enum ShippedCatalogs {
    /// A language's catalog, parsed the first time it is asked for.
    static func catalog(_ language: Language) -> Catalog? {
        guard let text = files[language] else { return nil }
        return parsed.withLock { parsed in
            if let kept = parsed[language] { return kept }
            // A catalog that does not parse is English (the catalog check in the tests fails first).
            let catalog = try? Catalog.parse(text)
            parsed[language] = .some(catalog)
            return catalog
        }
    }

    private static let parsed = Mutex<[Language: Catalog?]>([:])

    /// The catalog files by language. English is the source (no catalog); the pseudo-language is
    /// made from it.
    /// (scripts/extract-words writes them into EmbeddedCatalogs.swift.)
    static let files: [Language: String] = [
        .german: EmbeddedCatalogs.de_po, .french: EmbeddedCatalogs.fr_po, .spanish: EmbeddedCatalogs.es_po,
        .portugueseBrazil: EmbeddedCatalogs.pt_BR_po, .italian: EmbeddedCatalogs.it_po, .dutch: EmbeddedCatalogs.nl_po,
        .polish: EmbeddedCatalogs.pl_po, .japanese: EmbeddedCatalogs.ja_po, .chineseSimplified: EmbeddedCatalogs.zh_Hans_po,
        .arabic: EmbeddedCatalogs.ar_po,
    ]

    /// The English template every catalog is made from.
    static var template: String { EmbeddedCatalogs.tend_pot }

    /// A shipped catalog's text, for the checks.
    static func text(_ language: Language) -> String? { files[language] }
}
