import Foundation
import TendCore
import Testing

@Suite("Percentages in the locale's style")
struct PercentTextTests {
    @Test(
        "Each locale writes a share as NumberFormatter's percent style does (en_US without loading it)",
        arguments: [
            "en_US", "en_GB", "de_DE", "fr_FR", "tr_TR", "ar_SA", "ja_JP",
        ])
    func matchesNumberFormatter(_ locale: String) {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .percent
        let style = PercentText(locale: locale)
        #expect(style.prefix == (formatter.positivePrefix ?? ""))
        #expect(style.suffix == (formatter.positiveSuffix ?? "%"))
        #expect(style(0.254) == style.prefix + "25" + style.suffix)
        #expect(style(whole: 100) == style.prefix + "100" + style.suffix)
    }
}
