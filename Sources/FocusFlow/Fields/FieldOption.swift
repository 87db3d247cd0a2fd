/// One option of a ``FieldKind/select`` or ``FieldKind/multiSelect`` field: the value the
/// answer carries and the label a person reads (in any script).
///
/// In a flow file an option is a string (value and label alike) or `{"value", "label"}`.
public struct FieldOption: Sendable, Hashable {
    public var value: String
    public var label: String
    /// The label in every language the flow gives it, or `nil` for a plain string.
    public var localizedLabel: LocalizedText?

    public init(value: String, label: String? = nil) {
        self.value = value
        self.label = label ?? value
    }
}

extension FieldOption: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(value: value) }
}
