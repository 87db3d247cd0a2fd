extension FlowReducer {
    /// The state a walk starts in when some answers are known already (``FlowPrefill``): every
    /// given answer typed by its field's kind and put in its field, then checked against the
    /// field's rules (after all are in, so a `matches` partner is there).
    ///
    /// Focus goes to the first field; with ``FlowPrefill/skipFilled``, to the first visible
    /// field that was not given a passing answer (the last visible field when all were); with
    /// ``FlowPrefill/resumeAt``, to that field, or to the first field before it whose rules
    /// fail now or that is secure (a draft never holds a secure value, so each is asked again);
    /// Next then passes over the answered fields before the one it stopped at, as
    /// ``FlowPrefill/skipFilled`` does, so the walk asks the secure fields, then goes on from
    /// where it stopped.
    ///
    /// - Throws: ``PrefillError`` naming the field: an unknown id (with the nearest one), a
    ///   value of the wrong type, no option or with a character the keyboard refuses, or — unless ``FlowPrefill/askInvalid`` — a value
    ///   that breaks its field's rules. The message never repeats the value.
    public func initialState(prefill: FlowPrefill) throws(PrefillError) -> State {
        var state = initialState()
        for (id, list) in prefill.optionLists where spec[id]?.optionSource != nil { state.optionLists[id] = GivenOptions(options: Self.shown(list)) }
        var given: [Int] = []
        let answers = groupsRead(prefill.answers)
        for id in answers.keys.sorted() {
            guard let index = spec.index(of: id) else {
                // An item asked without a question (below `minItems`), or one past `maxItems`, has
                // no question to say whether it is there.
                if spec.groupQuestionPath(id) { continue }
                throw unknownField(id)
            }
            let field = spec.fields[index]
            guard field.prefill else {
                // A draft or a snapshot never fills it: it is asked again, as a secure field is.
                if prefill.resumeAt != nil { continue }
                throw PrefillError(.invalid, field: id, detail: .personOnly(id.rawValue, label: field.label))
            }
            let behavior = field.kind.behavior
            state.fields[position: index] = behavior.holding(try behavior.prefilled(answers[id]!, field: field))
            given.append(index)
        }
        given.sort()
        // An answer the list a draft kept does not hold is let go, as a new list lets it go.
        for index in given where state.optionLists[spec.layout.ids[index]]?.options != nil {
            var ignored: [FlowEvent] = []
            keepChoices(&state, at: index, events: &ignored)
        }
        var passed = Set<Int>()
        var visibility = VisibilityMemo(self)
        for index in given where visibility.isVisible(index, in: state) {
            let id = spec.layout.ids[index]
            // A field whose options are not given yet keeps its answer, held to its list once it
            // arrives: it is asked, and nothing is wrong with it yet.
            if optionsFailure(of: index, in: state) != nil { continue }
            guard let message = failure(of: index, in: state) else {
                passed.insert(index)
                continue
            }
            guard prefill.askInvalid else {
                throw PrefillError(.invalid, field: id, detail: .breaksRules(id.rawValue, label: label(at: index, in: state), message: message))
            }
            state.errors[id] = message
        }
        var shown = VisibilityMemo(self)
        let visible = spec.fields.indices.filter { shown.isVisible($0, in: state) }
        var target = visible.first ?? 0
        if let resume = prefill.resumeAt, let stop = spec.index(of: resume) {
            // A secure field is asked again whether or not it is required: a draft cannot say
            // whether it held a secret, and a secret typed before must not be passed by empty.
            target =
                visible.first { $0 <= stop && ($0 < stop && (spec.layout.secure[$0] || !spec.fields[$0].prefill) || failure(of: $0, in: state) != nil) }
                ?? (visible.contains(stop) ? stop : visible.last { $0 < stop } ?? target)
            // Between the fields asked again and the one it stopped at, the walk passes over
            // what was answered before (running a check it has again): it goes on from there.
            state.skipping = Set(
                visible.filter { $0 > target && $0 < stop && !spec.layout.secure[$0] && spec.fields[$0].prefill && failure(of: $0, in: state) == nil }
                    .map { spec.layout.ids[$0] })
        } else if prefill.skipFilled {
            target = visible.first { !passed.contains($0) } ?? visible.last ?? target
            state.skipping = Set(passed.filter { $0 > target }.map { spec.layout.ids[$0] })
        }
        let field = spec.fields[target]
        state.focus = field.id
        state.surface = field.secure ? .secure : .plain
        state.keyboard = field.keyboard
        reachFirst(&state)
        return state
    }

    /// The answer `text` gives `field` as `--set id=text` writes it, typed by the field's kind
    /// (its `FieldBehavior` conformance says how: the text itself, `true`/`false`, an
    /// option's value, a comma-separated list of option values).
    ///
    /// - Throws: ``PrefillError`` naming the field when the text is not of its kind.
    public func answer(parsing text: String, for id: FieldID) throws(PrefillError) -> FieldAnswer {
        guard let field = spec[id] else { throw unknownField(id) }
        return try field.kind.behavior.answer(setting: text, field: field)
    }

    /// `no field "emial" in this flow; did you mean "email"?`
    /// `answers` with what they say of repeating groups written out, as a walk and `verify`
    /// both read them: `[]` given to a group (an empty multi-select to the loader) says it has no
    /// items, and an answer to an item's field says the item is there, so its question whether
    /// to add it, and each before it, say yes unless the answers say otherwise.
    func groupsRead(_ answers: [FieldID: FieldAnswer]) -> [FieldID: FieldAnswer] {
        guard !spec.groupPlaces.isEmpty else { return answers }
        var answers = answers
        for group in spec.groups where answers[group.id] == .choices([]) {
            answers[group.id] = nil
            answers[group.question(item: 0)] = answers[group.question(item: 0)] ?? .bool(false)
        }
        for id in answers.keys where id.rawValue.contains("[") {
            guard let (group, item, _) = spec.groupItem(of: id) else { continue }
            for earlier in 0...item where spec.index(of: group.question(item: earlier)) != nil && answers[group.question(item: earlier)] == nil {
                answers[group.question(item: earlier)] = .bool(true)
            }
        }
        return answers
    }

    package func unknownField(_ id: FieldID) -> PrefillError {
        let ids = spec.fields.map(\.id.rawValue)
        return PrefillError(.unknownField, field: id, detail: .unknownField(id.rawValue, flow: spec.id, FlowSpecError.Reason.hint(for: id.rawValue, in: ids)))
    }
}
