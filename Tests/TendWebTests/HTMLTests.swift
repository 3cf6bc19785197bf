import Foundation
import TendFixtures
import Testing

@testable import TendWeb

@Suite("The HTML builder")
struct HTMLTests {
    @Test("Text and attribute values are escaped; nothing a user types becomes markup")
    func escaping() {
        let name = #"<script>alert("x")</script> & 'friends'"#
        let html = Node.p(.title(name), .data("name", name)) { name }.render()
        #expect(
            html
                == #"<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;" data-name="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;">&lt;script&gt;alert("x")&lt;/script&gt; &amp; 'friends'</p>"#
        )
    }

    @Test("Void elements, boolean attributes, conditionals and loops")
    func structure() {
        let items = ["a", "b"]
        let flag = true
        let html = Node.ul {
            for item in items { Node.li { item } }
            if flag { Node.li(.hidden) { "c" } } else { Node.li { "d" } }
            Node.input(.name("q"), .required)
        }.render()
        #expect(html == #"<ul><li>a</li><li>b</li><li hidden>c</li><input name="q" required></ul>"#)
    }

    @Test("Pretty rendering puts blocks on their own lines and keeps inline content together")
    func pretty() {
        let node = Node.div(.class("x")) {
            Node.p {
                "Hello "
                Node.strong { "you" }
            }
            Node.ul { Node.li { "one" } }
        }
        #expect(
            node.renderPretty() == """
                <div class="x">
                  <p>Hello <strong>you</strong></p>
                  <ul>
                    <li>one</li>
                  </ul>
                </div>

                """)
    }

    @Test("The byte writer escapes as the builder does, writes the same markup, and its markup prints pretty as a tree")
    func writer() {
        let name = #"<script>alert("x")</script> & 'friends' · Überstunden 💧"#
        var html = HTMLWriter()
        html.element(
            "p",
            {
                $0.add("title", name)
                $0.add("id", "habit-", name, "-x")
                $0.append(name)
                $0.add("data-count", 12)
                $0.flag("hidden")
            }
        ) { html in
            html.text(name)
            html.void("input") { $0.add("name", "q") }
            html.element("span", { _ in }) { $0.text("a · b") }
        }
        let node = Node.p(.title(name), .id("habit-" + name + "-x" + name), .data("count", "12"), .hidden) {
            name
            Node.input(.name("q"))
            Node.span { "a · b" }
        }
        #expect(html.node.render() == node.render())
        #expect(html.node.renderPretty() == node.renderPretty())
        #expect(!html.node.render().contains("<script>"))
    }

    @Test("Heatmap opacity: two decimals as printf rounds them, for every day score of up to 60 habits and random scores")
    func heatmapOpacity() {
        for habits in 1...60 {
            for done in 1...habits {
                let score = Double(done) / Double(habits)
                #expect(TodayView.opacity(score) == String(format: "%.2f", 0.25 + 0.75 * score), "\(done)/\(habits)")
            }
        }
        var random = SeededGenerator(seed: 100)
        for _ in 0..<20_000 {
            let score = Double.random(in: 0...1, using: &random)
            #expect(TodayView.opacity(score) == String(format: "%.2f", 0.25 + 0.75 * score), "\(score)")
        }
    }
}
