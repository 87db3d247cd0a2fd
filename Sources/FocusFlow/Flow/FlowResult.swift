/// The answers of a completed flow: the visible fields' values, in field order.
public struct FlowResult: Sendable, Hashable, Codable {
    public struct Answer: Sendable, Hashable, Codable {
        public var field: FieldID
        /// The typed answer: text, a yes/no, a choice or choices.
        public var answer: FieldAnswer
        /// Whether the field was secure; descriptions mask such a value.
        public var secure: Bool

        /// A text answer.
        public init(field: FieldID, value: String, secure: Bool = false) {
            self.init(field: field, answer: .text(value), secure: secure)
        }

        public init(field: FieldID, answer: FieldAnswer, secure: Bool = false) {
            self.field = field
            self.answer = answer
            self.secure = secure
        }

        /// The answer as text: a text verbatim, a choice's value, `true`/`false`, choices joined
        /// by commas; empty when not answered.
        public var value: String { answer.plainText }
    }

    public var answers: [Answer]

    /// The repeating groups the answers hold, each with its items' answers (see ``ResultGroup``):
    /// ``json`` writes a group as an array of objects at its place.
    public var groups: [ResultGroup] = []

    /// Every field of the flow the result came from, hidden ones too, when the engine made it:
    /// ``decode(_:)`` tells a hidden field (`nil`) from a key that names no field (an error).
    /// Not part of the result's equality nor of its encoding.
    var flowFields: [FieldID]?

    /// A result of these answers, knowing no flow: ``decode(_:)`` takes a key none of them has
    /// as a hidden field's.
    public init(answers: [Answer]) { self.answers = answers }

    /// A result made by the engine, knowing every field of the flow.
    init(answers: [Answer], flowFields: [FieldID]) {
        self.answers = answers
        self.flowFields = flowFields
    }

    private enum CodingKeys: String, CodingKey { case answers, groups }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        answers = try c.decode([Answer].self, forKey: .answers)
        groups = try c.decodeIfPresent([ResultGroup].self, forKey: .groups) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(answers, forKey: .answers)
        if !groups.isEmpty { try c.encode(groups, forKey: .groups) }
    }

    /// Whether the two hold the same answers in the same order, and the same groups; the fields
    /// they came from do not count.
    public static func == (lhs: FlowResult, rhs: FlowResult) -> Bool { lhs.answers == rhs.answers && lhs.groups == rhs.groups }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(answers)
        hasher.combine(groups)
    }

    /// The answer for `field` as text (see ``Answer/value``), or `nil` when the field was
    /// hidden or is not in the flow.
    ///
    /// - Complexity: O(*n*).
    public subscript(field: FieldID) -> String? {
        answers.first { $0.field == field }?.value
    }

    /// The typed answer for `field`.
    public func answer(for field: FieldID) -> FieldAnswer? {
        answers.first { $0.field == field }?.answer
    }

    /// The answers as one JSON object, keys in field order, each of its JSON type (a string,
    /// `true`/`false`, an array of strings, or `null`): what `focusflow run` prints.
    public var json: String {
        var out = JSONWriter()
        write(into: &out)
        return out.text
    }

    package func write(into out: inout JSONWriter) {
        guard groups.isEmpty else { return writeWithGroups(into: &out) }
        out.raw("{")
        for (index, answer) in answers.enumerated() {
            if index > 0 { out.raw(",") }
            out.string(answer.field.rawValue)
            out.raw(":")
            answer.answer.write(into: &out)
        }
        out.raw("}")
    }
}

extension FlowResult: CustomStringConvertible {
    /// The answers with secure values masked.
    public var description: String {
        "[" + answers.map { "\($0.field): \($0.secure ? "<secure>" : $0.answer.description)" }.joined(separator: ", ") + "]"
    }
}
