/// A yes/no field: the answer is `true`, `false` or not given yet.
///
/// Pure and usable alone, as ``TextFieldReducer`` is.
public struct ConfirmFieldReducer: Sendable {
    public struct State: Sendable, Hashable, Codable {
        /// The answer; `nil` until given (or a flow's `default`).
        public var value: Bool?

        public init(value: Bool? = nil) { self.value = value }
    }

    public enum Action: Sendable, Equatable {
        case set(Bool)
        case submit
    }

    public enum Effect: Sendable, Equatable {
        /// The answer changed.
        case answered(old: Bool?, new: Bool?)
        case submitted
    }

    public init() {}

    /// Applies `action`, handing each effect to `effect` in order: one `answered` when the
    /// answer changes, nothing when it is the same; one `submitted`.
    public func reduce(into state: inout State, action: Action, effect: (Effect) -> Void) {
        switch action {
        case .set(let new):
            guard state.value != new else { return }
            let old = state.value
            state.value = new
            effect(.answered(old: old, new: new))
        case .submit:
            effect(.submitted)
        }
    }
}

/// The confirm kind: yes or no, `"default": true|false`, answered `true`/`false`; `required`
/// asks for an answer and `equals` for that one.
extension ConfirmFieldReducer: FieldBehavior {
    /// A default one time in two; `equals: true` one time in three.
    static func generated(draw: (Int) -> Int, matchable: [String]) -> GeneratedField {
        var field = GeneratedField()
        if draw(2) < 1 { field.members.append(#""default":\#(draw(2) < 1)"#) }
        if draw(3) < 1 { field.rules.append(#""equals":true"#) }
        return field
    }

    static func generatedCondition(options: [String], draw: (Int) -> Int) -> String { #""equals":\#(draw(2) < 1)"# }

    static var kind: FieldKind { .confirm }
    static func wrap(_ state: State) -> FieldState { .confirm(state) }

    static var typesAnswer: Bool { false }
    static var hasOptions: Bool { false }
    static var checksField: Bool { false }
    static var answerType: AnswerShape { .bool }
    static var conditionType: AnswerShape { .bool }
    static var ruleKeys: Set<String> { ["equals"] }

    static func decodeDefault(from container: KeyedDecodingContainer<AnyKey>) throws -> FieldAnswer {
        .bool(try container.decode(Bool.self, forKey: "default"))
    }

    static func defaultAnswer(_ value: FlowFileDefault) -> FieldAnswer? {
        if case .bool(let flag) = value { .bool(flag) } else { nil }
    }

    static func checkDefault(_ value: FieldAnswer, of field: FieldSpec, path: String) throws -> Bool {
        if case .bool = value { true } else { false }
    }

    static func checkCondition(_ value: FieldCondition.Value, source: FieldSpec, path: String) throws -> Bool {
        if case .bool = value { true } else { false }
    }

    static func initialState(default defaultAnswer: FieldAnswer?) -> State {
        if case .bool(let value)? = defaultAnswer { State(value: value) } else { State() }
    }

    static func answer(of state: State) -> FieldAnswer { .bool(state.value) }
    static func text(of state: State) -> TextFieldReducer.State? { nil }
    static func setText(_ text: TextFieldReducer.State, in state: inout State) {}
    static func source(of state: State) -> String { ".confirm(.init(value: \(state.value.map(String.init) ?? "nil")))" }
    static func optionValues(of state: State) -> (chosen: [String], highlight: String?) { ([], nil) }

    /// A confirm field has no text: its reducer takes `set` and `submit`.
    static func textAction(for action: FieldAction) -> TextFieldReducer.Action? { nil }

    static func apply(_ action: FieldAction, to state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) -> Bool {
        let own: Action
        switch action {
        case .set(let value): own = .set(value)
        case .submit: own = .submit
        default: return false
        }
        var submitted = false
        ConfirmFieldReducer().reduce(into: &state, action: own) { effect in
            switch effect {
            case .answered(let old, let new): say(.answered(field: field.id, old: old, new: new))
            case .submitted: say(.submitted(field: field.id)); submitted = true
            }
        }
        return submitted
    }

    static func failure(of state: State, in check: FieldCheck) -> String? {
        let field = check.field, rules = field.rules
        guard let value = state.value else {
            return rules.required || rules.equals != nil ? check.fail(check.messages.needsYesOrNo(field.label)) : nil
        }
        if let expected = rules.equals, value != expected { return check.fail(check.messages.mustBe(field.label, expected)) }
        return nil
    }

    /// `y`, `yes`, `true`, `예`, `네` or `n`, `no`, `false`, `아니요`, `아니오` (any case); an empty line keeps the current
    /// answer (the `default`). Any other line becomes a `select` of it, which a confirm field
    /// does not take, so the caller reports it.
    static func actions(answering line: String, field: FieldSpec, state: State) -> [FieldAction] {
        let trimmed = LineAnswer.trimmed(line[...])
        switch trimmed.lowercased() {
        case "": return []
        case "y", "yes", "true", "예", "네", "응": return [.set(true)]
        case "n", "no", "false", "아니요", "아니오", "아니", "아뇨": return [.set(false)]
        default: return [.select(trimmed)]
        }
    }

    /// `true`, `false`, or `null` for no answer yet.
    static func prefilled(_ answer: FieldAnswer, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        switch answer {
        case .bool: answer
        case .choice(nil): .bool(nil)
        default: throw wrongType(field)
        }
    }

    /// `true`, `yes`, `y` or `false`, `no`, `n` (any case).
    static func answer(setting text: String, field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        switch text.lowercased() {
        case "true", "yes", "y": .bool(true)
        case "false", "no", "n": .bool(false)
        default: throw wrongType(field)
        }
    }

    static func state(holding answer: FieldAnswer) -> State {
        if case .bool(let value) = answer { State(value: value) } else { State() }
    }
}

extension ConfirmFieldReducer {
    static var ownRules: [KindKey] { [KindKey("equals", .flag)] }
}

extension FieldRules {
    /// A confirm field's rules: `required`, and `equals` for the one answer that passes.
    public init(required: Bool = false, equals: Bool? = nil, message: String? = nil) {
        self.init(required: required, pattern: nil, message: message)
        self.equals = equals
    }

    /// A confirm field's answer must be this (`true` for "accept the terms").
    public var equals: Bool? {
        get { kindRules[flag: "equals"] }
        set { kindRules[flag: "equals"] = newValue }
    }
}

extension RuleMessages {
    /// `Terms needs a yes or no.`
    public func needsYesOrNo(_ label: String) -> String {
        switch language {
        case .en: "\(label) needs a yes or no."
        case .ko: "\(label) 항목에 예 또는 아니요로 답해 주세요."
        }
    }

    /// `Terms must be yes.`
    public func mustBe(_ label: String, _ yes: Bool) -> String {
        switch language {
        case .en: "\(label) must be \(yes ? "yes" : "no")."
        case .ko: "\(label) 항목은 \(yes ? "예" : "아니요")여야 합니다."
        }
    }
}

extension ConfirmFieldReducer {
    /// The actions the kind takes: `set` and `submit`.
    static func takes(_ action: FieldAction) -> Bool {
        switch action {
        case .set, .submit: true
        default: false
        }
    }
}

extension FieldSpec {
    /// A confirm field: yes or no.
    ///
    /// ```swift
    /// .confirm("terms", label: "Accept the terms", equals: true, message: "Accept the terms to go on", prefill: false)
    /// ```
    ///
    /// - Parameters:
    ///   - id: the field's id, unique in the flow.
    ///   - label: what the field asks; its id when `nil`.
    ///   - placeholder: shown dim while the field is unanswered.
    ///   - hint: one line of help under the field.
    ///   - default: the answer the field starts with.
    ///   - required: whether the field needs a yes or a no.
    ///   - equals: the one answer that passes (`true` for "accept the terms").
    ///   - message: said instead of the default message when a rule fails.
    ///   - when: shows the field only when an earlier answer satisfies this.
    ///   - check: the host's check of the answer before the walk moves on.
    ///   - send: what the host sends when the walk first reaches the field.
    ///   - prefill: whether anything but the person may answer the field.
    ///   - section: the section the field belongs to (``FieldSpec/section``).
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func confirm(
        _ id: FieldID, label: String? = nil, placeholder: String? = nil, hint: String? = nil, default: Bool? = nil,
        required: Bool = false, equals: Bool? = nil, message: String? = nil, when: FieldCondition? = nil, check: String? = nil,
        send: FieldSend? = nil, prefill: Bool = true, section: String? = nil,
        localizedText: [Text: LocalizedText] = [:]
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .confirm, label: label, placeholder: placeholder, hint: hint, default: `default`.map(FieldAnswer.bool),
            rules: FieldRules(required: required, equals: equals, message: message), when: when)
        field.finishMaking(check: check, send: send, prefill: prefill, section: section, localizedText: localizedText)
        return field
    }
}

extension ConfirmFieldReducer {
    /// `true`, `false` or `null`; shown, a required one (or one with `equals`) is answered, and
    /// `equals` is the one answer.
    static func answerSchema(of field: FieldSpec, messages: RuleMessages) -> AnswerSchemaPart {
        var part = AnswerSchemaPart(type: .object(("type", .strings(["boolean", "null"]))), empty: .const(.null))
        part.required = field.rules.required || field.rules.equals != nil
        if let expected = field.rules.equals {
            part.rules = .const(.bool(expected))
        } else if part.required {
            part.rules = .object(("type", .string("boolean")))
        }
        return part
    }
}

extension ConfirmFieldReducer {
    /// Yes, no and no answer, as the rules let them pass.
    static func conditionCandidates(of field: FieldSpec, testedBy tests: [FieldCondition.Test], passes: (FieldAnswer) -> Bool) -> [FieldAnswer]? {
        [FieldAnswer.bool(nil), .bool(true), .bool(false)].filter(passes)
    }
}

extension ConfirmFieldReducer {
    /// The yes or no.
    static func schema(equalTo value: FieldCondition.Value, field: FieldSpec) -> SchemaNode? {
        if case .bool(let flag) = value { .const(.bool(flag)) } else { .bool(false) }
    }
}
