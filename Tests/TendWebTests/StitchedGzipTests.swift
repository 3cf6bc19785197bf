import Foundation
import NIOCore
import TendFixtures
import Testing

@testable import TendWeb

/// Issue 17: a page's gzip stream is stitched from its parts, kept fragments copied as they were
/// deflated the first time. Whatever the parts — empty, large, repeated, in another order on the
/// next page — the stream must inflate (with an inflater of its own, checking CRC-32 and length)
/// to exactly the page's HTML.
@Suite("Gzip stitched from kept fragments")
struct StitchedGzipTests {
    static func text(_ random: inout SeededGenerator, upTo count: Int) -> String {
        let pieces = ["<li class=\"card\">", "Drink water", " · 3 / 8 glasses", "💧", "&amp;", "\n", "Überstunden", "<svg/>", "ring"]
        var text = ""
        for _ in 0..<Int.random(in: 0...count, using: &random) { text += pieces.randomElement(using: &random)! }
        return text
    }

    @Test("Stitched pages inflate to their HTML, fragments deflated once and copied into later pages in any order")
    func inflatesToThePage() throws {
        var random = SeededGenerator(seed: 1952)
        // Fragments a server keeps: small cards, one larger than deflate's window and output chunks.
        var kept = (0..<8).map { _ in KeptHTML(Self.text(&random, upTo: 400)) }
        kept.append(KeptHTML(String(repeating: "<rect x=\"1\" y=\"2\"/>", count: 9_000)))
        kept.append(KeptHTML(""))
        for page in 0..<40 {
            var parts: [PageSegments.Part] = []
            var html = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                if Bool.random(using: &random) {
                    let fragment = kept.randomElement(using: &random)!
                    parts.append(.kept(fragment))
                    html += fragment.html
                } else {
                    // Large texts, texts small enough to go in as stored blocks, and those between.
                    let text =
                        page % 10 == 9
                        ? String(repeating: "x", count: 100_000) : Self.text(&random, upTo: Bool.random(using: &random) ? 6 : 200)
                    parts.append(.text(text))
                    html += text
                }
            }
            let rendered = RenderedPage(parts: parts)
            let gzipped = try #require(rendered.gzipped, "page \(page)")
            #expect(try TodayPageCacheTests.gunzip(gzipped) == Data(html.utf8), "page \(page)")
            #expect(try rendered.plain() == ByteBuffer(string: html), "page \(page)")
            #expect(rendered.plainByteCount == html.utf8.count)
        }
        #expect(kept.filter { $0.deflatedForm != nil }.count >= 8, "fragments were deflated once and kept")
    }

    @Test(
        "A fragment's deflated form is made on its second page, copied where the same fragment comes before it again, made anew elsewhere")
    func keptFragmentsAreCopied() throws {
        func card(_ name: String) -> KeptHTML {
            KeptHTML("<article class=\"card hc-teal is-met\" id=\"habit-\(name)\"><h3>\(name)</h3><p>Done · 1 / 1</p></article>")
        }
        let (walk, read, call) = (card("walk"), card("read"), card("call"))
        func page(_ cards: [KeptHTML]) -> [PageSegments.Part] {
            var parts: [PageSegments.Part] = [.text("<main><ul><li>")]
            for (index, card) in cards.enumerated() {
                if index > 0 { parts.append(.text("</li><li>")) }
                parts.append(.kept(card))
            }
            return parts + [.text("</li></ul></main>")]
        }
        func contains(_ page: RenderedPage, _ run: [UInt8]) -> Bool {
            let bytes = Array(page.gzipped!.readableBytesView)
            return (0...(bytes.count - run.count)).contains { Array(bytes[$0..<($0 + run.count)]) == run }
        }
        // On their first page the cards are deflated with the text around them, nothing kept.
        let first = RenderedPage(parts: page([walk, read]))
        #expect(walk.deflatedForm == nil && read.deflatedForm == nil)
        #expect(try TodayPageCacheTests.gunzip(first.gzipped!) == Data(try first.plain().readableBytesView))
        _ = RenderedPage(parts: page([walk, read]))
        let walkAlone = try #require(walk.deflatedForm)
        let readAfterWalk = try #require(read.deflatedForm)
        // Deflated against the card before it, the second card costs a fraction of the first.
        #expect(readAfterWalk.bytes.count * 2 < walkAlone.bytes.count)
        let again = RenderedPage(parts: page([walk, read]))
        #expect(contains(again, walkAlone.bytes) && contains(again, readAfterWalk.bytes))
        // Another card between them (on its first page): the read card is deflated again, after it.
        let changed = RenderedPage(parts: page([walk, call, read]))
        #expect(contains(changed, walkAlone.bytes))
        #expect(read.deflatedForm?.after === call && readAfterWalk.after === walk)
        let html = "<main><ul><li>" + walk.html + "</li><li>" + call.html + "</li><li>" + read.html + "</li></ul></main>"
        #expect(try TodayPageCacheTests.gunzip(changed.gzipped!) == Data(html.utf8))
    }
}
