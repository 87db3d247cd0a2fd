/// The focus state machine: one reducer per field, of the field's kind (``TextFieldReducer``,
/// ``ConfirmFieldReducer``, ``SelectFieldReducer``, ``MultiSelectFieldReducer``), with focus,
/// surface and keyboard as plain state. It keeps focus, visibility, validation and the
/// transition events, and hands a ``FieldAction`` to the focused field's reducer.
///
/// Pure: ``reduce(into:action:)`` changes the state and returns the ``FlowEvent``s that describe
/// the change; it performs nothing. ``FlowStore`` runs it for hosts.
///
/// Moves:
/// - ``Action/next`` (and a field's ``TextFieldReducer/Action/submit``) validates the focused
///   field and moves to the next visible one, or completes the flow on the last.
/// - ``Action/previous`` moves back and is never blocked.
/// - ``Action/focus(_:)`` jumps with exactly one ``FlowEvent/focusMoved(from:to:)``. A backward
///   jump is free. A forward jump is the net effect of pressing Next until the target: it
///   validates the focused field and every visible field it skips, and stops on the first that
///   fails (with ``FlowEvent/invalid(field:message:)``), so no field is ever passed unchecked.
public struct FlowReducer: Sendable {
    public let spec: FlowSpec
    private let text = TextFieldReducer()
    /// Each field's kind's conformance: what the kind takes and says.
    private let behaviors: [any FieldBehavior.Type]
    /// Whether each field's kind hands typed text to its text, asked of its conformance once
    /// here so that a keystroke costs one load, as it did before kinds.
    private let typesText: [Bool]
    /// Whether each field's text is a filter over options, whose highlight a change of it may move.
    private let hasOptions: [Bool]
    /// Whether each field's kind has its own rule for what may be typed (a number's shape),
    /// asked of its conformance once here.
    private let filtersTyping: [Bool]
    /// For each field, the later fields whose `matches` rule names it.
    private let dependents: [[Int]]
    /// What decides which fields are shown (each field's `when`, the fields it reads, the
    /// questions that gate a repeating group's items), behind one reference.
    let visibility: VisibilityRules
    /// The fields that have a `when` condition, in order.
    let conditional: [Int]
    /// Whether a `when` condition reads each field, so that a change of it may hide another.
    let isReadByCondition: [Bool]

    public init(spec: FlowSpec) {
        self.spec = spec
        var dependents = Array(repeating: [Int](), count: spec.fields.count)
        var conditionSource = [Int?](repeating: nil, count: spec.fields.count)
        var combinedSources: [Int: [Int]] = [:]
        for (index, field) in spec.fields.enumerated() {
            if let other = field.rules.matches, let source = spec.index(of: other) { dependents[source].append(index) }
            switch field.when {
            case .leaf(let name, _)?: conditionSource[index] = spec.index(of: name)
            case let condition?:
                let sources = condition.fields.compactMap(spec.index(of:))
                conditionSource[index] = sources.max()
                combinedSources[index] = sources
            case nil: break
            }
        }
        self.visibility = VisibilityRules(
            conditions: spec.fields.map(\.when), conditionSource: conditionSource, combinedSources: combinedSources,
            itemGate: Self.itemGates(of: spec), layout: spec.layout)
        self.dependents = dependents
        self.conditional = conditionSource.indices.filter { conditionSource[$0] != nil }
        var isReadByCondition = [Bool](repeating: false, count: spec.fields.count)
        for source in conditionSource.compactMap({ $0 }) + combinedSources.values.joined() { isReadByCondition[source] = true }
        self.isReadByCondition = isReadByCondition
        self.behaviors = spec.fields.map(\.kind.behavior)
        self.typesText = behaviors.map { $0.textAction(for: .textChanged("")) != nil }
        self.hasOptions = behaviors.map { $0.hasOptions }
        self.filtersTyping = zip(behaviors, spec.fields).map { $0.filtersTyping($1) }
    }

    public enum Action: Sendable, Equatable {
        /// An action for the focused field, taken by its kind's reducer; an action its kind
        /// does not take changes nothing.
        case field(FieldAction)
        /// Validate the focused field and move to the next visible one; complete on the last.
        case next
        /// Move to the previous visible field. Never blocked.
        case previous
        /// Jump to a visible field. See ``FlowReducer`` for what a forward jump checks.
        case focus(FieldID)
        /// Show or hide the focused secure field's text.
        case toggleReveal
        /// Give up: focus clears and the flow ends without answers.
        case cancel
        /// In review: validate every visible field and complete with their answers. See
        /// ``FlowReducer`` (Review) for what the other actions do in review.
        case submit
        /// The host's answer to the check with this ticket (``FlowEvent/checking(field:check:ticket:)``);
        /// a stale or unknown ticket changes nothing.
        case checked(ticket: Int, ServiceAnswer)
        /// The host's answer to the send with this ticket (``FlowEvent/sending(field:send:ticket:)``).
        case sent(ticket: Int, ServiceAnswer)
        /// Send the focused field's code again, once its cooldown has passed.
        case resend
        /// The clock moved on by `seconds`: time is an input like any other.
        case tick(seconds: Int)
        /// The host's answer to the request for options with this ticket
        /// (``FlowEvent/loadingOptions(field:source:ticket:query:)``); a stale ticket changes nothing.
        case options(ticket: Int, OptionsAnswer)
        /// In review: remove the item of a repeating group that the path names (`phones[1]` or
        /// any of its fields, `phones[1].number`); later items move up one. Refused (nothing
        /// changes) below the group's `minItems`, outside review, or for a path into no item.
        case removeItem(FieldID)
    }

    /// The state before anything happened: the first field focused, every field empty.
    public func initialState() -> State {
        let first = spec.fields[0]
        var state = State(
            focus: first.id, surface: first.secure ? .secure : .plain, keyboard: first.keyboard,
            fields: FieldStates(layout: spec.layout))
        if first.send != nil || first.optionSource != nil { reachFirst(&state) }
        return state
    }

    /// Applies `action` to `state`.
    ///
    /// Once the flow completed or was cancelled, every action is ignored.
    ///
    /// - Returns: the events describing the change, in order; empty when nothing happened.
    /// - Complexity: O(1) for moves and reveals, except validation, which is linear in the
    ///   checked value; a text change compares old and new text once, at `memcmp` speed.
    public func reduce(into state: inout State, action: Action) -> [FlowEvent] {
        var events: [FlowEvent] = []
        reduce(into: &state, action: action, events: &events)
        return events
    }

    /// Applies `action` to `state`, appending the events to `events`: for hosts that reuse one
    /// buffer instead of receiving a new array each time.
    public func reduce(into state: inout State, action: Action, events: inout [FlowEvent]) {
        switch action {
        case .checked, .sent, .resend, .tick: return reduceService(&state, action: action, events: &events)
        case .options(let ticket, let answer): return reduceOptions(&state, ticket: ticket, answer: answer, events: &events)
        default: break
        }
        if state.phase == .review { return reduceInReview(&state, action: action, events: &events) }
        guard state.phase == .editing, let focus = state.focus, let index = spec.index(of: focus) else { return }
        switch action {
        case .field(let action):
            edit(&state, field: index, action: action, events: &events)
        case .next:
            advance(&state, from: index, events: &events)
        case .previous:
            var visibility = VisibilityMemo(self)
            guard let target = (0..<index).reversed().first(where: { visibility.isVisible($0, in: state) }) else { return }
            move(&state, from: index, to: target, events: &events)
        case .focus(let id):
            var visibility = VisibilityMemo(self)
            guard let target = spec.index(of: id), target != index, visibility.isVisible(target, in: state) else { return }
            jump(&state, from: index, to: target, visibility: &visibility, events: &events)
        case .toggleReveal:
            guard spec.layout.secure[index] else { return }
            state.revealed.toggle()
            let old = state.surface
            state.surface = state.revealed ? .plain : .secure
            events.append(.surfaceChanged(field: focus, from: old, to: state.surface))
        case .cancel:
            state.phase = .cancelled
            state.focus = nil
            state.checking = nil
            events += [.focusMoved(from: focus, to: nil), .cancelled]
        case .submit, .checked, .sent, .resend, .tick, .options, .removeItem:
            return
        }
    }

    /// Whether `field` is shown given the answers so far (its `when` holds, and so on up the chain).
    ///
    /// - Complexity: O(1) for a field without a condition.
    public func isVisible(_ field: FieldID, in state: State) -> Bool {
        spec.index(of: field).map { isVisible($0, in: state) } ?? false
    }

    /// Where the focused field stands: its step among the visible fields, how many steps the
    /// walk can take under the answers given, and whether it is the first or the last. See ``FlowProgress``.
    ///
    /// Once the flow has ended, `step` and `steps` are the number of visible fields.
    ///
    /// - Complexity: O(*c* · *d*), *c* the number of fields with a `when` condition and *d* the
    ///   longest chain of conditions; O(1) for a flow without conditions.
    public func progress(in state: State) -> FlowProgress {
        var visibility = VisibilityMemo(self)
        guard let focus = state.focus, let index = spec.index(of: focus) else {
            let visible = spec.fields.count - conditional.count(where: { !visibility.isVisible($0, in: state) })
            return FlowProgress(step: visible, steps: visible, isFirst: visible <= 1, isLast: true)
        }
        var hiddenBefore = 0, cannotShow = 0
        for c in conditional where c != index {
            if c < index {
                if !visibility.isVisible(c, in: state) { hiddenBefore += 1 }
            } else if !visibility.mayShow(c, focus: index, in: state) {
                cannotShow += 1
            }
        }
        let step = index + 1 - hiddenBefore
        let isLast = !(index + 1..<spec.fields.count).contains { visibility.isVisible($0, in: state) }
        // Where Enter finishes, the counter says so: n/n, as the key line's "finish" does.
        let steps = isLast ? step : spec.fields.count - hiddenBefore - cannotShow
        let section = spec.fields[index].section.map { sectionProgress(named: $0, at: index, in: state, visibility: &visibility) }
        return FlowProgress(step: step, steps: steps, isFirst: step == 1, isLast: isLast, section: section)
    }

    /// The focused field's step within its section (the run of consecutive fields that give the
    /// section `name`), counted as ``progress(in:)`` counts the flow's.
    ///
    /// - Complexity: O(*s*), *s* the fields of the section, for a section without conditions.
    private func sectionProgress(named name: String, at index: Int, in state: State, visibility: inout VisibilityMemo) -> FlowProgress.Section {
        let fields = spec.fields
        var first = index, end = index + 1
        while first > 0, fields[first - 1].section == name { first -= 1 }
        while end < fields.count, fields[end].section == name { end += 1 }
        var step = 1, steps = 1, laterVisible = false
        for other in first..<index where visibility.isVisible(other, in: state) { step += 1 }
        for other in index + 1..<end {
            if visibility.isVisible(other, in: state) {
                laterVisible = true
                steps += 1
            } else if visibility.mayShow(other, focus: index, in: state) {
                steps += 1
            }
        }
        // The section's last field that shows says n/n, as the flow's counter does.
        return FlowProgress.Section(name: name, step: step, steps: laterVisible ? step - 1 + steps : step)
    }

    /// The answers the flow would complete with now: the visible fields' values, in order.
    public func result(of state: State) -> FlowResult {
        var visibility = VisibilityMemo(self)
        let positions = spec.fields.indices.filter { visibility.isVisible($0, in: state) }
        let answers: [FlowResult.Answer] = positions.map {
            .init(field: spec.layout.ids[$0], answer: state.fields[position: $0].answer, secure: spec.layout.secure[$0])
        }
        guard spec.groupPlaces.isEmpty else { return groupedResult(answers, positions: positions, in: state, visibility: &visibility) }
        return FlowResult(answers: answers, flowFields: spec.layout.ids)
    }

    // MARK: - Moves

    /// An edit of a field's text (a text field's value, a choice field's filter), the keystroke
    /// path: the keyboard check, the kind's own rule for what may be typed where it has one
    /// (``FieldBehavior/typed(_:old:field:)``), and the search-field reducer on the text in place, with no
    /// copy of it.
    @inline(__always)
    private func editText(_ state: inout State, field index: Int, action: TextFieldReducer.Action, events: inout [FlowEvent]) {
        let id = spec.layout.ids[index]
        let secure = spec.layout.secure[index]
        let keyboard = state.keyboard
        var submitted = false
        var changed = false
        var action = action
        if case .textChanged(let new) = action {
            guard let region = new.editedRegion(from: state.fields[textAt: index].text) else { return }
            guard new.accepts(keyboard, in: region) else { return events.append(.rejected(field: id)) }
            if filtersTyping[index] {
                guard let taken = behaviors[index].typed(new, old: state.fields[textAt: index].text, field: spec.fields[index]) else { return events.append(.rejected(field: id)) }
                action = .textChanged(taken)
            }
        }
        var old = ""
        if case .clear = action { old = state.fields[textAt: index].text }
        let shown = answersShown(after: index, in: state)
        text.reduce(into: &state.fields[textAt: index], action: action) { effect in
            switch effect {
            case .notify(.changed(let old, let new)):
                changed = true
                events.append(secure ? .changed(field: id, old: nil, new: nil) : .changed(field: id, old: old, new: new))
            case .notify(.cleared):
                // The text field says only `cleared`; the flow says the change of text too.
                if !old.isEmpty {
                    changed = true
                    events.append(secure ? .changed(field: id, old: nil, new: nil) : .changed(field: id, old: old, new: ""))
                }
                events.append(.cleared(field: id))
            case .notify(.submitted):
                events.append(.submitted(field: id))
                submitted = true
            }
        }
        if submitted { return advance(&state, from: index, events: &events) }
        if changed {
            if !state.checked.isEmpty || state.checking != nil { forgetCheck(&state, of: id) }
            if hasOptions[index] {
                state.fields[position: index].textChanged(field: field(at: index, in: state)) { events.append($0) }
                filterChanged(&state, at: index, events: &events)
            }
            revalidate(&state, after: index)
            sayDropped(shown, because: index, in: state, events: &events)
        }
    }

    /// Re-checks a field with an error, and the fields that must match it, after an edit.
    private func revalidate(_ state: inout State, after index: Int) {
        let id = spec.layout.ids[index]
        if !state.errors.isEmpty, state.errors[id] != nil {
            state.errors[id] = failure(of: index, in: state)
        }
        for dependent in dependents[index] {
            let dependentID = spec.layout.ids[dependent]
            if state.errors[dependentID] != nil || !state.text(at: dependent).isEmpty {
                state.errors[dependentID] = failure(of: dependent, in: state)
            }
        }
    }

    /// Hands `action` to the focused field: its text's part to the search-field reducer in place (the
    /// keystroke path, the same for every kind with text), the rest to its kind's reducer through
    /// ``FieldState``.
    private func edit(_ state: inout State, field index: Int, action: FieldAction, events: inout [FlowEvent]) {
        if case .textChanged(let new) = action, typesText[index] {
            return editText(&state, field: index, action: .textChanged(new), events: &events)
        }
        if let textAction = behaviors[index].textAction(for: action) {
            return editText(&state, field: index, action: textAction, events: &events)
        }
        let said = events.count
        let shown = answersShown(after: index, in: state)
        let field = field(at: index, in: state)
        let submitted = update(&state, field: index) { $0.apply(action, field: field) { events.append($0) } }
        sayDropped(shown, because: index, in: state, events: &events)
        if submitted { return advance(&state, from: index, events: &events) }
        // A refused action changes nothing, not even an error.
        if events.count > said, events[said] != .rejected(field: spec.layout.ids[index]) {
            if events[said...].contains(where: \.changesAnswer) { forgetCheck(&state, of: spec.layout.ids[index]) }
            revalidate(&state, after: index)
        }
    }

    /// Jumps from the field at `index` to the visible field at `target`: forward, each visible
    /// field from `index` on is checked first, and a check that must run runs with the jump's
    /// target as where the walk goes once it passes.
    func jump(_ state: inout State, from index: Int, to target: Int, visibility: inout VisibilityMemo, events: inout [FlowEvent]) {
        if target > index {
            for skipped in index..<target where visibility.isVisible(skipped, in: state) {
                guard check(&state, skipped, events: &events, movingFrom: index, onward: .jump(spec.layout.ids[target])) else { return }
            }
        }
        move(&state, from: index, to: target, events: &events)
    }

    /// Runs `body` on the state of the field at `index`, written back only when it changed: a
    /// write copies every field's storage, which the state it was copied from shares, so that
    /// Next on a field that submitting leaves as it was (most) costs no copy of the others.
    private func update<R>(_ state: inout State, field index: Int, _ body: (inout FieldState) -> R) -> R {
        let old = state.fields[position: index]
        var new = old
        let result = body(&new)
        if new != old { state.fields[position: index] = new }
        return result
    }

    /// Validates the focused field, then moves to the next visible field or completes.
    func advance(_ state: inout State, from index: Int, events: inout [FlowEvent]) {
        let id = spec.layout.ids[index]
        if let waiting = retryOptions(&state, at: index, events: &events) {
            state.errors[id] = waiting
            return events.append(.invalid(field: id, message: waiting))
        }
        // Submitting may answer the field (a select takes its highlighted option).
        let shown = answersShown(after: index, in: state)
        let field = field(at: index, in: state)
        if let refusal = update(&state, field: index, { $0.submitting(field: field, messages: spec.language.messages, say: { events.append($0) }) }) {
            state.errors[id] = refusal
            return events.append(.invalid(field: id, message: refusal))
        }
        sayDropped(shown, because: index, in: state, events: &events)
        if state.reviewed != nil { return advanceAmending(&state, from: index, events: &events) }
        guard check(&state, index, events: &events, movingFrom: index) else { return }
        var visibility = VisibilityMemo(self)
        // The next visible field; a prefilled one that still passes is passed over (`skipFilled`),
        // and when every later one is, the last of them takes the focus, as at the start, so that
        // the walk ends on an Enter.
        var target: Int?
        // The first field passed over whose check must run.
        var unchecked: Int?
        for position in index + 1..<spec.fields.count where visibility.isVisible(position, in: state) {
            if let over = target, unchecked == nil, spec.fields[over].check != nil, !state.checked.contains(spec.layout.ids[over]) {
                unchecked = over
            }
            target = position
            if state.skipping.isEmpty || !state.skipping.contains(spec.layout.ids[position]) || failure(of: position, in: state) != nil { break }
        }
        // A field passed over must pass its check first: it runs now, and the walk goes on from
        // there once it answers. (The last field, which takes the focus, is checked on its Enter.)
        if let unchecked {
            _ = passesCheck(&state, unchecked, events: &events, movingFrom: index)
            return
        }
        if let target {
            return move(&state, from: index, to: target, events: &events)
        }
        finish(&state, from: index, events: &events)
    }

    /// The walk finishes from the field at `index`: every other visible field passes (a check
    /// not yet passed runs, and the walk finishes once it answers), then the review shows or
    /// the flow completes.
    func finish(_ state: inout State, from index: Int, events: inout [FlowEvent]) {
        var visibility = VisibilityMemo(self)
        for other in spec.fields.indices where other != index && visibility.isVisible(other, in: state) {
            guard check(&state, other, events: &events, movingFrom: index, onward: .finishing) else { return }
        }
        if spec.review { return enterReview(&state, from: index, events: &events) }
        state.phase = .completed
        state.focus = nil
        events += [.focusMoved(from: spec.layout.ids[index], to: nil), .completed(result(of: state))]
    }

    /// Validates the field at `position`, recording or clearing its error. When it fails, focus
    /// moves to it from `index` (unless it is there already) and `invalid` is said.
    ///
    /// - Returns: whether the field passed.
    func check(_ state: inout State, _ position: Int, events: inout [FlowEvent], movingFrom index: Int, onward: PendingCheck.Onward? = nil) -> Bool {
        let id = spec.layout.ids[position]
        guard let message = failure(of: position, in: state) else {
            state.errors[id] = nil
            return spec.fields[position].check == nil || passesCheck(&state, position, events: &events, movingFrom: index, onward: onward)
        }
        state.errors[id] = message
        if position != index { move(&state, from: index, to: position, events: &events) }
        events.append(.invalid(field: id, message: message))
        return false
    }

    /// Moves focus, resetting reveal, with one `focusMoved` and the surface and keyboard changes.
    func move(_ state: inout State, from index: Int, to target: Int, events: inout [FlowEvent]) {
        let to = spec.layout.ids[target]
        let keyboard = spec.fields[target].keyboard
        state.focus = to
        state.revealed = false
        state.checking = nil
        if !state.skipping.isEmpty { state.skipping.remove(to) }
        events.append(.focusMoved(from: spec.layout.ids[index], to: to))
        let surface: Surface = spec.layout.secure[target] ? .secure : .plain
        if surface != state.surface {
            events.append(.surfaceChanged(field: to, from: state.surface, to: surface))
            state.surface = surface
        }
        if keyboard != state.keyboard {
            events.append(.keyboardChanged(from: state.keyboard, to: keyboard))
            state.keyboard = keyboard
        }
        if let send = spec.fields[target].send, state.sends[to] == nil { startSend(&state, field: to, send: send, events: &events) }
        if spec.fields[target].optionSource != nil { reachOptions(&state, at: target, events: &events) }
    }

    /// Whether the field at `index` is shown: its condition holds, and so on up the chain,
    /// walked without recursion (a chain may be thousands of fields long). A request that asks
    /// about many fields uses a ``VisibilityMemo`` instead.
    func isVisible(_ index: Int, in state: State) -> Bool {
        let rules = visibility
        guard rules.combinedSources.isEmpty else {
            var memo = VisibilityMemo(self)
            return memo.isVisible(index, in: state)
        }
        var field = index
        while let source = rules.conditionSource[field], let condition = rules.conditions[field] {
            guard condition.isSatisfied(by: state.fields[position: source].answer) else { return false }
            field = source
        }
        return true
    }
}
