import FocusFlow

extension FlowInvariants {
    /// Invariant 15: a walk put back from its snapshot. `restored` is what restoring the
    /// snapshot of `state` gave (``FlowReducer/snapshot(of:focus:)`` then
    /// ``FlowReducer/restore(_:)`` for the engine). It holds no secure text and every non-secure
    /// answer of `state` that is not empty but those only a person gives (`"prefill": false`,
    /// asked again); and when `state` is the review, walking on from `restored` — each secure
    /// field given `passing[id]` again, then Next, then submit — completes with the same
    /// non-secure answers as submitting `state` does.
    ///
    /// - Parameter transition: the machine under test, which walks the restored state.
    /// - Complexity: O(*f*) for *f* fields; from a review state, O(*f*) transitions more.
    func restoreViolation(
        state: FlowReducer.State, restored: FlowReducer.State?, passing: [FieldID: String],
        transition: (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent]
    ) -> Violation? {
        let spec = reducer.spec
        func fail(_ breach: Breach) -> Violation { Violation(breach) }
        guard let restored else { return fail(.snapshotNotRestored) }
        if let kept = securePositions.first(where: { !restored.fields[position: $0].answer.isEmpty }) {
            return fail(.restoredHoldsSecret(spec.fields[kept].id))
        }
        // A field only the person answers (`"prefill": false`) is asked again, as a secure one is.
        // A field that holds the same state holds the same answer: only the others are asked.
        for position in prefilledPositions where !restored.fields.holdsSame(at: position, as: state.fields) {
            let answer = state.fields[position: position].answer
            if !answer.isEmpty && restored.fields[position: position].answer != answer { return fail(.restoredLostAnswer(spec.fields[position].id)) }
        }
        guard state.phase == .review, securePositions.allSatisfy({ passing[spec.fields[$0].id] != nil }) else { return nil }
        var walk = restored
        // Each step answers the focused field or moves on; a walk longer than two steps a field is stuck.
        for _ in 0..<(spec.fields.count * 2 + 2) where walk.phase == .editing || walk.phase == .review {
            if let pending = walk.checking {
                // A restored walk checks again: the host says yes, as it did.
                _ = transition(&walk, .checked(ticket: pending.ticket, .ok))
            } else if walk.phase == .review {
                _ = transition(&walk, .submit)
            } else if let focus = walk.focus, let field = spec[focus], field.secure, walk.text(of: focus).isEmpty, let value = passing[focus] {
                _ = transition(&walk, .field(.textChanged(value)))
            } else if let focus = walk.focus, let field = spec[focus], !field.prefill, walk.answer(of: focus) != state.answer(of: focus) {
                // The person gives the answer again: the field as it was.
                walk.fields[field: focus] = state.fields[field: focus]
            } else {
                _ = transition(&walk, .next)
            }
        }
        guard walk.phase == .completed else {
            return fail(.restoredNotCompleted(phase: "\(walk.phase)", focus: walk.focus))
        }
        let plain = { (result: FlowResult) in result.answers.filter { !$0.secure } }
        if !plain(reducer.result(of: walk)).elementsEqual(plain(reducer.result(of: state)), by: { $0.field == $1.field && $0.answer == $1.answer }) {
            return fail(.restoredOtherAnswers)
        }
        return nil
    }
}
