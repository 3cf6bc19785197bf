/// Helpers for the elements Tend's pages use: `.div(.class("card")) { … }`.
extension Node {
    public static func html(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("html", attributes, children())
    }

    public static func head(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("head", attributes, children())
    }

    public static func body(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("body", attributes, children())
    }

    public static func title(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("title", attributes, children())
    }

    public static func header(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("header", attributes, children())
    }

    public static func nav(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("nav", attributes, children())
    }

    public static func main(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("main", attributes, children())
    }

    public static func footer(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("footer", attributes, children())
    }

    public static func section(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("section", attributes, children())
    }

    public static func article(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("article", attributes, children())
    }

    public static func aside(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("aside", attributes, children())
    }

    public static func div(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("div", attributes, children())
    }

    public static func span(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("span", attributes, children())
    }

    public static func p(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("p", attributes, children())
    }

    public static func a(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("a", attributes, children())
    }

    public static func ul(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("ul", attributes, children())
    }

    public static func ol(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("ol", attributes, children())
    }

    public static func li(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("li", attributes, children())
    }

    public static func h1(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("h1", attributes, children())
    }

    public static func h2(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("h2", attributes, children())
    }

    public static func h3(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("h3", attributes, children())
    }

    public static func h4(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("h4", attributes, children())
    }

    public static func form(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("form", attributes, children())
    }

    public static func button(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("button", attributes, children())
    }

    public static func label(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("label", attributes, children())
    }

    public static func select(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("select", attributes, children())
    }

    public static func option(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("option", attributes, children())
    }

    public static func textarea(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("textarea", attributes, children())
    }

    public static func details(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("details", attributes, children())
    }

    public static func summary(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("summary", attributes, children())
    }

    public static func small(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("small", attributes, children())
    }

    public static func strong(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("strong", attributes, children())
    }

    public static func em(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("em", attributes, children())
    }

    public static func time(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("time", attributes, children())
    }

    public static func fieldset(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("fieldset", attributes, children())
    }

    public static func legend(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("legend", attributes, children())
    }

    public static func output(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("output", attributes, children())
    }

    public static func dialog(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("dialog", attributes, children())
    }

    public static func table(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("table", attributes, children())
    }

    public static func thead(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("thead", attributes, children())
    }

    public static func tbody(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("tbody", attributes, children())
    }

    public static func tr(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("tr", attributes, children())
    }

    public static func th(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("th", attributes, children())
    }

    public static func td(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("td", attributes, children())
    }

    public static func script(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("script", attributes, children())
    }

    public static func noscript(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("noscript", attributes, children())
    }

    public static func svg(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("svg", attributes, children())
    }

    public static func g(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("g", attributes, children())
    }

    public static func circle(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("circle", attributes, children())
    }

    public static func rect(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("rect", attributes, children())
    }

    public static func path(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("path", attributes, children())
    }

    public static func svgText(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("text", attributes, children())
    }

    public static func figure(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("figure", attributes, children())
    }

    public static func figcaption(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("figcaption", attributes, children())
    }

    public static func dl(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("dl", attributes, children())
    }

    public static func dt(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("dt", attributes, children())
    }

    public static func dd(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("dd", attributes, children())
    }

    public static func code(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("code", attributes, children())
    }

    public static func pre(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("pre", attributes, children())
    }

    public static func abbr(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("abbr", attributes, children())
    }

    public static func template(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("template", attributes, children())
    }

    public static func progress(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("progress", attributes, children())
    }

    public static func meter(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
        .element("meter", attributes, children())
    }

    public static func meta(_ attributes: Attribute...) -> Node {
        .void("meta", attributes)
    }

    public static func link(_ attributes: Attribute...) -> Node {
        .void("link", attributes)
    }

    public static func input(_ attributes: Attribute...) -> Node {
        .void("input", attributes)
    }

    public static func br(_ attributes: Attribute...) -> Node {
        .void("br", attributes)
    }

    public static func hr(_ attributes: Attribute...) -> Node {
        .void("hr", attributes)
    }

    public static func img(_ attributes: Attribute...) -> Node {
        .void("img", attributes)
    }
}
