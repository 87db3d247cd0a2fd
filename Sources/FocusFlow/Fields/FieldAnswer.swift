/// A field's answer, typed by its kind.
public enum FieldAnswer: Sendable, Hashable, Codable {
    /// A text field's text, verbatim.
    case text(String)
    /// A confirm field's answer; `nil` when not answered.
    case bool(Bool?)
    /// A select field's chosen value; `nil` when nothing is chosen.
    case choice(String?)
    /// A multi-select field's chosen values, in option order.
    case choices([String])

    /// Whether the answer says anything: text that is not empty, a yes or no, a choice, at
    /// least one of several. `when: {"notEmpty": true}` and `required` read this.
    public var isEmpty: Bool {
        switch self {
        case .text(let text): text.isEmpty
        case .bool(let value): value == nil
        case .choice(let value): value == nil
        case .choices(let values): values.isEmpty
        }
    }

    /// The answer as JSON: a string, `true`/`false`, an array of strings, or `null`.
    public var json: String {
        var out = JSONWriter(capacity: 32)
        write(into: &out)
        return out.text
    }

    package func write(into out: inout JSONWriter) {
        switch self {
        case .text(let text): out.string(text)
        case .bool(let value?): out.bool(value)
        case .choice(let value?): out.string(value)
        case .bool(nil), .choice(nil): out.raw("null")
        case .choices(let values):
            out.raw("[")
            for (index, value) in values.enumerated() {
                if index > 0 { out.raw(",") }
                out.string(value)
            }
            out.raw("]")
        }
    }
}

extension FieldAnswer: CustomStringConvertible {
    /// Swift source for the answer: `"ada"`, `true`, `nil`, `["sms", "email"]`.
    public var description: String {
        switch self {
        case .text(let text): text.debugDescription
        case .bool(let value): value.map(String.init) ?? "nil"
        case .choice(let value): value?.debugDescription ?? "nil"
        case .choices(let values): "[" + values.map(\.debugDescription).joined(separator: ", ") + "]"
        }
    }
}

extension FieldAnswer {
    /// The answer as text: a text verbatim, a choice's value, `true`/`false`, choices joined by
    /// commas; empty when not answered.
    public var plainText: String {
        switch self {
        case .text(let text): text
        case .bool(let flag): flag.map(String.init) ?? ""
        case .choice(let value): value ?? ""
        case .choices(let values): values.joined(separator: ",")
        }
    }

    /// Whether the answer is `value`, as a `when` compares: the text byte for byte, the yes or
    /// no, the choice, or one of the choices.
    func matches(_ value: FieldCondition.Value) -> Bool {
        switch (self, value) {
        case (.text(let text), .string(let expected)): text.isIdentical(to: expected)
        case (.bool(let flag?), .bool(let expected)): flag == expected
        case (.choice(let choice?), .string(let expected)): choice.isIdentical(to: expected)
        case (.choices(let values), .string(let expected)): values.contains { $0.isIdentical(to: expected) }
        default: false
        }
    }

    /// Writes the answer as a flow file's `"default"` under `key`; an unanswered one writes nothing.
    func encode(to container: inout KeyedEncodingContainer<AnyKey>, forKey key: AnyKey) throws {
        switch self {
        case .text(let text): try container.encode(text, forKey: key)
        case .bool(let flag?): try container.encode(flag, forKey: key)
        case .choice(let value?): try container.encode(value, forKey: key)
        case .choices(let values): try container.encode(values, forKey: key)
        case .bool(nil), .choice(nil): break
        }
    }
}
