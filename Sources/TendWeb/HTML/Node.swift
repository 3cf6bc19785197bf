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
    case fragment([Node])

    /// Trusted markup written in the source, rendered as is.
    public static func trusted(_ markup: StaticString) -> Node { .raw(markup.description) }

    public static let empty = Node.fragment([])

    /// Compact HTML, as served.
    public func render() -> String {
        var out = ""
        out.reserveCapacity(4096)
        render(into: &out)
        return out
    }

    public func render(into out: inout String) {
        switch self {
        case .element(let name, let attributes, let children):
            Self.openTag(name, attributes, into: &out)
            for child in children { child.render(into: &out) }
            out += "</"
            out += name
            out += ">"
        case .void(let name, let attributes):
            Self.openTag(name, attributes, into: &out)
        case .text(let text):
            Escape.text(text, into: &out)
        case .raw(let markup):
            out += markup
        case .kept(let kept):
            out += kept.html
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
            page.text += "</"
            page.text += name
            page.text += ">"
        case .fragment(let nodes):
            for node in nodes { node.render(into: &page) }
        case .void, .text, .raw:
            render(into: &page.text)
        }
    }

    // Appended piece by piece: a concatenation makes a string of its own first.
    private static func openTag(_ name: String, _ attributes: [Attribute], into out: inout String) {
        out += "<"
        out += name
        for attribute in attributes { attribute.render(into: &out) }
        out += ">"
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
                Node.element(name, attributes, children).render(into: &out)
                out += "\n"
                return
            }
            out += "<" + name
            for attribute in attributes { attribute.render(into: &out) }
            out += ">\n"
            for child in children { child.renderPretty(into: &out, depth: depth + 1) }
            out += indent + "</" + name + ">\n"
        case .void, .text, .raw, .kept:
            out += indent
            render(into: &out)
            out += "\n"
        case .fragment(let nodes):
            for node in nodes { node.renderPretty(into: &out, depth: depth) }
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
        }
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

    func render(into out: inout String) {
        out += " "
        out += name
        if let value {
            out += "=\""
            Escape.attribute(value, into: &out)
            out += "\""
        }
    }
}

enum Escape {
    // Escaping appends the runs between special characters whole: they are ASCII, so every split
    // falls on a character boundary. Per-scalar appends were a tenth of an uncached Today page.
    static func text(_ text: String, into out: inout String) {
        escape(text, into: &out) { byte in
            switch byte {
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "&"): "&amp;"
            default: nil
            }
        }
    }

    static func attribute(_ text: String, into out: inout String) {
        escape(text, into: &out) { byte in
            switch byte {
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            default: nil
            }
        }
    }

    @inline(__always)
    private static func escape(_ text: String, into out: inout String, _ replacement: (UInt8) -> String?) {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if let entity = replacement(utf8[index]) {
                if start != index { out += text[start..<index] }
                out += entity
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start == utf8.startIndex {
            out += text
        } else if start != utf8.endIndex {
            out += text[start..<utf8.endIndex]
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
