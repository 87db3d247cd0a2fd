import FocusFlow

/// A field's answer as a test compares it: with a literal of the answer's type, whatever the
/// field's kind.
///
/// A text, a choice and a date compare with a string literal, a number with a number literal,
/// a confirm with `true` or `false`, a multi-select with an array of strings (in option order),
/// and a field with no answer (no choice, no number, no yes or no, no date) with
/// ``unanswered``. An empty text is `""`.
///
/// ```swift
/// #expect(store["age"] == 36)
/// #expect(store["terms"] == true)
/// #expect(store["channels"] == ["sms", "post"])
/// #expect(store["country"] == .unanswered)
/// ```
///
/// A secure field's value is shown as `<secure>` in a failure, never as itself.
public struct FieldValue: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    private enum Value: Sendable, Hashable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case strings([String])
        case unanswered
    }

    private let value: Value
    /// Whether the value is a secure field's, which ``description`` masks. Not part of equality.
    public let secure: Bool

    private init(_ value: Value, secure: Bool = false) {
        self.value = value
        self.secure = secure
    }

    /// A field's answer, as the test store gives it.
    ///
    /// - Parameters:
    ///   - answer: the field's answer.
    ///   - secure: whether the field is secure, so that ``description`` masks the value.
    public init(_ answer: FieldAnswer, secure: Bool = false) {
        let value: Value =
            switch answer {
            case .text(let text): .string(text)
            case .choice(let choice?), .date(let choice?): .string(choice)
            case .bool(let flag?): .bool(flag)
            case .number(let number?): .number(number)
            case .choices(let values): .strings(values)
            case .choice(nil), .date(nil), .bool(nil), .number(nil): .unanswered
            }
        self.init(value, secure: secure)
    }

    /// No answer: a choice not made, a number, a date or a yes or no not given.
    public static let unanswered = FieldValue(.unanswered)

    /// A text, a choice's value or a date (`YYYY-MM-DD`).
    public init(stringLiteral value: String) { self.init(.string(value)) }
    /// A number.
    public init(integerLiteral value: Int) { self.init(.number(Double(value))) }
    /// A number with a fraction.
    public init(floatLiteral value: Double) { self.init(.number(value)) }
    /// A confirm's yes or no.
    public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
    /// A multi-select's choices, in option order.
    public init(arrayLiteral elements: String...) { self.init(.strings(elements)) }

    /// Whether the two are the same answer; whether either is secure does not count.
    public static func == (lhs: FieldValue, rhs: FieldValue) -> Bool { lhs.value == rhs.value }

    /// Hashes the answer alone, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// The value as a Swift literal (`"Ada"`, `36`, `true`, `["sms", "post"]`, `.unanswered`), or
    /// `<secure>` for a secure field's.
    public var description: String {
        if secure { return "<secure>" }
        switch value {
        case .string(let text): return text.debugDescription
        case .number(let number): return FieldAnswer.number(number).description
        case .bool(let flag): return String(flag)
        case .strings(let values): return "[" + values.map(\.debugDescription).joined(separator: ", ") + "]"
        case .unanswered: return ".unanswered"
        }
    }
}
