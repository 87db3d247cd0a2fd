extension FlowReducer {
    /// The state a walk starts in when some answers are known already (``FlowPrefill``): every
    /// given answer typed by its field's kind and put in its field, then checked against the
    /// field's rules (after all are in, so a `matches` partner is there).
    ///
    /// Focus goes to the first field; with ``FlowPrefill/skipFilled``, to the first visible
    /// field that was not given a passing answer (the last visible field when all were); with
    /// ``FlowPrefill/resumeAt``, to that field, or to the first field before it whose rules
    /// fail now (a secure field a draft left empty).
    ///
    /// - Throws: ``PrefillError`` naming the field: an unknown id (with the nearest one), a
    ///   value of the wrong type, no option or with a character the keyboard refuses, or — unless ``FlowPrefill/askInvalid`` — a value
    ///   that breaks its field's rules. The message never repeats the value.
    public func initialState(prefill: FlowPrefill) throws(PrefillError) -> State {
        var state = initialState()
        var given: [Int] = []
        for id in prefill.answers.keys.sorted() {
            guard let index = spec.index(of: id) else { throw unknownField(id) }
            let field = spec.fields[index]
            state.fields[position: index] = Self.fieldState(try typed(prefill.answers[id]!, for: field), for: field)
            given.append(index)
        }
        given.sort()
        var passed = Set<Int>()
        for index in given where isVisible(spec.layout.ids[index], in: state) {
            let id = spec.layout.ids[index]
            guard let message = failure(of: index, in: state) else {
                passed.insert(index)
                continue
            }
            guard prefill.askInvalid else {
                throw PrefillError(.invalid, field: id, message: "the answer given for \"\(id)\" (\(spec.fields[index].label)) breaks its rules: \(message)")
            }
            state.errors[id] = message
        }
        let visible = spec.fields.indices.filter { isVisible(spec.layout.ids[$0], in: state) }
        var target = visible.first ?? 0
        if let resume = prefill.resumeAt, let stop = spec.index(of: resume) {
            target = visible.first { $0 <= stop && failure(of: $0, in: state) != nil }
                ?? (visible.contains(stop) ? stop : visible.last { $0 < stop } ?? target)
        } else if prefill.skipFilled {
            target = visible.first { !passed.contains($0) } ?? visible.last ?? target
        }
        let field = spec.fields[target]
        state.focus = field.id
        state.surface = field.secure ? .secure : .plain
        state.keyboard = field.keyboard
        return state
    }

    /// `answer` as `field`'s kind takes it: a string is a select field's option value; a
    /// multi-select field's values come back in option order, each once; a text must be
    /// made of characters the field's keyboard takes.
    ///
    /// - Throws: ``PrefillError`` (``PrefillError/Reason/wrongType``) naming the field.
    package func typed(_ answer: FieldAnswer, for field: FieldSpec) throws(PrefillError) -> FieldAnswer {
        func wrong(_ expected: String) -> PrefillError {
            PrefillError(.wrongType, field: field.id, message: "\"\(field.id)\" is a \(field.kind) field: give \(expected)")
        }
        func option(_ value: String) throws(PrefillError) -> String {
            if field.options.contains(where: { $0.value == value }) { return value }
            let values = field.options.map(\.value)
            let hint = Suggestion.nearest(to: value, in: values).map { "; did you mean \"\($0)\"?" } ?? "; the options are \(values.joined(separator: ", "))"
            throw PrefillError(.wrongType, field: field.id, message: "\(field.secure ? "the value" : value.debugDescription) is not an option of \"\(field.id)\"\(hint)")
        }
        switch (field.kind, answer) {
        case (.text, .text(let text)):
            // What the keyboard refuses could not be typed; it cannot be prefilled either.
            if let refused = field.keyboard.firstRefused(in: text) {
                let what = field.secure ? "a character" : String(refused).debugDescription
                throw PrefillError(.wrongType, field: field.id, message: "the answer given for \"\(field.id)\" (\(field.label)) has \(what), which this field does not take; it takes \(field.keyboard.summary)")
            }
            return answer
        case (.confirm, .bool): return answer
        case (.confirm, .choice(nil)): return .bool(nil)
        case (.select, .text(let value)), (.select, .choice(let value?)): return .choice(try option(value))
        case (.select, .choice(nil)): return answer
        case (.multiSelect, .choices(let values)):
            var chosen: [String] = []
            for value in values { chosen.append(try option(value)) }
            return .choices(field.options.map(\.value).filter(chosen.contains))
        case (.multiSelect, .choice(nil)): return .choices([])
        case (.text, _): throw wrong("text")
        case (.confirm, _): throw wrong("true or false")
        case (.select, _): throw wrong("the value of one of its options")
        case (.multiSelect, _): throw wrong("a list of its options' values")
        }
    }

    /// The answer `text` gives `field` as `--set id=text` writes it: the text itself for a
    /// text field; `true`/`false` (or `yes`/`no`) for confirm; an option's value for select; a
    /// comma-separated list of option values for multi-select (spaces around commas ignored).
    ///
    /// - Throws: ``PrefillError`` naming the field when the text is not of its kind.
    public func answer(parsing text: String, for id: FieldID) throws(PrefillError) -> FieldAnswer {
        guard let field = spec[id] else { throw unknownField(id) }
        switch field.kind {
        case .text:
            return .text(text)
        case .confirm:
            switch text.lowercased() {
            case "true", "yes", "y": return .bool(true)
            case "false", "no", "n": return .bool(false)
            default: throw PrefillError(.wrongType, field: id, message: "\"\(id)\" is a confirm field: give true or false")
            }
        case .select:
            return try typed(.text(text), for: field)
        case .multiSelect:
            let values = text.split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
                .filter { !$0.isEmpty }
            return try typed(.choices(values), for: field)
        }
    }

    /// `no field "emial" in this flow; did you mean "email"?`
    package func unknownField(_ id: FieldID) -> PrefillError {
        let ids = spec.fields.map(\.id.rawValue)
        let hint = Suggestion.nearest(to: id.rawValue, in: ids).map { "; did you mean \"\($0)\"?" } ?? "; the fields are \(ids.joined(separator: ", "))"
        return PrefillError(.unknownField, field: id, message: "no field \"\(id)\" in the flow \"\(spec.id)\"\(hint)")
    }

    /// The state of `field` holding `answer` (already typed for it).
    private static func fieldState(_ answer: FieldAnswer, for field: FieldSpec) -> FieldState {
        switch answer {
        case .text(let text): .text(.init(text: text))
        case .bool(let value): .confirm(.init(value: value))
        case .choice(let value): .select(.init(choice: value, highlight: value))
        case .choices(let values): .multiSelect(.init(chosen: values))
        }
    }
}
