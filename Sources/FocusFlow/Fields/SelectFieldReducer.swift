/// One choice among a field's options, found with a filter that is a search field (the
/// search-field reducer's state).
///
/// The filter is a ``TextFieldReducer`` state (verbatim text, its own `changed`/`cleared`);
/// the visible options are those whose folded label contains the folded query (see
/// `SearchFold`). The highlight moves over the visible options; the choice and the highlight
/// survive every change of the filter, so an option filtered out stays chosen.
public struct SelectFieldReducer: Sendable {
    public struct State: Sendable, Hashable, Codable {
        /// The filter's query.
        public var filter: TextFieldReducer.State
        /// The chosen option's value; `nil` until one is chosen.
        public var choice: String?
        /// The highlighted option's value; `nil` before any move, which highlights the first option.
        public var highlight: String?

        public init(filter: String = "", choice: String? = nil, highlight: String? = nil) {
            self.filter = .init(text: filter)
            self.choice = choice
            self.highlight = highlight
        }
    }

    public enum Action: Sendable, Equatable {
        /// An action on the filter, handed to the ``TextFieldReducer``.
        case filter(TextFieldReducer.Action)
        case select(String)
        case highlight(Int)
    }

    public enum Effect: Sendable, Equatable {
        /// What the filter's text field said.
        case filter(TextFieldEvent)
        case chosen(old: String?, new: String?)
        case highlighted(old: String?, new: String?)
        /// A value that is none of the options; nothing changed.
        case rejected
    }

    let options: OptionList

    /// - Parameter options: the options, folded here once.
    public init(options: [FieldOption]) { self.options = OptionList(options) }

    init(list: OptionList) { options = list }

    /// The options visible under the filter, in option order.
    ///
    /// - Complexity: one `memchr`/`memcmp` pass over the folded labels; see `SearchFold`.
    public func visibleOptions(in state: State) -> [FieldOption] {
        options.visible(query: state.filter.text).map { options.options[$0] }
    }

    /// Applies `action`, handing each effect to `effect` in order.
    public func reduce(into state: inout State, action: Action, effect: (Effect) -> Void) {
        switch action {
        case .filter(let action):
            let before = state.filter.text
            options.filter(&state.filter, action) { effect(.filter($0)) }
            if !state.filter.text.isIdentical(to: before), let (old, new) = options.settle(&state.highlight, query: state.filter.text) {
                effect(.highlighted(old: old, new: new))
            }
        case .select(let value):
            guard let position = options.position(of: value) else { return effect(.rejected) }
            let new = options.options[position].value
            // The chosen option is highlighted, so that Enter (which takes the highlight) keeps it.
            if state.highlight.map({ !$0.isIdentical(to: new) }) ?? (position != 0) {
                let old = state.highlight
                state.highlight = new
                effect(.highlighted(old: old, new: new))
            }
            guard state.choice.map({ !$0.isIdentical(to: new) }) ?? true else { return }
            let old = state.choice
            state.choice = new
            effect(.chosen(old: old, new: new))
        case .highlight(let delta):
            guard let (old, new) = options.move(&state.highlight, by: delta, query: state.filter.text) else { return }
            effect(.highlighted(old: old, new: new))
        }
    }
}

extension OptionList {
    /// A choice field's filter: the action goes to the search-field reducer (``TextFieldReducer``), whose events
    /// `event` receives. Shared by select and multi-select.
    func filter(_ filter: inout TextFieldReducer.State, _ action: TextFieldReducer.Action, event: (TextFieldEvent) -> Void) {
        TextFieldReducer().reduce(into: &filter, action: action) { if case .notify(let said) = $0 { event(said) } }
    }

    /// Moves `highlight` by `delta` visible options from where it stands (see
    /// ``standing(_:among:)``), clamped at the ends. Returns the old and the new value, or `nil`
    /// when what is highlighted does not change (no option is visible, or the move is past an
    /// end). Shared by select and multi-select.
    func move(_ highlight: inout String?, by delta: Int, query: String) -> (old: String?, new: String)? {
        let visible = visible(query: query)
        guard let current = standing(highlight, among: visible) else { return nil }
        let target = min(max(current + delta, 0), visible.count - 1)
        guard target != current else { return nil }
        let old = highlight
        let new = options[visible[target]].value
        highlight = new
        return (old, new)
    }

    /// After a change of the filter to `query`: a highlight the filter hides goes to the first
    /// option it shows, as in every picker (typing `kor` highlights the first Korea, not where
    /// the option highlighted before would stand). Returns the old and the new value, or `nil`
    /// when the highlight stays (it is visible, or the filter shows nothing). Shared by select
    /// and multi-select.
    ///
    /// - Complexity: one search of the highlighted label; when the filter hides it, a search up
    ///   to the first label that matches.
    func settle(_ highlight: inout String?, query: String) -> (old: String?, new: String)? {
        let current = highlight.flatMap { position(of: $0) } ?? 0
        if shows(current, query: query) { return nil }
        guard let first = firstShown(query: query) else { return nil }
        let old = highlight
        let new = options[first].value
        highlight = new
        return (old, new)
    }

    /// Where `highlight` stands among `visible` (positions in option order): see
    /// ``standing(of:among:)``. With no highlight yet, the field's first option is highlighted,
    /// so the first visible one stands there. `nil` when no option is visible.
    ///
    /// This is the one rule for what a choice field highlights: what a screen marks, what Enter
    /// takes on a select, what a multi-select's toggle key toggles.
    func standing(_ highlight: String?, among visible: [Int]) -> Int? {
        Self.standing(of: highlight.flatMap { position(of: $0) } ?? 0, among: visible)
    }

    /// The position of the option highlighted under `query` (see ``standing(_:among:)``), or
    /// `nil` when the filter shows no option.
    func highlighted(_ highlight: String?, query: String) -> Int? {
        let visible = visible(query: query)
        return standing(highlight, among: visible).map { visible[$0] }
    }

    /// Where the option at `position` stands among `visible` (positions in option order): its
    /// own index when it is visible, else the first visible option after it, else the last.
    ///
    /// - Complexity: O(log *n*), a binary search.
    package static func standing(of position: Int, among visible: [Int]) -> Int? {
        guard !visible.isEmpty else { return nil }
        var low = 0, high = visible.count
        while low < high {
            let middle = (low + high) / 2
            if visible[middle] < position { low = middle + 1 } else { high = middle }
        }
        return min(low, visible.count - 1)
    }
}

/// The select kind: one of `options`, answered with its value; its filter is a search field (the
/// search-field reducer), which the flow edits in place as it edits a text field; `required`
/// asks for a choice.
extension SelectFieldReducer: FieldBehavior {
    /// Three to six options; a default one time in three.
    static func generated(draw: (Int) -> Int, matchable: [String]) -> GeneratedField {
        var field = GeneratedField.withOptions(3 + draw(4))
        if draw(3) < 1 { field.members.append(#""default":"\#(field.options[draw(field.options.count)])""#) }
        return field
    }

    /// `equals` one option, or `in` the first and the last.
    static func generatedCondition(options: [String], draw: (Int) -> Int) -> String {
        draw(2) < 1 ? #""equals":"\#(options[draw(options.count)])""# : #""in":["\#(options[0])","\#(options[options.count - 1])"]"#
    }

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
        default: return false
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

    /// A choice the new list lacks is let go with a note; a highlight it lacks goes back to the first option.
    static func optionsGiven(_ state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) {
        if let choice = state.choice, field.optionList.position(of: choice) == nil {
            state.choice = nil
            say(.optionDropped(field: field.id, value: choice))
            say(.chosen(field: field.id, old: choice, new: nil))
        }
        if let highlight = state.highlight, field.optionList.position(of: highlight) == nil { state.highlight = nil }
    }

    static func failure(of state: State, in check: FieldCheck) -> String? {
        let field = check.field
        guard state.choice == nil && field.rules.required else { return nil }
        // The options as the screen shows them: their labels, never the values a script reads.
        return check.fail(check.messages.chooseOne(field.label, field.options.map(\.label)))
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
    /// `Delivery: choose one of Post, Pick up in store.`: the options' labels, as the screen shows them.
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
        default: false
        }
    }
}

extension FieldSpec {
    /// A select field: one of `options`, found with a filter.
    ///
    /// ```swift
    /// .select("country", label: "Country", options: [.init(value: "kr", label: "Korea"), "jp"], required: true)
    /// ```
    ///
    /// - Parameters:
    ///   - id: the field's id, unique in the flow.
    ///   - label: what the field asks; its id when `nil`.
    ///   - options: the options, in the order shown; at least one, unless `optionsFrom` names a service.
    ///   - placeholder: shown dim while the filter is empty.
    ///   - hint: one line of help under the field.
    ///   - default: the value of the option chosen at the start.
    ///   - required: whether an option must be chosen.
    ///   - message: said instead of the default message when a rule fails.
    ///   - when: shows the field only when an earlier answer satisfies this.
    ///   - check: the host's check of the answer before the walk moves on.
    ///   - send: what the host sends when the walk first reaches the field.
    ///   - prefill: whether anything but the person may answer the field.
    ///   - section: the section the field belongs to (``FieldSpec/section``).
    ///   - source: the service that gives the options as the walk goes (``OptionSource``);
    ///     `options` is then empty.
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func select(
        _ id: FieldID, label: String? = nil, options: [FieldOption], placeholder: String? = nil, hint: String? = nil,
        default: String? = nil, required: Bool = false, message: String? = nil, when: FieldCondition? = nil, check: String? = nil,
        send: FieldSend? = nil, prefill: Bool = true, section: String? = nil,
        localizedText: [Text: LocalizedText] = [:], optionsFrom source: OptionSource? = nil
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .select, label: label, placeholder: placeholder, hint: hint, options: options,
            default: `default`.map(FieldAnswer.choice), rules: FieldRules(required: required, message: message), when: when)
        field.optionSource = source
        field.finishMaking(check: check, send: send, prefill: prefill, section: section, localizedText: localizedText)
        return field
    }
}

extension SelectFieldReducer {
    /// One of the options' values, or `null`; shown, a required one is answered. Options the
    /// service gives are any string here, as `verify` takes them without a list.
    static func answerSchema(of field: FieldSpec, messages: RuleMessages) -> AnswerSchemaPart {
        var part = AnswerSchemaPart(
            type: field.optionSource == nil
                ? .object(("enum", .array(field.options.map { .string($0.value) } + [.null])))
                : .object(("type", .strings(["string", "null"]))),
            empty: .const(.null))
        if let source = field.optionSource { part.notes.append(messages.schemaOptionsFrom(source.name)) }
        if field.rules.required {
            part.required = true
            part.rules = .object(("type", .string("string")))
        }
        return part
    }
}

extension RuleMessages {
    /// Said of options the service gives.
    func schemaOptionsFrom(_ source: String) -> String {
        switch language {
        case .en: "One of the options the source \"\(source)\" gives, which the schema cannot know."
        case .ko: "\"\(source)\"에서 받는 선택지 중 하나이며, 스키마는 그 목록을 알 수 없습니다."
        }
    }
}

extension SelectFieldReducer {
    /// No answer, each option compared and one option none compares (a list the service gives
    /// may hold any value).
    static func conditionCandidates(of field: FieldSpec, testedBy tests: [FieldCondition.Test], passes: (FieldAnswer) -> Bool) -> [FieldAnswer]? {
        var values: [String] = []
        for case .string(let text) in tests.flatMap(\.values) where !values.contains(text) { values.append(text) }
        var list: [FieldAnswer] = [.choice(nil)]
        if field.optionSource != nil {
            list += values.map(FieldAnswer.choice) + [.choice("\u{E000}")]
            return list.filter { $0 == .choice(nil) ? passes($0) : true }
        }
        list += values.filter { value in field.options.contains { $0.value == value } }.map(FieldAnswer.choice)
        if let other = field.options.first(where: { !values.contains($0.value) }) { list.append(.choice(other.value)) }
        return list.filter(passes)
    }
}

extension SelectFieldReducer {
    /// The option chosen.
    static func schema(equalTo value: FieldCondition.Value, field: FieldSpec) -> SchemaNode? {
        if case .string(let text) = value { .const(.string(text)) } else { .bool(false) }
    }
}
