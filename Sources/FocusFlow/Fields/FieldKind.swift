/// What a field asks for, and so which reducer holds its state.
///
/// Adding a kind touches its reducer in `Fields/` with its `FieldBehavior` conformance (one file
/// beside it, with its keys, rules, checks and messages), its case here and in ``FieldState``
/// (the one switch over the kinds), ``FieldAnswer`` only for an answer of a new type,
/// ``FieldAction`` and the request table only for an action no kind takes yet, its terminal
/// screen and `Flows/flow.schema.json` (docs/architecture.md lists the files).
public enum FieldKind: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Free text, typed with a keyboard: the seed's ``TextFieldReducer``.
    case text
    /// Yes or no: ``ConfirmFieldReducer``.
    case confirm
    /// One of a list of options, found with a filter: ``SelectFieldReducer``.
    case select
    /// Several of a list of options: ``MultiSelectFieldReducer``.
    case multiSelect
    /// A number in a range, typed or stepped with Up and Down: ``NumberFieldReducer``.
    case number
    /// A calendar date, typed in the `YYYY-MM-DD` shape or stepped a day with Up and Down: ``DateFieldReducer``.
    case date

    /// The kind of a field whose flow file names none: text.
    public static let implied = FieldKind.text

    /// Whether the person types the answer itself, so that `secure` and `keyboard` mean something.
    public var typesAnswer: Bool { behavior.typesAnswer }

    /// Whether the typed answer is free text, so that `secure`, `keyboard` and a `matches` on
    /// the field mean something: text is; a number, typed but in its own shape, is not.
    public var typesFreeText: Bool { behavior.typesFreeText }

    /// Whether the field has `options` and a filter over them.
    public var hasOptions: Bool { behavior.hasOptions }

    /// Texts for `check` to try typing into `field` (of this kind) before its own candidates: a
    /// value at each bound of a range and one past it. Empty for most kinds.
    package func sampleTexts(for field: FieldSpec) -> [String] { behavior.sampleTexts(for: field) }

    /// Lengths for `check` to try values of in `field` (of this kind): the ones its rules allow
    /// at their bounds, and the ones just past them. Empty for most kinds.
    package func sampleLengths(for field: FieldSpec) -> (passing: [Int], failing: [Int]) { behavior.sampleLengths(for: field) }

    /// Whether a field of this kind takes `action` (its value aside).
    public func takes(_ action: FieldAction) -> Bool { behavior.takes(action) }

    /// The texts of `field`'s own keys a screen may show (a text's `oneOf`).
    package func shownTexts(of field: FieldSpec) -> [String] { behavior.shownTexts(of: field).flatMap(\.texts) }

    public var description: String { rawValue }
}
