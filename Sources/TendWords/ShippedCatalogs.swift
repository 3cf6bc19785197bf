/// The catalogs built into Tend (`Catalogs/*.po`), read once on first use.
enum ShippedCatalogs {
    static func catalog(_ language: Language) -> Catalog? { loaded[language] ?? nil }

    /// The catalog files by language. English is the source (no catalog); the pseudo-language is
    /// made from it.
    static let files: [Language: [UInt8]] = [
        .german: PackageResources.de_po, .french: PackageResources.fr_po, .spanish: PackageResources.es_po,
        .portugueseBrazil: PackageResources.pt_BR_po, .italian: PackageResources.it_po, .dutch: PackageResources.nl_po,
        .polish: PackageResources.pl_po, .japanese: PackageResources.ja_po, .chineseSimplified: PackageResources.zh_Hans_po,
        .arabic: PackageResources.ar_po,
    ]

    /// The English template every catalog is made from.
    static var template: String { String(decoding: PackageResources.tend_pot, as: UTF8.self) }

    private static let loaded: [Language: Catalog?] = files.mapValues { bytes in
        // A catalog that does not parse is English (the catalog check in the tests fails first).
        try? Catalog.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// A shipped catalog's text, for the checks.
    static func text(_ language: Language) -> String? { files[language].map { String(decoding: $0, as: UTF8.self) } }
}
