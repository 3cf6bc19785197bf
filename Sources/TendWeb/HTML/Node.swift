/// A piece of HTML built in Swift. Text and attribute values are escaped when rendered, so
/// nothing a user typed can become markup; only ``raw(_:)`` (for trusted constants such as the
/// doctype, see ``trusted(_:)``) bypasses escaping.
public enum Node: Sendable, Hashable {
    case element(String, [Attribute], [Node])
    /// An element without content or end tag (`<input>`, `<meta>`).
    case void(String, [Attribute])
    case text(String)
    case raw(String)
    /// Kept markup (a fragment cache's), rendered as is; a gzipped page reuses its deflated form.
    case kept(KeptHTML)
    /// Markup an ``HTMLWriter`` wrote, its text and values escaped as they were written.
    case markup([UInt8])
    case fragment([Node])

    /// Trusted markup written in the source, rendered as is.
    public static func trusted(_ markup: StaticString) -> Node { .raw(markup.description) }

    public static let empty = Node.fragment([])

    /// Compact HTML, as served.
    public func render() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        render(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // Rendered as UTF-8 bytes, not into a String: a String's append checks its storage, capacity
    // and ASCII-ness on every piece, and that was most of an uncached Today page's view.
    public func render(into out: inout [UInt8]) {
        switch self {
        case .element(let name, let attributes, let children):
            Self.openTag(name, attributes, into: &out)
            for child in children { child.render(into: &out) }
            out.append(UInt8(ascii: "<"))
            out.append(UInt8(ascii: "/"))
            out.appendUTF8(name)
            out.append(UInt8(ascii: ">"))
        case .void(let name, let attributes):
            Self.openTag(name, attributes, into: &out)
        case .text(let text):
            Escape.text(text, into: &out)
        case .raw(let markup):
            out.appendUTF8(markup)
        case .kept(let kept):
            out.append(contentsOf: kept.bytes)
        case .markup(let bytes):
            out.append(contentsOf: bytes)
        case .fragment(let nodes):
            for node in nodes { node.render(into: &out) }
        }
    }

    /// The same HTML, with the kept fragments apart from the text between them.
    func render(into page: inout PageSegments) {
        switch self {
        case .kept(let kept):
            page.append(kept)
        case .element(let name, let attributes, let children):
            Self.openTag(name, attributes, into: &page.text)
            for child in children { child.render(into: &page) }
            page.text.append(UInt8(ascii: "<"))
            page.text.append(UInt8(ascii: "/"))
            page.text.appendUTF8(name)
            page.text.append(UInt8(ascii: ">"))
        case .fragment(let nodes):
            for node in nodes { node.render(into: &page) }
        case .void, .text, .raw, .markup:
            render(into: &page.text)
        }
    }

    private static func openTag(_ name: String, _ attributes: [Attribute], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "<"))
        out.appendUTF8(name)
        for attribute in attributes { attribute.render(into: &out) }
        out.append(UInt8(ascii: ">"))
    }

    /// Indented HTML for snapshots and reading: one element per line, except elements whose
    /// content is only text and inline elements, which stay on their line.
    public func renderPretty() -> String {
        var out = ""
        renderPretty(into: &out, depth: 0)
        return out
    }

    private func renderPretty(into out: inout String, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        switch self {
        case .element(let name, let attributes, let children):
            out += indent
            if children.allSatisfy(\.isInline) {
                out += Node.element(name, attributes, children).render()
                out += "\n"
                return
            }
            out += Node.void(name, attributes).render()
            out += "\n"
            for child in children { child.renderPretty(into: &out, depth: depth + 1) }
            out += indent + "</" + name + ">\n"
        case .void, .text, .raw, .kept:
            out += indent
            out += render()
            out += "\n"
        case .fragment(let nodes):
            for node in nodes { node.renderPretty(into: &out, depth: depth) }
        case .markup(let bytes):
            for node in Node.parse(bytes) { node.renderPretty(into: &out, depth: depth) }
        }
    }

    private static let inlineElements: Set<String> = [
        "a", "abbr", "b", "br", "code", "em", "i", "kbd", "label", "small", "span", "strong", "sub", "sup", "time",
        "title", "option", "button", "summary", "tspan",
    ]

    private var isInline: Bool {
        switch self {
        case .text, .raw: true
        case .kept: false
        case .void(let name, _): Node.inlineElements.contains(name)
        case .element(let name, _, let children): Node.inlineElements.contains(name) && children.allSatisfy(\.isInline)
        case .fragment(let nodes): nodes.allSatisfy(\.isInline)
        case .markup(let bytes): Node.parse(bytes).allSatisfy(\.isInline)
        }
    }

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// The nodes of markup an ``HTMLWriter`` wrote (for ``renderPretty()``): well-formed, every
    /// non-void element closed, `<` and `&` in text and `"` in values escaped.
    static func parse(_ bytes: [UInt8]) -> [Node] {
        var stack: [(name: String, attributes: [Attribute], children: [Node])] = [("", [], [])]
        var index = 0
        func take(while condition: (UInt8) -> Bool) -> String {
            let start = index
            while index < bytes.count, condition(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        func unescaped(_ text: String) -> String {
            text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
                .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                let text = take { $0 != UInt8(ascii: "<") }
                stack[stack.count - 1].children.append(.text(unescaped(text)))
                continue
            }
            index += 1
            if bytes[index] == UInt8(ascii: "/") {
                index += 1
                let name = take { $0 != UInt8(ascii: ">") }
                index += 1
                let element = stack.removeLast()
                precondition(element.name == name, "</\(name)> closes <\(element.name)>")
                stack[stack.count - 1].children.append(.element(element.name, element.attributes, element.children))
                continue
            }
            let name = take { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ">") }
            var attributes: [Attribute] = []
            while bytes[index] == UInt8(ascii: " ") {
                index += 1
                let attribute = take { $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ">") }
                var value: String?
                if bytes[index] == UInt8(ascii: "=") {
                    index += 2
                    value = unescaped(take { $0 != UInt8(ascii: "\"") })
                    index += 1
                }
                attributes.append(Attribute(dynamicName: attribute, value))
            }
            index += 1
            if voidElements.contains(name) {
                stack[stack.count - 1].children.append(.void(name, attributes))
            } else {
                stack.append((name, attributes, []))
            }
        }
        precondition(stack.count == 1, "<\(stack.last!.name)> not closed")
        return stack[0].children
    }
}

/// An attribute: a trusted name and a value that is escaped when rendered (`nil`: a boolean
/// attribute such as `hidden`).
public struct Attribute: Sendable, Hashable {
    public var name: String
    public var value: String?

    public init(_ name: StaticString, _ value: String?) {
        self.name = name.description
        self.value = value
    }

    /// `data-*`, `aria-*` and other names made of a trusted prefix and a trusted suffix.
    init(dynamicName name: String, _ value: String?) {
        // Bytes, not Characters: Unicode's letter tables were a large share of an uncached Today page.
        precondition(
            name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            }, "attribute name \(name)")
        self.name = name
        self.value = value
    }

    func render(into out: inout [UInt8]) {
        out.append(UInt8(ascii: " "))
        out.appendUTF8(name)
        if let value {
            out.append(UInt8(ascii: "="))
            out.append(UInt8(ascii: "\""))
            Escape.attribute(value, into: &out)
            out.append(UInt8(ascii: "\""))
        }
    }
}

enum Escape {
    static func text(_ text: String, into out: inout [UInt8]) {
        escape(text, into: &out, attribute: false)
    }

    static func attribute(_ text: String, into out: inout [UInt8]) {
        escape(text, into: &out, attribute: true)
    }

    /// The runs between special characters are appended whole (they are ASCII, so every split
    /// falls between UTF-8 sequences).
    @inline(__always)
    private static func escape(_ text: String, into out: inout [UInt8], attribute: Bool) {
        let escaped: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "\"") where attribute: entity = "&quot;"
                case UInt8(ascii: "'") where attribute: entity = "&#39;"
                default: continue
                }
                if start != index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                entity.withUTF8Buffer { out.append(contentsOf: $0) }
                start = index + 1
            }
            if start != bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
        if escaped == nil {
            // Not contiguous (a bridged string): once more from a native copy.
            var native = text
            native.makeContiguousUTF8()
            escape(native, into: &out, attribute: attribute)
        }
    }
}

extension [UInt8] {
    /// Appends `text`'s UTF-8 as it is (trusted markup, names).
    @inline(__always)
    mutating func appendUTF8(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
            append(contentsOf: text.utf8)
        }
    }
}

/// Builds children from statements: nodes, strings (escaped text), optionals, `if`, `for`.
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ node: Node) -> [Node] { [node] }
    public static func buildExpression(_ text: String) -> [Node] { [.text(text)] }
    public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
    public static func buildExpression(_ node: Node?) -> [Node] { node.map { [$0] } ?? [] }
    public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
    public static func buildEither(first: [Node]) -> [Node] { first }
    public static func buildEither(second: [Node]) -> [Node] { second }
    public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Node]) -> [Node] { part }
}

extension Node {
    /// An element with attributes and children.
    public static func el(_ name: StaticString, _ attributes: [Attribute] = [], @HTMLBuilder _ children: () -> [Node] = { [] }) -> Node {
        .element(name.description, attributes, children())
    }

    /// A group of nodes without an element around them.
    public static func group(@HTMLBuilder _ children: () -> [Node]) -> Node {
        .fragment(children())
    }
}
