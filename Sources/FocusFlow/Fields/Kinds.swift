// The kinds, listed: their names (`FieldKind`), their states (`FieldState`, with the one
// switch that opens a state on its kind's conformance, and `FieldKind.behavior`) and the types
// of their answers (`FieldAnswer`). A new kind adds its line to the first two lists here, and a
// case to the third only for an answer of a type no kind has yet; everything else it is lives in
// its reducer's file and its screen's.

/// What a field asks for, and so which reducer holds its state.
///
/// Adding a kind touches its reducer's file in `Fields/` (the reducer and its `FieldBehavior`
/// conformance: its keys, rules, checks and messages), this file (its case here, in
/// ``FieldState`` and in `behavior`; ``FieldAnswer`` only for an answer of a new type),
/// ``FieldAction`` and the request table only for an action no kind takes yet, its terminal
/// screen's file and `Flows/flow.schema.json` (docs/architecture.md lists the files).
public enum FieldKind: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Free text, typed with a keyboard: the search-field reducer, ``TextFieldReducer``.
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

    /// How many of `field`'s options `check` chooses at least: enough to meet and break its
    /// count rules (two for most kinds).
    package func optionsToChoose(in field: FieldSpec) -> Int { behavior.optionsToChoose(in: field) }

    /// A field of this kind with random rules, for generated flows (see `FieldBehavior`).
    package func generated(draw: (Int) -> Int, matchable: [String]) -> GeneratedField { behavior.generated(draw: draw, matchable: matchable) }

    /// A random `when` test on a field of this kind holding `options`, for generated flows.
    package func generatedCondition(options: [String], draw: (Int) -> Int) -> String { behavior.generatedCondition(options: options, draw: draw) }

    /// Whether a field of this kind takes `action` (its value aside).
    public func takes(_ action: FieldAction) -> Bool { behavior.takes(action) }

    /// The texts of `field`'s own keys a screen may show (a text's `oneOf`).
    package func shownTexts(of field: FieldSpec) -> [String] { behavior.shownTexts(of: field).flatMap(\.texts) }

    public var description: String { rawValue }
}

/// One field's state, whatever its kind: the state of that kind's reducer.
///
/// This is the one switch over the kinds (`opened`): everything else it answers is the kind's
/// `FieldBehavior` conformance, in the kind's own file.
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

    /// What a new list of options from the service does (see ``FieldBehavior/optionsGiven(_:field:say:)``).
    mutating func optionsGiven(field: FieldSpec, say: (FlowEvent) -> Void) {
        var opened = opened
        opened.optionsGiven(field: field, say: say)
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
    /// The kind's reducer type, whose name is how a front's source names the kind.
    package var reducerType: Any.Type { behavior }

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
    mutating func optionsGiven(field: FieldSpec, say: (FlowEvent) -> Void)
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
    mutating func optionsGiven(field: FieldSpec, say: (FlowEvent) -> Void) { Kind.optionsGiven(&state, field: field, say: say) }
    func failure(in check: FieldCheck) -> String? { Kind.failure(of: state, in: check) }
    func actions(answering line: String, field: FieldSpec) -> [FieldAction] {
        Kind.actions(answering: line, field: field, state: state)
    }
}

/// A field's answer, typed by its kind.
public enum FieldAnswer: Sendable, Hashable, Codable {
    /// A text field's text, verbatim.
    case text(String)
    /// A confirm field's answer; `nil` when not answered.
    case bool(Bool?)
    /// A select field's chosen value; `nil` when nothing is chosen.
    case choice(String?)
    /// A multi-select field's chosen values, in option order.
    case choices([String])
    /// A number field's value; `nil` when not answered.
    case number(Double?)
    /// A date field's ISO 8601 calendar date (`1990-04-23`); `nil` when not answered.
    case date(String?)

    /// Whether the answer says anything: text that is not empty, a yes or no, a choice, at
    /// least one of several. `when: {"notEmpty": true}` and `required` read this.
    public var isEmpty: Bool {
        switch self {
        case .text(let text): text.isEmpty
        case .bool(let value): value == nil
        case .choice(let value): value == nil
        case .choices(let values): values.isEmpty
        case .number(let value): value == nil
        case .date(let value): value == nil
        }
    }

    /// The answer as JSON: a string, `true`/`false`, an array of strings, a number (whole
    /// numbers without `.0`), or `null`.
    public var json: String {
        var out = JSONWriter(capacity: 32)
        write(into: &out)
        return out.text
    }

    package func write(into out: inout JSONWriter) {
        switch self {
        case .text(let text): out.string(text)
        case .bool(let value?): out.bool(value)
        case .choice(let value?): out.string(value)
        case .number(let value?): out.raw(JSONText.number(value))
        case .date(let value?): out.string(value)
        case .bool(nil), .choice(nil), .number(nil), .date(nil): out.raw("null")
        case .choices(let values):
            out.raw("[")
            for (index, value) in values.enumerated() {
                if index > 0 { out.raw(",") }
                out.string(value)
            }
            out.raw("]")
        }
    }
}

extension FieldAnswer: CustomStringConvertible {
    /// Swift source for the answer: `"ada"`, `true`, `nil`, `["sms", "email"]`.
    public var description: String {
        switch self {
        case .text(let text): text.debugDescription
        case .bool(let value): value.map(String.init) ?? "nil"
        case .choice(let value): value?.debugDescription ?? "nil"
        case .choices(let values): "[" + values.map(\.debugDescription).joined(separator: ", ") + "]"
        case .number(let value): value.map(JSONText.number) ?? "nil"
        case .date(let value): value?.debugDescription ?? "nil"
        }
    }
}

extension FieldAnswer {
    /// The answer as text: a text verbatim, a choice's value, `true`/`false`, choices joined by
    /// commas; empty when not answered.
    public var plainText: String {
        switch self {
        case .text(let text): text
        case .bool(let flag): flag.map(String.init) ?? ""
        case .choice(let value): value ?? ""
        case .choices(let values): values.joined(separator: ",")
        case .number(let value): value.map(JSONText.number) ?? ""
        case .date(let value): value ?? ""
        }
    }

    /// Whether the answer is `value`, as a `when` compares: the text byte for byte, the yes or
    /// no, the choice, or one of the choices.
    func matches(_ value: FieldCondition.Value) -> Bool {
        switch (self, value) {
        case (.text(let text), .string(let expected)): text.isIdentical(to: expected)
        case (.bool(let flag?), .bool(let expected)): flag == expected
        case (.choice(let choice?), .string(let expected)): choice.isIdentical(to: expected)
        case (.choices(let values), .string(let expected)): values.contains { $0.isIdentical(to: expected) }
        case (.number(let number?), .number(let expected)): number == expected
        case (.date(let date?), .string(let expected)): date == expected
        default: false
        }
    }

    /// Whether the answer is within `min` and `max` (inclusive, each optional), as a `when`
    /// with bounds compares: a number with numbers, a text with texts in code point order (an
    /// ISO 8601 date's order). An unanswered field, or a bound of another type, is within none.
    func isWithin(min: FieldCondition.Value?, max: FieldCondition.Value?) -> Bool {
        func holds(_ bound: FieldCondition.Value?, _ order: (Int) -> Bool) -> Bool {
            switch (self, bound) {
            case (_, nil): !isEmpty
            case (.number(let value?), .number(let limit)?): order(value < limit ? -1 : value > limit ? 1 : 0)
            case (.text(let text), .string(let limit)?) where !text.isEmpty, (.date(let text?), .string(let limit)?):
                order(text.unicodeScalars.lexicographicallyPrecedes(limit.unicodeScalars) ? -1 : text == limit ? 0 : 1)
            default: false
            }
        }
        return holds(min) { $0 >= 0 } && holds(max) { $0 <= 0 }
    }

    /// Writes the answer under `key`, an unanswered one as `null`, as a snapshot keeps it.
    func encode<Key: CodingKey>(orNullTo container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case .text(let text): try container.encode(text, forKey: key)
        case .bool(let value): try container.encode(value, forKey: key)
        case .choice(let value): try container.encode(value, forKey: key)
        case .choices(let values): try container.encode(values, forKey: key)
        case .number(let value): try container.encode(value, forKey: key)
        case .date(let value): try container.encode(value, forKey: key)
        }
    }

    /// Writes the answer as a flow file's `"default"` under `key`; an unanswered one writes nothing.
    func encode(to container: inout KeyedEncodingContainer<AnyKey>, forKey key: AnyKey) throws {
        switch self {
        case .text(let text): try container.encode(text, forKey: key)
        case .bool(let flag?): try container.encode(flag, forKey: key)
        case .choice(let value?): try container.encode(value, forKey: key)
        case .choices(let values): try container.encode(values, forKey: key)
        case .number(let value?): try container.encode(value, forKey: key)
        case .date(let value?): try container.encode(value, forKey: key)
        case .bool(nil), .choice(nil), .number(nil), .date(nil): break
        }
    }
}

/// An answer as JSON gives it, before its field's kind types it.
struct LooseAnswer: Decodable {
    var answer: FieldAnswer

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            answer = .choice(nil)
        } else if let flag = try? container.decode(Bool.self) {
            answer = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            answer = .number(number)
        } else if let text = try? container.decode(String.self) {
            answer = .text(text)
        } else {
            answer = .choices(try container.decode([String].self))
        }
    }
}
