/// The text kind: the seed's search field, whose text the flow edits in place (the keystroke
/// path), checked by `required`, `minLength`, `maxLength`, `pattern`, `oneOf` and `matches`.
extension TextFieldReducer: FieldBehavior {
    static var kind: FieldKind { .text }
    static func wrap(_ state: State) -> FieldState { .text(state) }

    static var typesAnswer: Bool { true }
    static var hasOptions: Bool { false }
    static var answerType: AnswerShape { .string }
    static var conditionType: AnswerShape { .string }
    static var ruleKeys: Set<String> { ["minLength", "maxLength", "pattern", "matches", "oneOf"] }

    static func decodeDefault(from container: KeyedDecodingContainer<AnyKey>) throws -> FieldAnswer {
        .text(try container.decode(String.self, forKey: "default"))
    }

    static func defaultAnswer(_ value: FlowFileDefault) -> FieldAnswer? {
        if case .string(let text) = value { .text(text) } else { nil }
    }

    static func checkDefault(_ value: FieldAnswer, of field: FieldSpec, path: String) throws -> Bool {
        if case .text = value { true } else { false }
    }

    static func checkCondition(_ value: FieldCondition.Value, source: FieldSpec, path: String) throws -> Bool {
        if case .string = value { true } else { false }
    }

    static func initialState(default defaultAnswer: FieldAnswer?) -> State {
        if case .text(let text)? = defaultAnswer { State(text: text) } else { State() }
    }

    static func answer(of state: State) -> FieldAnswer { .text(state.text) }
    static func text(of state: State) -> State? { state }
    static func setText(_ text: State, in state: inout State) { state = text }
    static func source(of state: State) -> String { ".text(.init(text: \(state.text.debugDescription)))" }
    static func optionValues(of state: State) -> (chosen: [String], highlight: String?) { ([], nil) }

    static func textAction(for action: FieldAction) -> Action? {
        action.textAction
    }

    /// Every action a text field takes is its text's (``textAction(for:)``); the rest change nothing.
    static func apply(_ action: FieldAction, to state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) -> Bool { false }

    static func failure(of state: State, in check: FieldCheck) -> String? {
        let field = check.field, rules = field.rules, value = state.text, say = check.messages
        // A value of only white space (spaces, tabs, an ideographic space) says nothing: `required`
        // refuses it as it refuses an empty one.
        if rules.required, value.allSatisfy(\.isWhitespace) { return check.fail(say.required(field.label)) }
        if value.isEmpty {
            if let (label, other) = check.matched, !other.isEmpty { return check.fail(say.doesNotMatch(field.label, label)) }
            return nil
        }
        if let min = rules.minLength, value.count < min {
            return check.fail(say.atLeastCharacters(field.label, min))
        }
        if let max = rules.maxLength, value.count > max {
            return check.fail(say.atMostCharacters(field.label, max))
        }
        if let pattern = rules.compiled, !pattern.matches(value) {
            return check.fail(say.notInFormat(field.label))
        }
        if let options = rules.oneOf, !options.contains(where: { $0.isIdentical(to: value) }) {
            return check.fail(say.oneOf(field.label, options))
        }
        if let (label, other) = check.matched, !other.isIdentical(to: value) {
            return check.fail(say.doesNotMatch(field.label, label))
        }
        return nil
    }

    /// The line, verbatim.
    static func actions(answering line: String, field: FieldSpec, state: State) -> [FieldAction] {
        [.textChanged(line)]
    }

    /// Text, of characters the keyboard takes: what it refuses could not be typed, so it cannot
    /// be prefilled either.
    static func prefilled(_ answer: FieldAnswer, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        guard case .text(let text) = answer else { throw wrongType(field) }
        if let refused = field.keyboard.firstRefused(in: text) {
            throw PrefillError(.wrongType, field: field.id, detail: .refusedCharacter(field.id.rawValue, label: field.label, character: field.secure ? nil : String(refused), keyboard: field.keyboard))
        }
        return answer
    }

    /// The text itself.
    static func answer(setting text: String, field: FieldSpec) throws(PrefillError) -> FieldAnswer { .text(text) }

    static func state(holding answer: FieldAnswer) -> State {
        if case .text(let text) = answer { State(text: text) } else { State() }
    }
}
