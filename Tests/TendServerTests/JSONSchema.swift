import Foundation
import TendCore

/// A JSON value read strictly: `true` is never the number 1, and `1` is an integer, not a double.
indirect enum JSONValue: Decodable, Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    init(data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var object: [String: JSONValue]? {
        if case .object(let object) = self { return object }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// Equality as JSON Schema sees it (`1` equals `1.0`).
    func sameValue(as other: JSONValue) -> Bool {
        if let a = double, let b = other.double { return a == b }
        switch (self, other) {
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        case (.object(let a), .object(let b)):
            return Set(a.keys) == Set(b.keys) && a.allSatisfy { key, value in b[key].map(value.sameValue) ?? false }
        default:
            return self == other
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let value): "[" + value.map(\.description).joined(separator: ",") + "]"
        case .object(let value): "{" + value.keys.sorted().map { "\"\($0)\":\(value[$0]!)" }.joined(separator: ",") + "}"
        }
    }
}

/// Validates JSON values against the JSON Schema (2020-12) subset the OpenAPI document uses.
/// A keyword it does not know is an error, so the document cannot use one that is silently
/// ignored here.
struct JSONSchemaValidator {
    /// The document `$ref`s point into.
    let root: JSONValue

    static let annotations: Set<String> = ["description", "examples", "default", "contentMediaType", "title"]

    /// The problems found (empty: valid).
    func validate(_ value: JSONValue, _ schema: JSONValue, at path: String = "$") -> [String] {
        guard case .object(let keywords) = schema else {
            if case .bool(let allowed) = schema { return allowed ? [] : ["\(path): no value is allowed here"] }
            return ["\(path): the schema is not an object"]
        }
        var errors: [String] = []
        for (keyword, argument) in keywords.sorted(by: { $0.key < $1.key }) {
            errors += check(keyword, argument, value, keywords, path)
        }
        return errors
    }

    private func check(
        _ keyword: String, _ argument: JSONValue, _ value: JSONValue, _ schema: [String: JSONValue], _ path: String
    ) -> [String] {
        switch keyword {
        case "$ref":
            guard let target = resolve(argument.string ?? "") else { return ["\(path): unresolvable $ref \(argument)"] }
            return validate(value, target, at: path)
        case "type":
            let types = argument.array?.compactMap(\.string) ?? [argument.string ?? ""]
            return types.contains(where: { Self.has(value, type: $0) }) ? [] : ["\(path): \(value) is not of type \(types)"]
        case "enum":
            return (argument.array ?? []).contains(where: value.sameValue) ? [] : ["\(path): \(value) is not one of \(argument)"]
        case "const":
            return value.sameValue(as: argument) ? [] : ["\(path): \(value) is not \(argument)"]
        case "properties":
            guard case .object(let object) = value, case .object(let properties) = argument else { return [] }
            return properties.sorted(by: { $0.key < $1.key }).flatMap { name, propertySchema in
                object[name].map { validate($0, propertySchema, at: "\(path).\(name)") } ?? []
            }
        case "required":
            guard case .object(let object) = value else { return [] }
            return (argument.array ?? []).compactMap(\.string).filter { object[$0] == nil }.map { "\(path): '\($0)' is missing" }
        case "additionalProperties":
            guard case .object(let object) = value else { return [] }
            let known = Set(schema["properties"]?.object.map { Array($0.keys) } ?? [])
            return object.keys.sorted().filter { !known.contains($0) }.flatMap { name in
                validate(object[name]!, argument, at: "\(path).\(name)")
            }
        case "items":
            guard case .array(let items) = value else { return [] }
            return items.enumerated().flatMap { index, item in validate(item, argument, at: "\(path)[\(index)]") }
        case "minItems", "maxItems":
            guard case .array(let items) = value, let limit = argument.double else { return [] }
            let ok = keyword == "minItems" ? Double(items.count) >= limit : Double(items.count) <= limit
            return ok ? [] : ["\(path): \(items.count) items breaks \(keyword) \(argument)"]
        case "uniqueItems":
            guard case .array(let items) = value, argument == .bool(true) else { return [] }
            let unique = items.enumerated().allSatisfy { index, item in !items[..<index].contains(where: item.sameValue) }
            return unique ? [] : ["\(path): items are not unique"]
        case "minimum", "maximum":
            guard let number = value.double, let limit = argument.double else { return [] }
            let ok = keyword == "minimum" ? number >= limit : number <= limit
            return ok ? [] : ["\(path): \(value) breaks \(keyword) \(argument)"]
        case "minLength", "maxLength":
            guard case .string(let text) = value, let limit = argument.double else { return [] }
            // JSON Schema counts code points.
            let count = Double(text.unicodeScalars.count)
            let ok = keyword == "minLength" ? count >= limit : count <= limit
            return ok ? [] : ["\(path): \(value) breaks \(keyword) \(argument)"]
        case "pattern":
            guard case .string(let text) = value else { return [] }
            guard let regex = try? Regex(argument.string ?? "") else { return ["\(path): bad pattern \(argument)"] }
            return text.contains(regex) ? [] : ["\(path): \(value) does not match \(argument)"]
        case "format":
            guard case .string(let text) = value else { return [] }
            return Self.has(text, format: argument.string ?? "") ? [] : ["\(path): \(value) is not a \(argument)"]
        case "oneOf", "anyOf", "allOf":
            let results = (argument.array ?? []).map { validate(value, $0, at: path) }
            let passing = results.filter(\.isEmpty).count
            let ok =
                switch keyword {
                case "oneOf": passing == 1
                case "anyOf": passing >= 1
                default: passing == results.count
                }
            return ok ? [] : ["\(path): \(value) matches \(passing) of the \(keyword) schemas: \(results.flatMap { $0 })"]
        default:
            return Self.annotations.contains(keyword) ? [] : ["\(path): the validator does not know '\(keyword)'"]
        }
    }

    func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSONValue? = root
        for part in reference.dropFirst(2).split(separator: "/") {
            node = node?[part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
        }
        return node
    }

    static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
            ("string", .string), ("array", .array), ("object", .object):
            true
        case ("integer", .number(let number)):
            number.rounded() == number
        default:
            false
        }
    }

    static func has(_ text: String, format: String) -> Bool {
        switch format {
        case "date":
            return (try? Day(iso: text)) != nil
        case "uuid":
            return UUID(uuidString: text) != nil
        case "date-time":
            let plain = ISO8601DateFormatter()
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return plain.date(from: text) != nil || fractional.date(from: text) != nil
        default:
            return true  // int64, double: the type says enough
        }
    }
}
