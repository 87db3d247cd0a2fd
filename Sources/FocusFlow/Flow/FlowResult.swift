/// The answers of a completed flow: the visible fields' values, in field order.
public struct FlowResult: Sendable, Equatable, Codable {
    public struct Answer: Sendable, Equatable, Codable {
        public var field: FieldID
        public var value: String
        /// Whether the field was secure; descriptions mask such a value.
        public var secure: Bool

        public init(field: FieldID, value: String, secure: Bool = false) {
            self.field = field
            self.value = value
            self.secure = secure
        }
    }

    public var answers: [Answer]

    public init(answers: [Answer]) { self.answers = answers }

    /// The answer for `field`, or `nil` when the field was hidden or is not in the flow.
    ///
    /// - Complexity: O(*n*).
    public subscript(field: FieldID) -> String? {
        answers.first { $0.field == field }?.value
    }

    /// The answers as one JSON object, keys in field order: what `focusflow run` prints.
    public var json: String {
        "{" + answers.map { "\(JSONText.quote($0.field.rawValue)):\(JSONText.quote($0.value))" }.joined(separator: ",") + "}"
    }
}

extension FlowResult: CustomStringConvertible {
    /// The answers with secure values masked.
    public var description: String {
        "[" + answers.map { "\($0.field): \($0.secure ? "<secure>" : $0.value.debugDescription)" }.joined(separator: ", ") + "]"
    }
}
