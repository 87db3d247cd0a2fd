/// Several choices among a field's options, with the same filter and highlight as
/// ``SelectFieldReducer``. The chosen values are kept in option order, whatever order they
/// were toggled in, and an option filtered out stays chosen.
public struct MultiSelectFieldReducer: Sendable {
    public struct State: Sendable, Hashable, Codable {
        public var filter: TextFieldReducer.State
        /// The chosen values, in option order.
        public var chosen: [String]
        public var highlight: String?

        public init(filter: String = "", chosen: [String] = [], highlight: String? = nil) {
            self.filter = .init(text: filter)
            self.chosen = chosen
            self.highlight = highlight
        }
    }

    public enum Action: Sendable, Equatable {
        case filter(TextFieldReducer.Action)
        case toggle(String)
        case highlight(Int)
    }

    public enum Effect: Sendable, Equatable {
        case filter(TextFieldEvent)
        /// The option `value` was chosen (`selected`) or let go.
        case toggled(value: String, selected: Bool)
        case highlighted(old: String?, new: String?)
        case rejected
    }

    let options: OptionList

    public init(options: [FieldOption]) { self.options = OptionList(options) }

    init(list: OptionList) { options = list }

    /// The options visible under the filter, in option order.
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
        case .toggle(let value):
            guard let position = options.position(of: value) else { return effect(.rejected) }
            let value = options.options[position].value
            if let index = state.chosen.firstIndex(where: { $0.isIdentical(to: value) }) {
                state.chosen.remove(at: index)
                effect(.toggled(value: value, selected: false))
            } else {
                let at = state.chosen.firstIndex { (options.position(of: $0) ?? 0) > position } ?? state.chosen.endIndex
                state.chosen.insert(value, at: at)
                effect(.toggled(value: value, selected: true))
            }
        case .highlight(let delta):
            guard let (old, new) = options.move(&state.highlight, by: delta, query: state.filter.text) else { return }
            effect(.highlighted(old: old, new: new))
        }
    }
}

/// The multiSelect kind: several of `options`, answered with their values in option order; the
/// same filter as select; `required`, `minSelected` and `maxSelected` count the choices.
extension MultiSelectFieldReducer: FieldBehavior {
    /// Three to six options; a `minSelected` one time in two, a `maxSelected` one time in three.
    static func generated(draw: (Int) -> Int, matchable: [String]) -> GeneratedField {
        var field = GeneratedField.withOptions(3 + draw(4))
        if draw(2) < 1 { field.rules.append(#""minSelected":\#(1 + draw(2))"#) }
        if draw(3) < 1 { field.rules.append(#""maxSelected":\#(2 + draw(2))"#) }
        return field
    }

    /// `equals` one option, or `in` the first and the last.
    static func generatedCondition(options: [String], draw: (Int) -> Int) -> String {
        draw(2) < 1 ? #""equals":"\#(options[draw(options.count)])""# : #""in":["\#(options[0])","\#(options[options.count - 1])"]"#
    }

    /// Options in order up to one past `maxSelected` (else `minSelected`): its counts met and broken.
    static func optionsToChoose(in field: FieldSpec) -> Int {
        min(field.options.count, (field.rules.maxSelected ?? field.rules.minSelected ?? 1) + 1)
    }

    static var kind: FieldKind { .multiSelect }
    static func wrap(_ state: State) -> FieldState { .multiSelect(state) }

    static var typesAnswer: Bool { false }
    static var hasOptions: Bool { true }
    static var checksField: Bool { false }
    static var answerType: AnswerShape { .optionValues }
    /// A `when` asks whether one value is among the choices.
    static var conditionType: AnswerShape { .optionValue }
    static var ruleKeys: Set<String> { ["minSelected", "maxSelected"] }

    static func decodeDefault(from container: KeyedDecodingContainer<AnyKey>) throws -> FieldAnswer {
        .choices(try container.decode([String].self, forKey: "default"))
    }

    static func defaultAnswer(_ value: FlowFileDefault) -> FieldAnswer? {
        if case .strings(let chosen) = value { .choices(chosen) } else { nil }
    }

    /// Option values, no more of them than `maxSelected`: choosing could never keep more.
    static func checkDefault(_ value: FieldAnswer, of field: FieldSpec, path: String) throws -> Bool {
        guard case .choices(let chosen) = value else { return false }
        for value in chosen { try field.checkOption(value, path: path, source: nil) }
        if let max = field.rules.maxSelected, max >= 1, chosen.count > max {
            throw FlowSpecError(
                path: path,
                reason: .kind(
                    KindProblem(
                        english: "the default chooses \(chosen.count) options, more than maxSelected (\(max)) allows; no one could keep it",
                        korean: "기본값이 선택지를 \(chosen.count)개 골라 maxSelected(\(max))보다 많아 아무도 그대로 둘 수 없습니다")))
        }
        return true
    }

    static func checkCondition(_ value: FieldCondition.Value, source: FieldSpec, path: String) throws -> Bool {
        guard case .string(let text) = value else { return false }
        try source.checkOption(text, path: path, source: source.id)
        return true
    }

    static func initialState(default defaultAnswer: FieldAnswer?) -> State {
        if case .choices(let values)? = defaultAnswer { State(chosen: values) } else { State() }
    }

    static func answer(of state: State) -> FieldAnswer { .choices(state.chosen) }
    static func text(of state: State) -> TextFieldReducer.State? { state.filter }
    static func setText(_ text: TextFieldReducer.State, in state: inout State) { state.filter = text }

    static func source(of state: State) -> String {
        ".multiSelect(.init(filter: \(state.filter.text.debugDescription), chosen: [\(state.chosen.map(\.debugDescription).joined(separator: ", "))], highlight: \(state.highlight?.debugDescription ?? "nil")))"
    }

    static func optionValues(of state: State) -> (chosen: [String], highlight: String?) { (state.chosen, state.highlight) }

    /// The filter's: text, `clear` and `submit` (Enter accepts the choices).
    static func textAction(for action: FieldAction) -> TextFieldReducer.Action? {
        action.textAction
    }

    static func apply(_ action: FieldAction, to state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) -> Bool {
        let own: Action
        switch action {
        case .toggle(let value):
            // Choosing one more than `maxSelected` allows is refused; letting one go never is.
            if let max = field.rules.maxSelected, state.chosen.count >= max, let position = field.optionList.position(of: value),
                !state.chosen.contains(where: { $0.isIdentical(to: field.options[position].value) })
            {
                say(.rejected(field: field.id))
                return false
            }
            own = .toggle(value)
        case .highlight(let delta): own = .highlight(delta)
        default: return false
        }
        let id = field.id
        MultiSelectFieldReducer(list: field.optionList).reduce(into: &state, action: own) { effect in
            switch effect {
            case .toggled(let value, let selected): say(.toggled(field: id, value: value, selected: selected))
            case .highlighted(let old, let new): say(.highlighted(field: id, from: old, to: new))
            case .rejected: say(.rejected(field: id))
            case .filter: break  // The flow runs the filter in place: see textAction(for:).
            }
        }
        return false
    }

    /// A highlight the new filter hides goes to the first option it shows.
    /// Each choice the new list lacks is let go with a note, the others put in the list's order;
    /// a highlight it lacks goes back to the first option.
    static func optionsGiven(_ state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) {
        let list = field.optionList
        for value in state.chosen where list.position(of: value) == nil {
            say(.optionDropped(field: field.id, value: value))
            say(.toggled(field: field.id, value: value, selected: false))
        }
        state.chosen = state.chosen.compactMap { value in list.position(of: value).map { ($0, value) } }.sorted { $0.0 < $1.0 }.map(\.1)
        if let highlight = state.highlight, list.position(of: highlight) == nil { state.highlight = nil }
    }

    static func textChanged(_ state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) {
        guard let (old, new) = field.optionList.settle(&state.highlight, query: state.filter.text) else { return }
        say(.highlighted(field: field.id, from: old, to: new))
    }

    static func failure(of state: State, in check: FieldCheck) -> String? {
        let field = check.field, rules = field.rules, count = state.chosen.count
        if count == 0 && rules.required && rules.minSelected == nil { return check.fail(check.messages.chooseAny(field.label)) }
        if let min = rules.minSelected, count < min { return check.fail(check.messages.chooseAtLeast(field.label, min)) }
        if let max = rules.maxSelected, count > max { return check.fail(check.messages.chooseAtMost(field.label, max)) }
        return nil
    }

    /// A comma-separated list of numbers, values or labels, spaces around commas ignored; a comma
    /// inside a value is written `\,`. The field ends up with exactly those chosen (the toggles
    /// that get there); an empty line keeps the current choices. An item that names no option
    /// becomes a `toggle` of it, which the field rejects.
    static func actions(answering line: String, field: FieldSpec, state: State) -> [FieldAction] {
        let trimmed = LineAnswer.trimmed(line[...])
        if trimmed.isEmpty { return [] }
        var items: [String] = [], current = ""
        var escaped = false
        for character in trimmed {
            if escaped {
                current.append(character); escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                items.append(current); current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current)
        var wanted: [String] = []
        for item in items.map({ LineAnswer.trimmed($0[...]) }) where !item.isEmpty {
            guard let value = LineAnswer.option(item, of: field) else { return [.toggle(item)] }
            if !wanted.contains(value) { wanted.append(value) }
        }
        // The ones to let go first, then the ones to choose: a line that swaps choices at
        // `maxSelected` never passes it on the way (the choices keep option order either way).
        let chosen = state.chosen
        let changed = field.options.map(\.value).filter { wanted.contains($0) != chosen.contains($0) }
        return (changed.filter(chosen.contains) + changed.filter { !chosen.contains($0) }).map { .toggle($0) }
    }

    /// A list of the field's option values, kept in option order, each once.
    static func prefilled(_ answer: FieldAnswer, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        switch answer {
        case .choices(let values):
            var chosen: [String] = []
            for value in values {
                let option = try field.prefilledOption(value)
                // Each option is chosen once: a walk never writes one twice.
                if chosen.contains(where: { $0.isIdentical(to: option) }) {
                    throw PrefillError(.wrongType, field: field.id, detail: .optionTwice(option, field.id.rawValue))
                }
                chosen.append(option)
            }
            // Options from the service: held to the list, and put in its order, once it arrives.
            if field.optionSource != nil { return .choices(chosen) }
            return .choices(field.options.map(\.value).filter(chosen.contains))
        case .choice(nil): return .choices([])
        default: throw wrongType(field)
        }
    }

    /// Option values separated by commas, spaces around them ignored.
    static func answer(setting text: String, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        let values = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
        return try prefilled(.choices(values), field: field)
    }

    static func state(holding answer: FieldAnswer) -> State {
        if case .choices(let values) = answer { State(chosen: values) } else { State() }
    }
}

extension MultiSelectFieldReducer {
    static var ownRules: [KindKey] { [KindKey("minSelected", .count), KindKey("maxSelected", .count)] }

    /// `minSelected` is 0 or more and no more than the options, `maxSelected` 1 or more, and
    /// `minSelected` not above `maxSelected`.
    static func checkRules(of field: FieldSpec, path: String, problems: ProblemSink) throws {
        let rules = field.rules
        try problems.each {
            try FieldRules.checkCount("minSelected", rules.minSelected, least: 0, path: path)
            // A choice without options is said to need one already.
            if let min = rules.minSelected, min > field.options.count, !field.options.isEmpty {
                throw FlowSpecError(path: "\(path).minSelected", reason: .moreThanOptions(min, options: field.options.count))
            }
        }
        try problems.each { try FieldRules.checkCount("maxSelected", rules.maxSelected, least: 1, path: path) }
        if let max = rules.maxSelected, max >= 1 {
            try problems.each { try FieldRules.checkCount("minSelected", rules.minSelected, least: 0, notAbove: ("maxSelected", max), path: path) }
        }
    }
}

extension FieldRules {
    /// A multi-select field's rules: `required`, `minSelected`, `maxSelected`.
    public init(required: Bool = false, minSelected: Int? = nil, maxSelected: Int? = nil, message: String? = nil) {
        self.init(required: required, pattern: nil, message: message)
        self.minSelected = minSelected
        self.maxSelected = maxSelected
    }

    /// A multi-select field needs at least this many options chosen.
    public var minSelected: Int? {
        get { kindRules[count: "minSelected"] }
        set { kindRules[count: "minSelected"] = newValue }
    }

    /// A multi-select field allows at most this many options chosen.
    public var maxSelected: Int? {
        get { kindRules[count: "maxSelected"] }
        set { kindRules[count: "maxSelected"] = newValue }
    }
}

extension RuleMessages {
    /// `Topics: choose at least one option.`
    public func chooseAny(_ label: String) -> String {
        switch language {
        case .en: "\(label): choose at least one option."
        case .ko: "\(label): 하나 이상 고르세요."
        }
    }

    /// `Topics: choose at least 2 options.`
    public func chooseAtLeast(_ label: String, _ count: Int) -> String {
        switch language {
        case .en: "\(label): choose at least \(count) option\(count == 1 ? "" : "s")."
        case .ko: "\(label): \(count)개 이상 고르세요."
        }
    }

    /// `Topics: choose at most 2 options.`
    public func chooseAtMost(_ label: String, _ count: Int) -> String {
        switch language {
        case .en: "\(label): choose at most \(count) option\(count == 1 ? "" : "s")."
        case .ko: "\(label): \(count)개 이하로 고르세요."
        }
    }
}

extension MultiSelectFieldReducer {
    /// The actions the kind takes: its filter's, `toggle` and `highlight`.
    static func takes(_ action: FieldAction) -> Bool {
        switch action {
        case .textChanged, .submit, .clear, .toggle, .highlight: true
        default: false
        }
    }
}

extension FieldSpec {
    /// A multi-select field: several of `options`.
    ///
    /// ```swift
    /// .multiSelect("channels", label: "Reach me by", options: ["sms", "email", "post"], minSelected: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - id: the field's id, unique in the flow.
    ///   - label: what the field asks; its id when `nil`.
    ///   - options: the options, in the order shown; at least one, unless `optionsFrom` names a service.
    ///   - placeholder: shown dim while the filter is empty.
    ///   - hint: one line of help under the field.
    ///   - default: the values of the options chosen at the start.
    ///   - required: whether at least one option must be chosen.
    ///   - minSelected: the fewest options allowed.
    ///   - maxSelected: the most options allowed.
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
    public static func multiSelect(
        _ id: FieldID, label: String? = nil, options: [FieldOption], placeholder: String? = nil, hint: String? = nil,
        default: [String]? = nil, required: Bool = false, minSelected: Int? = nil, maxSelected: Int? = nil, message: String? = nil,
        when: FieldCondition? = nil, check: String? = nil, send: FieldSend? = nil, prefill: Bool = true,
        section: String? = nil, localizedText: [Text: LocalizedText] = [:], optionsFrom source: OptionSource? = nil
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .multiSelect, label: label, placeholder: placeholder, hint: hint, options: options,
            default: `default`.map(FieldAnswer.choices),
            rules: FieldRules(required: required, minSelected: minSelected, maxSelected: maxSelected, message: message), when: when)
        field.optionSource = source
        field.finishMaking(check: check, send: send, prefill: prefill, section: section, localizedText: localizedText)
        return field
    }
}

extension MultiSelectFieldReducer {
    /// An array of the options' values, each once, or `null`; shown, it holds `minSelected` to
    /// `maxSelected` of them, at least one when required.
    static func answerSchema(of field: FieldSpec, messages: RuleMessages) -> AnswerSchemaPart {
        let items: SchemaNode = field.optionSource == nil ? .object(("enum", .strings(field.options.map(\.value)))) : .object(("type", .string("string")))
        var part = AnswerSchemaPart(
            type: .object(("type", .strings(["array", "null"])), ("items", items), ("uniqueItems", .bool(true))),
            empty: .object(("type", .strings(["array", "null"])), ("maxItems", .number(0))))
        if let source = field.optionSource { part.notes.append(messages.schemaOptionsFrom(source.name)) }
        let rules = field.rules
        let least = rules.minSelected ?? (rules.required ? 1 : 0)
        part.required = least > 0
        var members: [SchemaNode.Member] = part.required ? [.init("type", .string("array"))] : []
        if least > 0 { members.append(.init("minItems", .number(Double(least)))) }
        if let most = rules.maxSelected { members.append(.init("maxItems", .number(Double(most)))) }
        part.rules = .all([.object(members)])
        return part
    }
}

extension MultiSelectFieldReducer {
    /// Every choice of the options compared (up to eight), each with as many options none
    /// compares as `minSelected` needs, and one more; as the count rules let them pass.
    static func conditionCandidates(of field: FieldSpec, testedBy tests: [FieldCondition.Test], passes: (FieldAnswer) -> Bool) -> [FieldAnswer]? {
        var compared: [String] = []
        for case .string(let text) in tests.flatMap(\.values) where !compared.contains(text) { compared.append(text) }
        if field.optionSource != nil { return nil }
        compared = compared.filter { value in field.options.contains { $0.value == value } }
        guard compared.count <= 8 else { return nil }
        let others = field.options.map(\.value).filter { !compared.contains($0) }
        var list: [FieldAnswer] = []
        for mask in 0..<(1 << compared.count) {
            let chosen = compared.indices.filter { mask & (1 << $0) != 0 }.map { compared[$0] }
            let least = max(0, (field.rules.minSelected ?? 0) - chosen.count)
            for extra in Set([0, least, least + 1]).sorted() where extra <= others.count {
                let all = chosen + others.prefix(extra)
                list.append(.choices(field.options.map(\.value).filter(all.contains)))
            }
        }
        return list.filter(passes)
    }
}

extension MultiSelectFieldReducer {
    /// Choices holding the option.
    static func schema(equalTo value: FieldCondition.Value, field: FieldSpec) -> SchemaNode? {
        if case .string(let text) = value { .object(("type", .string("array")), ("contains", .const(.string(text)))) } else { .bool(false) }
    }
}
