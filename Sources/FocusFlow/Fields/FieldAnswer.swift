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
