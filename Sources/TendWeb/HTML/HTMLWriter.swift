/// HTML written straight into UTF-8 bytes, for the markup a page repeats many times (a Today
/// card: ~40 elements, fifty to a page). Building a ``Node`` tree for it and rendering the tree
/// cost twice what writing it does: an array per element and per attribute list, a string per
/// interpolated id, a retain per node walked. The rules are ``Node``'s: element names and
/// attribute names are trusted constants, text and attribute values are escaped, and every
/// element's end tag is written by the call that wrote its start tag.
struct HTMLWriter {
    private(set) var bytes: [UInt8]

    init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The start tag with `attributes`, what `content` writes, the end tag.
    @inline(__always)
    mutating func element(
        _ name: StaticString, _ attributes: (inout Attributes) -> Void = { _ in }, content: (inout HTMLWriter) -> Void = { _ in }
    ) {
        startTag(name, attributes)
        content(&self)
        bytes.append(UInt8(ascii: "<"))
        bytes.append(UInt8(ascii: "/"))
        bytes.append(name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// An element without content or end tag (`<input>`).
    @inline(__always)
    mutating func void(_ name: StaticString, _ attributes: (inout Attributes) -> Void) {
        startTag(name, attributes)
    }

    /// Text, escaped.
    mutating func text(_ text: String) {
        Escape.text(text, into: &bytes)
    }

    /// Text written in the source (no markup in it: checked in debug builds).
    mutating func text(_ text: StaticString) {
        assert(!text.description.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }, "markup in \(text)")
        bytes.append(text)
    }

    /// A node built the usual way, rendered here.
    mutating func node(_ node: Node) {
        node.render(into: &bytes)
    }

    /// What was written, as a node (``Node/markup(_:)``).
    var node: Node { .markup(bytes) }

    @inline(__always)
    private mutating func startTag(_ name: StaticString, _ attributes: (inout Attributes) -> Void) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(name)
        var list = Attributes()
        swap(&list.bytes, &bytes)
        attributes(&list)
        swap(&list.bytes, &bytes)
        bytes.append(UInt8(ascii: ">"))
    }

    /// A start tag's attributes, in the order they are added.
    struct Attributes {
        fileprivate var bytes: [UInt8] = []

        /// ` name="value"`, the value escaped.
        mutating func add(_ name: StaticString, _ value: String) {
            open(name)
            Escape.attribute(value, into: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }

        /// ` name="prefixvalue"`: an id made of a constant and a value, without a string for it.
        mutating func add(_ name: StaticString, _ prefix: StaticString, _ value: String, _ suffix: StaticString = "") {
            assert(!"\(prefix)\(suffix)".utf8.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "&") }, "\(prefix)")
            open(name)
            bytes.append(prefix)
            Escape.attribute(value, into: &bytes)
            bytes.append(suffix)
            bytes.append(UInt8(ascii: "\""))
        }

        mutating func add(_ name: StaticString, _ value: Int) {
            add(name, String(value))
        }

        /// Adds `more` (escaped) to the value of the attribute added last.
        mutating func append(_ more: String) {
            assert(bytes.last == UInt8(ascii: "\""), "no attribute value to add to")
            bytes.removeLast()
            Escape.attribute(more, into: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }

        /// Adds a constant to the value of the attribute added last.
        mutating func append(_ more: StaticString) {
            assert(bytes.last == UInt8(ascii: "\""), "no attribute value to add to")
            bytes.removeLast()
            bytes.append(more)
            bytes.append(UInt8(ascii: "\""))
        }

        /// A boolean attribute (` open`).
        mutating func flag(_ name: StaticString) {
            bytes.append(UInt8(ascii: " "))
            bytes.append(name)
        }

        /// ` name="`
        private mutating func open(_ name: StaticString) {
            bytes.append(UInt8(ascii: " "))
            bytes.append(name)
            bytes.append(UInt8(ascii: "="))
            bytes.append(UInt8(ascii: "\""))
        }
    }
}

extension [UInt8] {
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
