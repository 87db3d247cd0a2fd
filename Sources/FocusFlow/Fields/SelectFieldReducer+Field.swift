/// The select kind: one of `options`, answered with its value; its filter is the seed's search
/// field, which the flow edits in place as it edits a text field; `required` asks for a choice.
extension SelectFieldReducer: FieldBehavior {
    static var kind: FieldKind { .select }
    static func wrap(_ state: State) -> FieldState { .select(state) }

    static var typesAnswer: Bool { false }
    static var hasOptions: Bool { true }
    static var checksField: Bool { false }
    static var answerType: AnswerShape { .optionValue }
    static var conditionType: AnswerShape { .optionValue }
    static var ruleKeys: Set<String> { [] }

    static func decodeDefault(from container: KeyedDecodingContainer<AnyKey>) throws -> FieldAnswer {
        .choice(try container.decode(String.self, forKey: "default"))
    }

    static func defaultAnswer(_ value: FlowFileDefault) -> FieldAnswer? {
        if case .string(let choice) = value { .choice(choice) } else { nil }
    }

    static func checkDefault(_ value: FieldAnswer, of field: FieldSpec, path: String) throws -> Bool {
        guard case .choice(let choice) = value else { return false }
        if let choice { try field.checkOption(choice, path: path, source: nil) }
        return true
    }

    static func checkCondition(_ value: FieldCondition.Value, source: FieldSpec, path: String) throws -> Bool {
        guard case .string(let text) = value else { return false }
        try source.checkOption(text, path: path, source: source.id)
        return true
    }

    static func initialState(default defaultAnswer: FieldAnswer?) -> State {
        if case .choice(let value)? = defaultAnswer { State(choice: value, highlight: value) } else { State() }
    }

    static func answer(of state: State) -> FieldAnswer { .choice(state.choice) }
    static func text(of state: State) -> TextFieldReducer.State? { state.filter }
    static func setText(_ text: TextFieldReducer.State, in state: inout State) { state.filter = text }

    static func source(of state: State) -> String {
        ".select(.init(filter: \(state.filter.text.debugDescription), choice: \(state.choice?.debugDescription ?? "nil"), highlight: \(state.highlight?.debugDescription ?? "nil")))"
    }

    static func optionValues(of state: State) -> (chosen: [String], highlight: String?) {
        (state.choice.map { [$0] } ?? [], state.highlight)
    }

    /// The filter's: text, `clear` and `submit` (Enter submits the field, as in a text field).
    static func textAction(for action: FieldAction) -> TextFieldReducer.Action? {
        action.textAction
    }

    static func apply(_ action: FieldAction, to state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) -> Bool {
        let own: Action
        switch action {
        case .select(let value): own = .select(value)
        case .highlight(let delta): own = .highlight(delta)
        case .textChanged, .submit, .clear, .set, .toggle, .step: return false
        }
        let id = field.id
        SelectFieldReducer(list: field.optionList).reduce(into: &state, action: own) { effect in
            switch effect {
            case .chosen(let old, let new): say(.chosen(field: id, old: old, new: new))
            case .highlighted(let old, let new): say(.highlighted(field: id, from: old, to: new))
            case .rejected: say(.rejected(field: id))
            case .filter: break  // The flow runs the filter in place: see textAction(for:).
            }
        }
        return false
    }

    /// Enter takes the highlighted option (the first visible one until the highlight moves), as
    /// the screen marks it; a filter that shows no option refuses the submit.
    static func submitting(_ state: inout State, field: FieldSpec, messages: RuleMessages, say: (FlowEvent) -> Void) -> String? {
        guard let position = field.optionList.highlighted(state.highlight, query: state.filter.text) else {
            return field.options.isEmpty ? nil : messages.noOptionMatches(field.label)
        }
        _ = apply(.select(field.options[position].value), to: &state, field: field, say: say)
        return nil
    }

    /// A highlight the new filter hides goes to the first option it shows.
    static func textChanged(_ state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) {
        guard let (old, new) = field.optionList.settle(&state.highlight, query: state.filter.text) else { return }
        say(.highlighted(field: field.id, from: old, to: new))
    }

    static func failure(of state: State, in check: FieldCheck) -> String? {
        let field = check.field
        guard state.choice == nil && field.rules.required else { return nil }
        return check.fail(check.messages.chooseOne(field.label, field.options.map(\.value)))
    }

    /// An option's number (from 1), value or label; an empty line keeps the choice. A line that
    /// names no option becomes a `select` of it, which the field rejects.
    static func actions(answering line: String, field: FieldSpec, state: State) -> [FieldAction] {
        let trimmed = LineAnswer.trimmed(line[...])
        if trimmed.isEmpty { return [] }
        return [.select(LineAnswer.option(trimmed, of: field) ?? trimmed)]
    }

    /// One of the field's option values (a string), or `null` for none chosen.
    static func prefilled(_ answer: FieldAnswer, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        switch answer {
        case .text(let value), .choice(let value?): .choice(try field.prefilledOption(value))
        case .choice(nil): answer
        default: throw wrongType(field)
        }
    }

    /// An option's value.
    static func answer(setting text: String, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        try prefilled(.text(text), field: field)
    }

    static func state(holding answer: FieldAnswer) -> State {
        if case .choice(let value) = answer { State(choice: value, highlight: value) } else { State() }
    }
}

extension RuleMessages {
    /// `Plan: choose one of a, b.`
    public func chooseOne(_ label: String, _ options: [String]) -> String {
        switch language {
        case .en: "\(label): choose one of \(options.joined(separator: ", "))."
        case .ko: "\(label): 다음 중 하나를 고르세요: \(options.joined(separator: ", "))."
        }
    }

    /// `Country: the filter shows no option to choose.`, when Enter is pressed on a select whose
    /// filter shows no option.
    public func noOptionMatches(_ label: String) -> String {
        switch language {
        case .en: "\(label): the filter shows no option to choose."
        case .ko: "\(label): 검색어에 맞는 선택지가 없어 고를 수 없습니다."
        }
    }
}

extension SelectFieldReducer {
    /// The actions the kind takes: its filter's, `select` and `highlight`.
    static func takes(_ action: FieldAction) -> Bool {
        switch action {
        case .textChanged, .submit, .clear, .select, .highlight: true
        case .set, .toggle, .step: false
        }
    }
}
