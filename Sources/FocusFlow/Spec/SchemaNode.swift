/// A JSON value as a schema is built from: objects keep their members' order, so that the
/// schema reads as the flow does.
package indirect enum SchemaNode: Sendable, Equatable {
    case object([Member])
    case array([SchemaNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// One member of an object.
    package struct Member: Sendable, Equatable {
        package var key: String
        package var value: SchemaNode
        package init(_ key: String, _ value: SchemaNode) {
            self.key = key
            self.value = value
        }
    }

    /// An object of these members, in order.
    package static func object(_ members: (String, SchemaNode)...) -> SchemaNode { .object(members.map { Member($0.0, $0.1) }) }

    /// `{"const": value}`.
    package static func const(_ value: SchemaNode) -> SchemaNode { .object(("const", value)) }

    /// An array of strings.
    package static func strings(_ values: [String]) -> SchemaNode { .array(values.map(SchemaNode.string)) }

    /// The members of an object; none for another value.
    package var members: [Member] { if case .object(let members) = self { members } else { [] } }

    /// Every schema of `parts` at once: their members side by side when no key repeats, else
    /// `allOf`; the one schema when there is one, `true` for none.
    package static func all(_ parts: [SchemaNode]) -> SchemaNode {
        let parts = parts.filter { $0 != .bool(true) && $0 != .object([]) }
        if parts.isEmpty { return .bool(true) }
        if parts.count == 1 { return parts[0] }
        var keys: Set<String> = []
        let merged = parts.flatMap(\.members)
        if parts.allSatisfy({ if case .object = $0 { true } else { false } }), merged.allSatisfy({ keys.insert($0.key).inserted }) {
            return .object(merged)
        }
        return .object(("allOf", .array(parts)))
    }

    /// Any one of `parts`: the one when there is one.
    package static func any(_ parts: [SchemaNode]) -> SchemaNode {
        parts.count == 1 ? parts[0] : .object(("anyOf", .array(parts)))
    }

    /// The value as JSON text, indented two spaces a level, a short array of plain values on one line.
    package var text: String {
        var out = ""
        write(into: &out, indent: "")
        return out
    }

    private var isPlain: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .string(let text): out += JSONText.quote(text)
        case .number(let value): out += JSONText.number(value)
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            if items.allSatisfy(\.isPlain) {
                out += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { out += ", " }
                    item.write(into: &out, indent: indent)
                }
                out += "]"
                return
            }
            let inner = indent + "  "
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                item.write(into: &out, indent: inner)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            let inner = indent + "  "
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner + JSONText.quote(member.key) + ": "
                member.value.write(into: &out, indent: inner)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }
}
