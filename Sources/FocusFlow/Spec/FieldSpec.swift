/// One field of a flow.
public struct FieldSpec: Sendable, Equatable {
    public var id: FieldID
    /// What the field asks for ("Email").
    public var label: String
    /// Shown dim while the field is empty.
    public var placeholder: String?
    /// A presentation hint: one line of help under the field.
    public var hint: String?
    /// Whether the value is masked while typed.
    public var secure: Bool
    public var keyboard: KeyboardType
    public var rules: FieldRules
    /// Shows the field only when an earlier answer satisfies this; `nil` shows it always.
    public var when: FieldCondition?

    public init(
        id: FieldID, label: String? = nil, placeholder: String? = nil, hint: String? = nil,
        secure: Bool = false, keyboard: KeyboardType = .default, rules: FieldRules = .init(),
        when: FieldCondition? = nil
    ) {
        self.id = id
        self.label = label ?? id.rawValue
        self.placeholder = placeholder
        self.hint = hint
        self.secure = secure
        self.keyboard = keyboard
        self.rules = rules
        self.when = when
    }
}

/// The condition under which a field is shown.
public struct FieldCondition: Sendable, Equatable, Codable {
    public enum Test: Sendable, Equatable {
        /// The earlier field's value is exactly this (byte for byte).
        case equals(String)
        /// The earlier field's value is (`true`) or is not (`false`) empty.
        case notEmpty(Bool)
    }

    public var field: FieldID
    public var test: Test

    public init(field: FieldID, test: Test) {
        self.field = field
        self.test = test
    }

    /// Whether `value` (the earlier field's) shows the field.
    public func isSatisfied(by value: String) -> Bool {
        switch test {
        case .equals(let expected): value.isIdentical(to: expected)
        case .notEmpty(let notEmpty): value.isEmpty != notEmpty
        }
    }
}
