/// Attribute helpers: `.class("card")`, `.href(url)`, `.aria("label", text)`.
extension Attribute {
    public static func `class`(_ names: String...) -> Attribute {
        Attribute("class", names.filter { !$0.isEmpty }.joined(separator: " "))
    }
    public static func classes(_ names: [String]) -> Attribute {
        Attribute("class", names.filter { !$0.isEmpty }.joined(separator: " "))
    }
    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    public static func href(_ value: String) -> Attribute { Attribute("href", value) }
    public static func src(_ value: String) -> Attribute { Attribute("src", value) }
    public static func rel(_ value: String) -> Attribute { Attribute("rel", value) }
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    public static func action(_ value: String) -> Attribute { Attribute("action", value) }
    public static func method(_ value: String) -> Attribute { Attribute("method", value) }
    public static func title(_ value: String) -> Attribute { Attribute("title", value) }
    public static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
    public static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
    public static func content(_ value: String) -> Attribute { Attribute("content", value) }
    public static func role(_ value: String) -> Attribute { Attribute("role", value) }
    public static func alt(_ value: String) -> Attribute { Attribute("alt", value) }
    public static func placeholder(_ value: String) -> Attribute { Attribute("placeholder", value) }
    public static func autocomplete(_ value: String) -> Attribute { Attribute("autocomplete", value) }
    public static func datetime(_ value: String) -> Attribute { Attribute("datetime", value) }
    public static func minlength(_ value: Int) -> Attribute { Attribute("minlength", String(value)) }
    public static func maxlength(_ value: Int) -> Attribute { Attribute("maxlength", String(value)) }
    public static func viewBox(_ value: String) -> Attribute { Attribute("viewBox", value) }
    public static func aria(_ name: String, _ value: String) -> Attribute { Attribute(dynamicName: "aria-" + name, value) }
    public static func data(_ name: String, _ value: String) -> Attribute { Attribute(dynamicName: "data-" + name, value) }
    public static var hidden: Attribute { Attribute("hidden", nil) }
    public static var required: Attribute { Attribute("required", nil) }
    public static var autofocus: Attribute { Attribute("autofocus", nil) }
    public static var open: Attribute { Attribute("open", nil) }
    public static var `defer`: Attribute { Attribute("defer", nil) }
    public static var disabled: Attribute { Attribute("disabled", nil) }
    public static var checked: Attribute { Attribute("checked", nil) }
    /// Any other attribute with a trusted name (SVG geometry, `media`, `sizes`…).
    public static func attr(_ name: StaticString, _ value: String) -> Attribute { Attribute(name, value) }
}
