// One factory per kind of field, each taking everything a field of that kind may have, so that a
// flow is written in Swift as its flow file is written: every part given where the field is made.
//
// A field built here and the same field loaded from a flow file are equal
// (`FieldSpecKindsTests`). Every key a flow file gives a field is a parameter of its kind's
// factory; ``FlowSpec/init(id:title:fields:review:)`` checks the result as the loader does.

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
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func text(
        _ id: FieldID, label: String? = nil, placeholder: String? = nil, hint: String? = nil, secure: Bool = false,
        keyboard: KeyboardType = .default, default: String? = nil, required: Bool = false, minLength: Int? = nil,
        maxLength: Int? = nil, pattern: String? = nil, matches: FieldID? = nil, oneOf: [String]? = nil, message: String? = nil,
        requirements: [FieldRequirement] = [], when: FieldCondition? = nil, check: String? = nil, send: FieldSend? = nil,
        prefill: Bool = true, localizedText: [Text: LocalizedText] = [:]
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .text, label: label, placeholder: placeholder, hint: hint, secure: secure, keyboard: keyboard,
            default: `default`.map(FieldAnswer.text),
            rules: FieldRules(
                required: required, minLength: minLength, maxLength: maxLength, pattern: pattern, matches: matches, oneOf: oneOf,
                message: message),
            when: when)
        field.requirements = requirements
        field.serve(check: check, send: send, prefill: prefill, localizedText: localizedText)
        return field
    }

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
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func confirm(
        _ id: FieldID, label: String? = nil, placeholder: String? = nil, hint: String? = nil, default: Bool? = nil,
        required: Bool = false, equals: Bool? = nil, message: String? = nil, when: FieldCondition? = nil, check: String? = nil,
        send: FieldSend? = nil, prefill: Bool = true, localizedText: [Text: LocalizedText] = [:]
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .confirm, label: label, placeholder: placeholder, hint: hint, default: `default`.map(FieldAnswer.bool),
            rules: FieldRules(required: required, equals: equals, message: message), when: when)
        field.serve(check: check, send: send, prefill: prefill, localizedText: localizedText)
        return field
    }

    /// A select field: one of `options`, found with a filter.
    ///
    /// ```swift
    /// .select("country", label: "Country", options: [.init(value: "kr", label: "Korea"), "jp"], required: true)
    /// ```
    ///
    /// - Parameters:
    ///   - id: the field's id, unique in the flow.
    ///   - label: what the field asks; its id when `nil`.
    ///   - options: the options, in the order shown; at least one.
    ///   - placeholder: shown dim while the filter is empty.
    ///   - hint: one line of help under the field.
    ///   - default: the value of the option chosen at the start.
    ///   - required: whether an option must be chosen.
    ///   - message: said instead of the default message when a rule fails.
    ///   - when: shows the field only when an earlier answer satisfies this.
    ///   - check: the host's check of the answer before the walk moves on.
    ///   - send: what the host sends when the walk first reaches the field.
    ///   - prefill: whether anything but the person may answer the field.
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func select(
        _ id: FieldID, label: String? = nil, options: [FieldOption], placeholder: String? = nil, hint: String? = nil,
        default: String? = nil, required: Bool = false, message: String? = nil, when: FieldCondition? = nil, check: String? = nil,
        send: FieldSend? = nil, prefill: Bool = true, localizedText: [Text: LocalizedText] = [:]
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .select, label: label, placeholder: placeholder, hint: hint, options: options,
            default: `default`.map(FieldAnswer.choice), rules: FieldRules(required: required, message: message), when: when)
        field.serve(check: check, send: send, prefill: prefill, localizedText: localizedText)
        return field
    }

    /// A multi-select field: several of `options`.
    ///
    /// ```swift
    /// .multiSelect("channels", label: "Reach me by", options: ["sms", "email", "post"], minSelected: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - id: the field's id, unique in the flow.
    ///   - label: what the field asks; its id when `nil`.
    ///   - options: the options, in the order shown; at least one.
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
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func multiSelect(
        _ id: FieldID, label: String? = nil, options: [FieldOption], placeholder: String? = nil, hint: String? = nil,
        default: [String]? = nil, required: Bool = false, minSelected: Int? = nil, maxSelected: Int? = nil, message: String? = nil,
        when: FieldCondition? = nil, check: String? = nil, send: FieldSend? = nil, prefill: Bool = true,
        localizedText: [Text: LocalizedText] = [:]
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .multiSelect, label: label, placeholder: placeholder, hint: hint, options: options,
            default: `default`.map(FieldAnswer.choices),
            rules: FieldRules(required: required, minSelected: minSelected, maxSelected: maxSelected, message: message), when: when)
        field.serve(check: check, send: send, prefill: prefill, localizedText: localizedText)
        return field
    }

    /// A number field: a number in a range, typed or stepped with Up and Down.
    ///
    /// ```swift
    /// .number("weight", label: "Weight (kg)", default: 70, min: 20, max: 300, step: 0.5, decimals: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - id: the field's id, unique in the flow.
    ///   - label: what the field asks; its id when `nil`.
    ///   - placeholder: shown dim while the field is empty.
    ///   - hint: one line of help under the field.
    ///   - default: the number the field starts with.
    ///   - min: the smallest number allowed (inclusive).
    ///   - max: the largest number allowed (inclusive).
    ///   - step: how far Up and Down move the number; 1 when `nil`.
    ///   - decimals: the digits allowed after the point; 0 when `nil`.
    ///   - required: whether the field needs a number.
    ///   - message: said instead of the default message when a rule fails.
    ///   - when: shows the field only when an earlier answer satisfies this.
    ///   - check: the host's check of the answer before the walk moves on.
    ///   - send: what the host sends when the walk first reaches the field.
    ///   - prefill: whether anything but the person may answer the field.
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func number(
        _ id: FieldID, label: String? = nil, placeholder: String? = nil, hint: String? = nil, default: Double? = nil,
        min: Double? = nil, max: Double? = nil, step: Double? = nil, decimals: Int? = nil, required: Bool = false,
        message: String? = nil, when: FieldCondition? = nil, check: String? = nil, send: FieldSend? = nil, prefill: Bool = true,
        localizedText: [Text: LocalizedText] = [:]
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .number, label: label, placeholder: placeholder, hint: hint, default: `default`.map(FieldAnswer.number),
            rules: FieldRules(
                required: required, min: min.map(FieldCondition.Value.number), max: max.map(FieldCondition.Value.number),
                message: message),
            when: when)
        field.step = step
        field.decimals = decimals
        field.serve(check: check, send: send, prefill: prefill, localizedText: localizedText)
        return field
    }

    /// A date field: a calendar day, typed as `YYYY-MM-DD` or stepped a day with Up and Down.
    ///
    /// ```swift
    /// .date("birth-date", label: "Date of birth", min: "1900-01-01", max: "today", required: true)
    /// ```
    ///
    /// - Parameters:
    ///   - id: the field's id, unique in the flow.
    ///   - label: what the field asks; its id when `nil`.
    ///   - placeholder: shown dim while the field is empty.
    ///   - hint: one line of help under the field.
    ///   - default: the day the field starts with, `YYYY-MM-DD` or `"today"`.
    ///   - min: the earliest day allowed (inclusive), `YYYY-MM-DD` or `"today"`.
    ///   - max: the latest day allowed (inclusive), `YYYY-MM-DD` or `"today"`.
    ///   - required: whether the field needs a date.
    ///   - message: said instead of the default message when a rule fails.
    ///   - when: shows the field only when an earlier answer satisfies this.
    ///   - check: the host's check of the answer before the walk moves on.
    ///   - send: what the host sends when the walk first reaches the field.
    ///   - prefill: whether anything but the person may answer the field.
    ///   - localizedText: the texts the field gives in several languages; `label` and the others
    ///     give the one shown until ``FlowSpec/localized(to:)`` chooses.
    /// - Returns: the field, checked when a ``FlowSpec`` is made of it.
    public static func date(
        _ id: FieldID, label: String? = nil, placeholder: String? = nil, hint: String? = nil, default: String? = nil,
        min: String? = nil, max: String? = nil, required: Bool = false, message: String? = nil, when: FieldCondition? = nil,
        check: String? = nil, send: FieldSend? = nil, prefill: Bool = true, localizedText: [Text: LocalizedText] = [:]
    ) -> FieldSpec {
        var field = FieldSpec(
            id: id, kind: .date, label: label, placeholder: placeholder, hint: hint, default: `default`.map(FieldAnswer.date),
            rules: FieldRules(
                required: required, min: min.map(FieldCondition.Value.string), max: max.map(FieldCondition.Value.string),
                message: message),
            when: when)
        field.serve(check: check, send: send, prefill: prefill, localizedText: localizedText)
        return field
    }

    /// Sets what every kind of field may ask of the host and its texts in several languages, and
    /// the keyboard a kind gives that the person cannot choose (a number's digits), as the loader does.
    private mutating func serve(check: String?, send: FieldSend?, prefill: Bool, localizedText: [Text: LocalizedText]) {
        self.check = check
        self.send = send
        self.prefill = prefill
        self.localizedText = localizedText
        if let keyboard = kind.behavior.keyboard(for: self) { self.keyboard = keyboard }
    }
}
