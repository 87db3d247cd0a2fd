/// One field's state, whatever its kind: the state of that kind's reducer.
///
/// This is the one switch over the kinds (``opened``): everything else it answers is the kind's
/// ``FieldBehavior`` conformance, in the kind's own file.
public enum FieldState: Sendable, Hashable, Codable {
    case text(TextFieldReducer.State)
    case confirm(ConfirmFieldReducer.State)
    case select(SelectFieldReducer.State)
    case multiSelect(MultiSelectFieldReducer.State)
    case number(NumberFieldReducer.State)
    case date(DateFieldReducer.State)

    /// The state with its kind's conformance: the one switch over the kinds.
    private var opened: any OpenedField {
        switch self {
        case .text(let state): Opened<TextFieldReducer>(state)
        case .confirm(let state): Opened<ConfirmFieldReducer>(state)
        case .select(let state): Opened<SelectFieldReducer>(state)
        case .multiSelect(let state): Opened<MultiSelectFieldReducer>(state)
        case .number(let state): Opened<NumberFieldReducer>(state)
        case .date(let state): Opened<DateFieldReducer>(state)
        }
    }

    /// The empty state of `field`'s kind, with the field's `default` answer (see
    /// ``FieldBehavior/initialState(of:)``).
    init(_ field: FieldSpec) { self = field.kind.behavior.initial(of: field) }

    /// The empty state of `kind`, with the `default` answer of a field of that kind.
    init(kind: FieldKind, default defaultAnswer: FieldAnswer?) { self = kind.behavior.initial(default: defaultAnswer) }

    public var kind: FieldKind { opened.kind }

    /// The text a person types into the field: a text field's value, a choice field's filter
    /// query, nothing for a confirm field.
    public var text: TextFieldReducer.State? {
        get { opened.text }
        set {
            guard let newValue else { return }
            var field = opened
            field.setText(newValue)
            self = field.wrapped
        }
    }

    /// The answer the field holds.
    public var answer: FieldAnswer { opened.answer }

    /// The option values the field holds: chosen (in the answer's order) and highlighted.
    package var optionValues: (chosen: [String], highlight: String?) { opened.optionValues }

    /// Hands `action` to the kind's reducer (see ``FieldBehavior/apply(_:to:field:say:)``).
    ///
    /// - Returns: whether the field was submitted.
    mutating func apply(_ action: FieldAction, field: FieldSpec, say: (FlowEvent) -> Void) -> Bool {
        var opened = opened
        let submitted = opened.apply(action, field: field, say: say)
        self = opened.wrapped
        return submitted
    }

    /// What a change of the field's text does to the rest of its state (see
    /// ``FieldBehavior/textChanged(_:field:say:)``).
    mutating func textChanged(field: FieldSpec, say: (FlowEvent) -> Void) {
        var opened = opened
        opened.textChanged(field: field, say: say)
        self = opened.wrapped
    }

    /// What submitting the field does before its rules are checked (see
    /// ``FieldBehavior/submitting(_:field:messages:say:)``).
    ///
    /// - Returns: why the field cannot be submitted as it stands, or `nil`.
    mutating func submitting(field: FieldSpec, messages: RuleMessages, say: (FlowEvent) -> Void) -> String? {
        var opened = opened
        let refusal = opened.submitting(field: field, messages: messages, say: say)
        self = opened.wrapped
        return refusal
    }

    /// The message of the first of the kind's rules the field fails, or `nil`.
    func failure(in check: FieldCheck) -> String? { opened.failure(in: check) }

    /// The actions that answer the field with one typed line.
    func actions(answering line: String, field: FieldSpec) -> [FieldAction] { opened.actions(answering: line, field: field) }
}

extension FieldState: CustomStringConvertible {
    /// Swift source for the state (`.select(.init(filter: "", choice: "kr", highlight: nil))`),
    /// as a test's fix-naming failure message writes it.
    public var description: String { opened.source }
}

extension FieldKind {
    /// The kind's conformance, for what is known before a field has a state.
    var behavior: any FieldBehavior.Type {
        switch self {
        case .text: TextFieldReducer.self
        case .confirm: ConfirmFieldReducer.self
        case .select: SelectFieldReducer.self
        case .multiSelect: MultiSelectFieldReducer.self
        case .number: NumberFieldReducer.self
        case .date: DateFieldReducer.self
        }
    }
}

extension FieldBehavior {
    /// ``initialState(default:)`` as a ``FieldState``.
    static func initial(default defaultAnswer: FieldAnswer?) -> FieldState { wrap(initialState(default: defaultAnswer)) }
    /// ``initialState(of:)`` as a ``FieldState``.
    static func initial(of field: FieldSpec) -> FieldState { wrap(initialState(of: field)) }
}

/// A ``FieldState`` opened on its kind's conformance.
private protocol OpenedField {
    var kind: FieldKind { get }
    var wrapped: FieldState { get }
    var text: TextFieldReducer.State? { get }
    mutating func setText(_ text: TextFieldReducer.State)
    var answer: FieldAnswer { get }
    var source: String { get }
    var optionValues: (chosen: [String], highlight: String?) { get }
    mutating func apply(_ action: FieldAction, field: FieldSpec, say: (FlowEvent) -> Void) -> Bool
    mutating func submitting(field: FieldSpec, messages: RuleMessages, say: (FlowEvent) -> Void) -> String?
    mutating func textChanged(field: FieldSpec, say: (FlowEvent) -> Void)
    func failure(in check: FieldCheck) -> String?
    func actions(answering line: String, field: FieldSpec) -> [FieldAction]
}

private struct Opened<Kind: FieldBehavior>: OpenedField {
    var state: Kind.State

    init(_ state: Kind.State) { self.state = state }

    var kind: FieldKind { Kind.kind }
    var wrapped: FieldState { Kind.wrap(state) }
    var text: TextFieldReducer.State? { Kind.text(of: state) }
    mutating func setText(_ text: TextFieldReducer.State) { Kind.setText(text, in: &state) }
    var answer: FieldAnswer { Kind.answer(of: state) }
    var source: String { Kind.source(of: state) }
    var optionValues: (chosen: [String], highlight: String?) { Kind.optionValues(of: state) }
    mutating func apply(_ action: FieldAction, field: FieldSpec, say: (FlowEvent) -> Void) -> Bool {
        Kind.apply(action, to: &state, field: field, say: say)
    }
    mutating func submitting(field: FieldSpec, messages: RuleMessages, say: (FlowEvent) -> Void) -> String? {
        Kind.submitting(&state, field: field, messages: messages, say: say)
    }
    mutating func textChanged(field: FieldSpec, say: (FlowEvent) -> Void) { Kind.textChanged(&state, field: field, say: say) }
    func failure(in check: FieldCheck) -> String? { Kind.failure(of: state, in: check) }
    func actions(answering line: String, field: FieldSpec) -> [FieldAction] {
        Kind.actions(answering: line, field: field, state: state)
    }
}
