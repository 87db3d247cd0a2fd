/// Review and amend, for a flow with ``FlowSpec/review``.
///
/// - When the last visible field passes (and every other visible field with it), the phase
///   becomes ``Phase/review`` instead of ``Phase/completed``: focus clears with one
///   `focusMoved(from: last, to: nil)`, then ``FlowEvent/reviewing``. ``State/reviewed`` lists
///   the fields shown.
/// - In review, ``Action/submit`` validates every visible field, as completion does, and
///   completes with exactly the visible answers; a field that fails (it cannot, unless the
///   state was changed from outside) is focused with its `invalid`, to be amended.
/// - In review, ``Action/focus(_:)`` amends a visible field: a jump, one
///   `focusMoved(from: nil, to: field)`, phase ``Phase/editing`` with ``State/isAmending``.
///   ``Action/previous`` amends the last visible field. ``Action/cancel`` cancels. Every other
///   action changes nothing.
/// - While amending, Next (or the field's submit) on a field that passes returns to the review,
///   unless the change made a field appear that the review did not list, or made a visible
///   field fail (a `matches` partner, a `when` chain): focus then goes to the first of those,
///   in field order, with its `invalid` when it fails.
extension FlowReducer.Phase {
    /// Whether the flow is over: completed or cancelled. A review is not an end.
    public var hasEnded: Bool { self == .completed || self == .cancelled }
}

extension FlowReducer {
    func reduceInReview(_ state: inout State, action: Action, events: inout [FlowEvent]) {
        switch action {
        case .submit:
            var visibility = VisibilityMemo(self)
            for index in spec.fields.indices where visibility.isVisible(index, in: state) {
                let id = spec.layout.ids[index]
                guard let message = failure(of: index, in: state) else {
                    state.errors[id] = nil
                    if spec.fields[index].check != nil, !state.checked.contains(id) {
                        amend(&state, field: index, events: &events)
                        _ = passesCheck(&state, index, events: &events, movingFrom: index)
                        return
                    }
                    continue
                }
                state.errors[id] = message
                amend(&state, field: index, events: &events)
                events.append(.invalid(field: id, message: message))
                return
            }
            state.phase = .completed
            events.append(.completed(result(of: state)))
        case .focus(let id):
            guard let target = spec.index(of: id), isVisible(target, in: state) else { return }
            amend(&state, field: target, events: &events)
        case .previous:
            var visibility = VisibilityMemo(self)
            guard let target = spec.fields.indices.last(where: { visibility.isVisible($0, in: state) }) else { return }
            amend(&state, field: target, events: &events)
        case .cancel:
            state.phase = .cancelled
            events.append(.cancelled)
        case .removeItem(let id):
            removeItem(&state, naming: id)
        case .field, .next, .toggleReveal, .checked, .sent, .resend, .tick, .options:
            return
        }
    }

    /// Shows the review: focus clears from the field at `index`, and the visible fields are the
    /// ones listed.
    func enterReview(_ state: inout State, from index: Int, events: inout [FlowEvent]) {
        state.phase = .review
        state.focus = nil
        state.revealed = false
        var visibility = VisibilityMemo(self)
        state.reviewed = spec.fields.indices.filter { visibility.isVisible($0, in: state) }.map { spec.layout.ids[$0] }
        events += [.focusMoved(from: spec.layout.ids[index], to: nil), .reviewing]
    }

    /// Whether Next on the focused field, once it passes, opens the review: on the last step of
    /// a flow with a review, and while amending when the change made no field appear that the
    /// review does not list yet (Next then goes on to such a field). `progress` is
    /// ``progress(in:)`` of `state`, when the caller has it already.
    public func nextOpensReview(in state: State, progress: FlowProgress? = nil) -> Bool {
        guard spec.review, state.phase == .editing, let focus = state.focus, let index = spec.index(of: focus) else { return false }
        guard let listed = state.reviewed else { return (progress ?? self.progress(in: state)).isLast }
        var visibility = VisibilityMemo(self)
        return !spec.fields.indices.contains { $0 != index && visibility.isVisible($0, in: state) && !listed.contains(spec.layout.ids[$0]) }
    }

    /// Next on the field at `index` while amending: back to the review, or on to the first field
    /// the change made appear or fail.
    func advanceAmending(_ state: inout State, from index: Int, events: inout [FlowEvent]) {
        guard check(&state, index, events: &events, movingFrom: index) else { return }
        let id = spec.layout.ids[index]
        var listed = state.reviewed ?? []
        if !listed.contains(id) {
            listed.append(id)
            listed.sort { (spec.index(of: $0) ?? 0) < (spec.index(of: $1) ?? 0) }
            state.reviewed = listed
        }
        var visibility = VisibilityMemo(self)
        for other in spec.fields.indices where other != index && visibility.isVisible(other, in: state) {
            if !listed.contains(spec.layout.ids[other]) {
                return move(&state, from: index, to: other, events: &events)
            }
            guard check(&state, other, events: &events, movingFrom: index) else { return }
        }
        enterReview(&state, from: index, events: &events)
    }

    /// Focuses the field at `index` from the review, with one `focusMoved(from: nil, …)` and
    /// the surface and keyboard changes.
    private func amend(_ state: inout State, field index: Int, events: inout [FlowEvent]) {
        let to = spec.layout.ids[index]
        state.phase = .editing
        state.focus = to
        state.revealed = false
        events.append(.focusMoved(from: nil, to: to))
        let surface: Surface = spec.layout.secure[index] ? .secure : .plain
        if surface != state.surface {
            events.append(.surfaceChanged(field: to, from: state.surface, to: surface))
            state.surface = surface
        }
        let keyboard = spec.fields[index].keyboard
        if keyboard != state.keyboard {
            events.append(.keyboardChanged(from: state.keyboard, to: keyboard))
            state.keyboard = keyboard
        }
        if let send = spec.fields[index].send, state.sends[to] == nil { startSend(&state, field: to, send: send, events: &events) }
        if spec.fields[index].optionSource != nil { reachOptions(&state, at: index, events: &events) }
    }
}

extension FlowReducer {
    /// The rows of a review, grouped as it shows them: each run of consecutive visible fields
    /// that give the same ``FieldSpec/section`` is one group, named by it (`nil` for fields
    /// without a section). A flow without sections gives one group of every visible field.
    ///
    /// A repeating group's question whether to add an item is no row once answered yes: its
    /// item shows under the item's own heading. Answered no (after the last item, while more may
    /// be added), it is one row in the group's own section, after the items: amended to yes, it
    /// adds an item.
    ///
    /// - Complexity: O(*n*) in the number of fields, for a flow without conditions.
    public func sectionGroups(in state: State) -> [(section: String?, fields: [FieldID])] {
        var visibility = VisibilityMemo(self)
        var groups: [(section: String?, fields: [FieldID])] = []
        for index in spec.fields.indices where visibility.isVisible(index, in: state) {
            if !spec.groupPlaces.isEmpty, state.fields[position: index].answer == .bool(true), spec.groupQuestion(spec.layout.ids[index]) != nil {
                continue
            }
            let section = spec.fields[index].section
            if let last = groups.indices.last, groups[last].section == section {
                groups[last].fields.append(spec.layout.ids[index])
            } else {
                groups.append((section, [spec.layout.ids[index]]))
            }
        }
        return groups
    }
}
