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
}
