/// The text kind: the search-field reducer, whose text the flow edits in place (the keystroke
/// path), checked by `required`, `minLength`, `maxLength`, `pattern`, `oneOf` and `matches`.
extension TextFieldReducer: FieldBehavior {
    /// A keyboard; secure one time in three; a `minLength`, a `maxLength` one time in three
    /// each; a `matches` on an earlier text field one time in four.
    static func generated(draw: (Int) -> Int, matchable: [String]) -> GeneratedField {
        var field = GeneratedField()
        let keyboards = ["default", "asciiCapable", "numberPad", "emailAddress"]
        field.members.append(#""keyboard":"\#(keyboards[draw(keyboards.count)])""#)
        if draw(3) < 1 { field.members.append(#""secure":true"#) }
        if draw(3) < 1 { field.rules.append(#""minLength":\#([1, 2, 3][draw(3)])"#) }
        if draw(3) < 1 { field.rules.append(#""maxLength":\#([4, 6][draw(2)])"#) }
        if !matchable.isEmpty {
            let earlier = matchable[draw(matchable.count)]
            if draw(4) < 1 { field.rules.append(#""matches":"\#(earlier)""#) }
        }
        return field
    }

    static func generatedCondition(options: [String], draw: (Int) -> Int) -> String { #""notEmpty":\#(draw(3) < 2)"# }

    static var kind: FieldKind { .text }
    static func wrap(_ state: State) -> FieldState { .text(state) }

    static var typesAnswer: Bool { true }
    static var hasOptions: Bool { false }
    static var checksField: Bool { false }
    static var answerType: AnswerShape { .string }
    static var conditionType: AnswerShape { .string }
    static var ruleKeys: Set<String> { ["minLength", "maxLength", "pattern", "matches", "oneOf"] }

    static func decodeDefault(from container: KeyedDecodingContainer<AnyKey>) throws -> FieldAnswer {
        .text(try container.decode(String.self, forKey: "default"))
    }

    static func defaultAnswer(_ value: FlowFileDefault) -> FieldAnswer? {
        if case .string(let text) = value { .text(text) } else { nil }
    }

    /// A text, no longer than `maxLength`: typing could never keep a longer one. It is drawn in
    /// the field as typed text is, so it holds what a label may hold.
    static func checkDefault(_ value: FieldAnswer, of field: FieldSpec, path: String) throws -> Bool {
        guard case .text(let text) = value else { return false }
        try DisplayText.check(text, path: path)
        if let max = field.rules.maxLength, max >= 0, text.count > max {
            throw FlowSpecError(
                path: path,
                reason: .kind(
                    KindProblem(
                        english: "the default has \(text.count) characters, more than maxLength (\(max)) allows; no one could keep it",
                        korean: "기본값이 \(text.count)자라 maxLength(\(max))보다 길어 아무도 그대로 둘 수 없습니다")))
        }
        return true
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

    /// A field with `maxLength` refuses, whole, what would make its text longer than that.
    static func filtersTyping(_ field: FieldSpec) -> Bool { field.rules.maxLength != nil }

    /// `new`, unless it has more characters than `maxLength` allows and more than `old` had: a
    /// text already past the limit (prefilled) may still be shortened, never lengthened.
    static func typed(_ new: String, old: String, field: FieldSpec) -> String? {
        guard let max = field.rules.maxLength else { return new }
        let count = new.count
        return count <= max || count < old.count ? new : nil
    }

    /// Past `maxLength`: the field is full when `old` has every character it may have, else the
    /// insertion alone is too long.
    static func refusal(typing new: String, old: String, field: FieldSpec, messages: RuleMessages) -> String? {
        guard let max = field.rules.maxLength, typed(new, old: old, field: field) == nil else { return nil }
        return old.count >= max ? messages.textFull(field.label, max) : messages.atMostCharacters(field.label, max)
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

extension TextFieldReducer {
    static var ownRules: [KindKey] { [KindKey("minLength", .count), KindKey("maxLength", .count), KindKey("oneOf", .strings)] }

    /// Lengths are 0 to ``FieldRules/largestLength``, `minLength` not above `maxLength`; `oneOf`
    /// lists a value, each one fit to show.
    static func checkRules(of field: FieldSpec, path: String, problems: ProblemSink) throws {
        let rules = field.rules
        try problems.each {
            try FieldRules.checkCount("minLength", rules.minLength, least: 0, most: FieldRules.largestLength, notAbove: ("maxLength", rules.maxLength), path: path)
        }
        try problems.each { try FieldRules.checkCount("maxLength", rules.maxLength, least: 0, most: FieldRules.largestLength, path: path) }
        if let oneOf = rules.oneOf {
            if oneOf.isEmpty { try problems.each { throw FlowSpecError(path: "\(path).oneOf", reason: .emptyList(key: "oneOf")) } }
            // The values are shown (in the rule's message): as a label, no control characters.
            for (number, value) in oneOf.enumerated() { try problems.each { try DisplayText.check(value, path: "\(path).oneOf[\(number)]") } }
        }
    }

    /// The values `oneOf` allows.
    static func sampleTexts(for field: FieldSpec) -> [String] { field.rules.oneOf ?? [] }

    /// Each length bound, and one character past each (a `minLength` of 1 has no failing side but empty).
    static func sampleLengths(for field: FieldSpec) -> (passing: [Int], failing: [Int]) {
        let min = field.rules.minLength, max = field.rules.maxLength
        return ([min, max].compactMap { $0 }.filter { $0 > 0 }, [max.map { $0 + 1 }, min.flatMap { $0 > 1 ? $0 - 1 : nil }].compactMap { $0 })
    }

    static func shownTexts(of field: FieldSpec) -> [(key: String, texts: [String])] {
        field.rules.oneOf.map { [("rules.oneOf", $0)] } ?? []
    }
}

extension FieldRules {
    /// A text field's rules, with the ones every kind reads alike.
    public init(
        required: Bool = false, minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil,
        matches: FieldID? = nil, oneOf: [String]? = nil, message: String? = nil
    ) {
        self.init(required: required, pattern: pattern, matches: matches, message: message)
        self.minLength = minLength
        self.maxLength = maxLength
        self.oneOf = oneOf
    }

    /// At least this many characters (grapheme clusters, as a person counts them); text fields.
    public var minLength: Int? {
        get { kindRules[count: "minLength"] }
        set { kindRules[count: "minLength"] = newValue }
    }

    /// At most this many characters; text fields.
    public var maxLength: Int? {
        get { kindRules[count: "maxLength"] }
        set { kindRules[count: "maxLength"] = newValue }
    }

    /// The values allowed, byte for byte; text fields.
    public var oneOf: [String]? {
        get { kindRules[strings: "oneOf"] }
        set { kindRules[strings: "oneOf"] = newValue }
    }
}

extension RuleMessages {
    /// `Name must be at least 3 characters.`
    public func atLeastCharacters(_ label: String, _ count: Int) -> String {
        switch language {
        case .en: "\(label) must be at least \(count) character\(count == 1 ? "" : "s")."
        case .ko: "\(label) 항목은 \(count)자 이상이어야 합니다."
        }
    }

    /// `Name must be at most 3 characters.`
    public func atMostCharacters(_ label: String, _ count: Int) -> String {
        switch language {
        case .en: "\(label) must be at most \(count) character\(count == 1 ? "" : "s")."
        case .ko: "\(label) 항목은 \(count)자 이하여야 합니다."
        }
    }

    /// `Nickname is full: it takes at most 20 characters.`, for a character typed into a text
    /// that has every character `maxLength` allows.
    public func textFull(_ label: String, _ count: Int) -> String {
        switch language {
        case .en: "\(label) is full: it takes at most \(count) character\(count == 1 ? "" : "s")."
        case .ko: "\(label) 항목이 다 찼습니다. \(count)자까지 쓸 수 있습니다."
        }
    }

    /// `Size must be one of: S, M, L.`
    public func oneOf(_ label: String, _ options: [String]) -> String {
        switch language {
        case .en: "\(label) must be one of: \(options.joined(separator: ", "))."
        case .ko: "\(label) 항목은 다음 중 하나여야 합니다: \(options.joined(separator: ", "))."
        }
    }
}

extension TextFieldReducer {
    /// The actions the kind takes: its text's: `textChanged`, `clear`, `submit`.
    static func takes(_ action: FieldAction) -> Bool {
        switch action {
        case .textChanged, .submit, .clear: true
        default: false
        }
    }
}

extension FieldSpec {
    /// A text field: free text typed with a keyboard, masked while typed when `secure`.
    ///
    /// ```swift
    /// .text("password", label: "Password", secure: true, keyboard: .asciiCapable, required: true, minLength: 8)
    /// ```
    ///
    /// - Parameters:
    ///   - id: the field's id, unique in the flow.
    ///   - label: what the field asks; its id when `nil`.
    ///   - placeholder: shown dim while the field is empty.
    ///   - hint: one line of help under the field.
    ///   - secure: whether the text is masked while typed, and kept out of logs and messages.
    ///   - keyboard: the keys the field accepts.
    ///   - default: the text the field starts with.
    ///   - required: whether an empty text is refused.
    ///   - minLength: the fewest characters allowed.
    ///   - maxLength: the most characters allowed.
    ///   - pattern: a regular expression the whole text must match.
    ///   - matches: an earlier field whose text this one must equal (a password confirmation).
    ///   - oneOf: the texts allowed, byte for byte.
    ///   - message: said instead of the default message when a rule fails.
    ///   - requirements: live requirements, shown met or not as the person types.
    ///   - when: shows the field only when an earlier answer satisfies this.
    ///   - check: the host's check of the answer before the walk moves on.
    ///   - send: what the host sends when the walk first reaches the field.
    ///   - prefill: whether anything but the person may answer the field.
    ///   - section: the section the field belongs to (``FieldSpec/section``).
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func text(
        _ id: FieldID, label: String? = nil, placeholder: String? = nil, hint: String? = nil, secure: Bool = false,
        keyboard: KeyboardType = .default, default: String? = nil, required: Bool = false, minLength: Int? = nil,
        maxLength: Int? = nil, pattern: String? = nil, matches: FieldID? = nil, oneOf: [String]? = nil, message: String? = nil,
        requirements: [FieldRequirement] = [], when: FieldCondition? = nil, check: String? = nil, send: FieldSend? = nil,
        prefill: Bool = true, section: String? = nil,
        localizedText: [Text: LocalizedText] = [:]
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .text, label: label, placeholder: placeholder, hint: hint, secure: secure, keyboard: keyboard,
            default: `default`.map(FieldAnswer.text),
            rules: FieldRules(
                required: required, minLength: minLength, maxLength: maxLength, pattern: pattern, matches: matches, oneOf: oneOf,
                message: message),
            when: when)
        field.requirements = requirements
        field.finishMaking(check: check, send: send, prefill: prefill, section: section, localizedText: localizedText)
        return field
    }
}

extension TextFieldReducer {
    /// A string of characters the keyboard types; shown, a required one holds more than white
    /// space, and a value holds its lengths, pattern, `oneOf` and requirements. Lengths count
    /// characters as a person sees them, which JSON Schema's (code points) match only for a
    /// keyboard that types ASCII alone; `matches` compares two answers, which it cannot.
    static func answerSchema(of field: FieldSpec, messages: RuleMessages) -> AnswerSchemaPart {
        let rules = field.rules, keyboard = field.keyboard, ascii = keyboard.typesASCIIOnly
        let refused = keyboard.refusedClass
        var part = AnswerSchemaPart(
            type: .object(("type", .string("string")), ("not", .object(("pattern", .string(refused.pattern))))),
            empty: .const(.string("")))
        if !refused.exact { part.unsaid.append(messages.schemaKeyboard(keyboard.rawValue)) }
        // What an answer that is not empty must be.
        var asked: [SchemaNode] = []
        let least = ([rules.minLength] + field.requirements.map(\.leastLength)).compactMap { $0 }.max() ?? 0
        // At least as many code points as characters: a floor JSON Schema can hold to.
        if least > 0 { asked.append(.object(("minLength", .number(Double(least))))) }
        if let max = rules.maxLength, ascii { asked.append(.object(("maxLength", .number(Double(max))))) }
        if !ascii, least > 0 || rules.maxLength != nil { part.unsaid.append(messages.schemaCharacters(least > 0 ? least : nil, rules.maxLength)) }
        var patterns: [(pattern: String, whole: Bool)] = rules.pattern.map { [($0, true)] } ?? []
        for requirement in field.requirements { if case .pattern(let pattern) = requirement.test { patterns.append((pattern, false)) } }
        for (pattern, whole) in patterns {
            if let portable = PortablePattern.translated(pattern, whole: whole, asciiOnly: ascii) {
                asked.append(.object(("pattern", .string(portable))))
            } else {
                part.unsaid.append(messages.schemaPattern(pattern, whole: whole))
            }
        }
        if let oneOf = rules.oneOf { asked.append(.object(("enum", .strings(oneOf)))) }
        if let other = rules.matches { part.unsaid.append(messages.schemaMatches(other.rawValue)) }
        if rules.required {
            part.required = true
            part.rules = .all([.object(("pattern", .string("[^\(PortablePattern.spaces)]")))] + asked)
        } else if !asked.isEmpty {
            part.rules = .any([.const(.string("")), .all(asked)])
        }
        return part
    }
}

extension RuleMessages {
    /// Said of a length JSON Schema counts otherwise.
    func schemaCharacters(_ least: Int?, _ most: Int?) -> String {
        switch language {
        case .en:
            "Counts characters as a person sees them (one emoji, one Hangul syllable): "
                + [least.map { "at least \($0)" }, most.map { "at most \($0)" }].compactMap { $0 }.joined(separator: ", ") + "."
        case .ko:
            "글자 수는 사람이 보는 글자(이모지 하나, 한글 음절 하나)로 셉니다: "
                + [least.map { "\($0)자 이상" }, most.map { "\($0)자 이하" }].compactMap { $0 }.joined(separator: ", ") + "."
        }
    }

    /// Said of a pattern JSON Schema validators would read otherwise.
    func schemaPattern(_ pattern: String, whole: Bool) -> String {
        switch language {
        case .en: whole ? "The whole value matches the pattern \(pattern)." : "The value holds a match of the pattern \(pattern)."
        case .ko: whole ? "값 전체가 패턴 \(pattern)에 맞아야 합니다." : "값 안에 패턴 \(pattern)에 맞는 부분이 있어야 합니다."
        }
    }

    /// Said of a `matches` rule.
    func schemaMatches(_ other: String) -> String {
        switch language {
        case .en: "Equals the answer to \"\(other)\"."
        case .ko: "\"\(other)\" 항목의 답과 같아야 합니다."
        }
    }

    /// Said of a keyboard whose characters no pattern class both validators read spells.
    func schemaKeyboard(_ keyboard: String) -> String {
        switch language {
        case .en: "Holds only characters the \(keyboard) keyboard types."
        case .ko: "\(keyboard) 자판으로 칠 수 있는 글자만 담습니다."
        }
    }
}

extension TextFieldReducer {
    /// Empty, each text compared, and (without `oneOf`) one other text taken to pass; a text
    /// compared by order is not listed.
    static func conditionCandidates(of field: FieldSpec, testedBy tests: [FieldCondition.Test], passes: (FieldAnswer) -> Bool) -> [FieldAnswer]? {
        if tests.contains(where: \.isRange) { return nil }
        var texts: [String] = [""]
        for case .string(let text) in tests.flatMap(\.values) where !texts.contains(text) { texts.append(text) }
        var list = texts.map(FieldAnswer.text).filter(passes)
        // A text none of the tests names, in the private use area: whether one passes the rules
        // cannot be told, so it is taken to.
        if field.rules.oneOf == nil { list.append(.text("\u{E000}")) }
        return list
    }
}

extension TextFieldReducer {
    /// The text itself.
    static func schema(equalTo value: FieldCondition.Value, field: FieldSpec) -> SchemaNode? {
        if case .string(let text) = value { .const(.string(text)) } else { .bool(false) }
    }

    /// The `oneOf` values the field's own rules refuse.
    static func unreachableValues(of field: FieldSpec, passes: (FieldAnswer) -> Bool) -> [(key: String, value: String)] {
        var field = field
        field.rules.required = false
        return (field.rules.oneOf ?? []).enumerated().filter { !passes(.text($0.element)) }.map { ("rules.oneOf[\($0.offset)]", $0.element) }
    }
}
