/// Why ``FlowResult/decode(_:)`` could not give the host's type: the field, the type the host
/// asks for, what the answer is, and what stands between them.
///
/// Its ``description`` is a sentence that names all three
/// (`"age": the host asks for Int8, the answer is a number (300) out of its range`). A secure
/// field's value appears in none of its parts.
public struct AnswerDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What stands between the answer and the host's type.
    public enum Reason: Sendable, Equatable {
        /// The answer is of another type than the one asked for (a number asked for as a `String`).
        case typeMismatch
        /// The answer is a number outside the range of the integer type asked for.
        case outOfRange
        /// The answer is a number with a fraction, asked for as an integer type.
        case notWhole
        /// The field was shown and left unanswered, and the host asks for a type that is not optional.
        case unanswered
        /// The field was hidden when the flow completed, and the host asks for a type that is not optional.
        case hidden
        /// The host asks for a key that names no field of the flow.
        case noSuchField
        /// The host's own type refused the answer (an enum with no case of that raw value), with
        /// what it said; `nil` for a secure field, whose value the host's words might hold.
        case refused(String?)
    }

    /// The field the host asks for, or `nil` when it asks for the whole result as something else
    /// than a keyed type.
    public var field: FieldID?
    /// The host's type, as Swift names it (`Int8`, `Array<String>`).
    public var requested: String
    /// What the answer is, in words: its kind and, unless the field is secure, its value
    /// (`a number (300)`, `a secure text`, `no answer`).
    public var answer: String
    /// What stands between the answer and the host's type.
    public var reason: Reason

    /// An error naming `field`, the host's type, the answer in words and the reason; the answer
    /// of a secure field must be given without its value.
    public init(field: FieldID?, requested: String, answer: String, reason: Reason) {
        self.field = field
        self.requested = requested
        self.answer = answer
        self.reason = reason
    }

    /// `"age": the host asks for Int8, the answer is a number (300) out of its range`.
    public var description: String {
        let place = field.map { "\(JSONText.quote($0.rawValue)): " } ?? ""
        let asks = "\(place)the host asks for \(requested)"
        switch reason {
        case .typeMismatch: return "\(asks), the answer is \(answer)"
        case .outOfRange: return "\(asks), the answer is \(answer) out of its range"
        case .notWhole: return "\(asks), the answer is \(answer) with a fraction, which \(requested) cannot hold without rounding"
        case .unanswered: return "\(asks), the field was left unanswered (\(answer)); ask for \(requested)? to take no answer"
        case .hidden: return "\(asks), the field was hidden, so it has no answer; ask for \(requested)? to take no answer"
        case .noSuchField:
            return "\(asks), the flow has no field of that id; name the field's id in the type's CodingKeys"
        case .refused(let words?): return "\(asks), the answer is \(answer), which \(requested) refuses: \(words)"
        case .refused(nil): return "\(asks), the answer is \(answer), which \(requested) refuses"
        }
    }
}
