/// What a field asks for, and so which reducer holds its state.
///
/// Adding a kind touches its reducer in `Fields/` with its `FieldBehavior` conformance (one file
/// beside it), its case here and in ``FieldState`` (the one switch over the kinds), its rows in
/// the request and event tables, its terminal screen and `Flows/flow.schema.json`.
public enum FieldKind: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Free text, typed with a keyboard: the seed's ``TextFieldReducer``.
    case text
    /// Yes or no: ``ConfirmFieldReducer``.
    case confirm
    /// One of a list of options, found with a filter: ``SelectFieldReducer``.
    case select
    /// Several of a list of options: ``MultiSelectFieldReducer``.
    case multiSelect

    /// The kind of a field whose flow file names none: text.
    public static let implied = FieldKind.text

    /// Whether the person types the answer itself, so that `secure` and `keyboard` mean something.
    public var typesAnswer: Bool { behavior.typesAnswer }

    /// Whether the field has `options` and a filter over them.
    public var hasOptions: Bool { behavior.hasOptions }

    public var description: String { rawValue }
}
