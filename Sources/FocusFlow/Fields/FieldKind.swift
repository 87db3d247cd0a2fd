/// What a field asks for, and so which reducer holds its state.
///
/// Adding a kind touches its reducer in `Fields/`, its case in ``FieldState`` (the compiler then
/// names every switch that must learn it), its rows in ``FlowRequest/table`` and
/// ``FlowEvent``, its terminal screen and `Flows/flow.schema.json`.
public enum FieldKind: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Free text, typed with a keyboard: the seed's ``TextFieldReducer``.
    case text
    /// Yes or no: ``ConfirmFieldReducer``.
    case confirm
    /// One of a list of options, found with a filter: ``SelectFieldReducer``.
    case select
    /// Several of a list of options: ``MultiSelectFieldReducer``.
    case multiSelect

    /// Whether the person types the answer itself, so that `secure` and `keyboard` mean something.
    public var typesAnswer: Bool { self == .text }

    /// Whether the field has `options` and a filter over them.
    public var hasOptions: Bool { self == .select || self == .multiSelect }

    public var description: String { rawValue }
}
