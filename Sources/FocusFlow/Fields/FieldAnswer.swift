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
    /// A number field's value; `nil` when not answered.
    case number(Double?)
    /// A date field's ISO 8601 calendar date (`1990-04-23`); `nil` when not answered.
    case date(String?)

    /// Whether the answer says anything: text that is not empty, a yes or no, a choice, at
    /// least one of several. `when: {"notEmpty": true}` and `required` read this.
    public var isEmpty: Bool {
        switch self {
        case .text(let text): text.isEmpty
        case .bool(let value): value == nil
        case .choice(let value): value == nil
        case .choices(let values): values.isEmpty
        case .number(let value): value == nil
        case .date(let value): value == nil
        }
    }

    /// The answer as JSON: a string, `true`/`false`, an array of strings, a number (whole
    /// numbers without `.0`), or `null`.
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
        case .number(let value?): out.raw(JSONText.number(value))
        case .date(let value?): out.string(value)
        case .bool(nil), .choice(nil), .number(nil), .date(nil): out.raw("null")
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
        case .number(let value): value.map(JSONText.number) ?? "nil"
        case .date(let value): value?.debugDescription ?? "nil"
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
        case .number(let value): value.map(JSONText.number) ?? ""
        case .date(let value): value ?? ""
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
        case (.number(let number?), .number(let expected)): number == expected
        case (.date(let date?), .string(let expected)): date == expected
        default: false
        }
    }

    /// Whether the answer is within `min` and `max` (inclusive, each optional), as a `when`
    /// with bounds compares: a number with numbers, a text with texts in code point order (an
    /// ISO 8601 date's order). An unanswered field, or a bound of another type, is within none.
    func isWithin(min: FieldCondition.Value?, max: FieldCondition.Value?) -> Bool {
        func holds(_ bound: FieldCondition.Value?, _ order: (Int) -> Bool) -> Bool {
            switch (self, bound) {
            case (_, nil): !isEmpty
            case (.number(let value?), .number(let limit)?): order(value < limit ? -1 : value > limit ? 1 : 0)
            case (.text(let text), .string(let limit)?) where !text.isEmpty, (.date(let text?), .string(let limit)?):
                order(text.unicodeScalars.lexicographicallyPrecedes(limit.unicodeScalars) ? -1 : text == limit ? 0 : 1)
            default: false
            }
        }
        return holds(min) { $0 >= 0 } && holds(max) { $0 <= 0 }
    }

    /// Writes the answer under `key`, an unanswered one as `null`, as a snapshot keeps it.
    func encode<Key: CodingKey>(orNullTo container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case .text(let text): try container.encode(text, forKey: key)
        case .bool(let value): try container.encode(value, forKey: key)
        case .choice(let value): try container.encode(value, forKey: key)
        case .choices(let values): try container.encode(values, forKey: key)
        case .number(let value): try container.encode(value, forKey: key)
        case .date(let value): try container.encode(value, forKey: key)
        }
    }

    /// Writes the answer as a flow file's `"default"` under `key`; an unanswered one writes nothing.
    func encode(to container: inout KeyedEncodingContainer<AnyKey>, forKey key: AnyKey) throws {
        switch self {
        case .text(let text): try container.encode(text, forKey: key)
        case .bool(let flag?): try container.encode(flag, forKey: key)
        case .choice(let value?): try container.encode(value, forKey: key)
        case .choices(let values): try container.encode(values, forKey: key)
        case .number(let value?): try container.encode(value, forKey: key)
        case .date(let value?): try container.encode(value, forKey: key)
        case .bool(nil), .choice(nil), .number(nil), .date(nil): break
        }
    }
}

/// An answer as JSON gives it, before its field's kind types it.
struct LooseAnswer: Decodable {
    var answer: FieldAnswer

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { answer = .choice(nil) }
        else if let flag = try? container.decode(Bool.self) { answer = .bool(flag) }
        else if let number = try? container.decode(Double.self) { answer = .number(number) }
        else if let text = try? container.decode(String.self) { answer = .text(text) }
        else { answer = .choices(try container.decode([String].self)) }
    }
}
