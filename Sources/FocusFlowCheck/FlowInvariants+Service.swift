import FocusFlow
import FocusFlowProtocol

extension FlowInvariants {
    /// Invariant 16 on one transition: checks, sends and requirements.
    func serviceViolation(before: FlowReducer.State, action: FlowReducer.Action, after: FlowReducer.State, events: [FlowEvent]) -> Violation? {
        let spec = reducer.spec
        func fail(_ breach: Breach) -> Violation { Violation(breach) }
        // A stale answer: no ticket of its number is waited for.
        switch action {
        case .checked(let ticket, _):
            let waited = before.phase == .editing && before.checking?.ticket == ticket && before.focus == before.checking?.field
            if !waited && (after != before || !events.isEmpty) { return fail(.staleAnswerChanged(request: "checked \(ticket)")) }
        case .sent(let ticket, _):
            let waited = !before.phase.hasEnded && before.sends.values.contains { $0.ticket == ticket }
            if !waited && (after != before || !events.isEmpty) { return fail(.staleAnswerChanged(request: "sent \(ticket)")) }
        case .options(let ticket, _):
            let waited = !before.phase.hasEnded && before.optionLists.values.contains { $0.ticket == ticket }
            if !waited && (after != before || !events.isEmpty) { return fail(.staleAnswerChanged(request: "options \(ticket)")) }
        default: break
        }
        // An edit takes the pass away.
        if hasChecks, case .field(let edit) = action, edit != .submit, let focus = before.focus, spec[focus]?.check != nil,
            before.answer(of: focus) != after.answer(of: focus), after.checked.contains(focus)
        {
            return fail(.checkedAfterEdit(focus))
        }
        // A field newly passed has passed its check: before, for the answer it holds, or by this answer.
        let passedBefore = hasChecks ? passed(in: before) : []
        for position in hasChecks ? passed(in: after) : [] where !passedBefore.contains(position) {
            let id = spec.fields[position].id
            let answered: Bool = if case .checked(let ticket, .ok) = action, before.checking?.ticket == ticket, before.checking?.field == id { true } else { false }
            let kept = before.checked.contains(id) && before.answer(of: id) == after.answer(of: id)
            if !answered && !kept { return fail(.passedUnchecked(id)) }
        }
        // What the host is asked holds no other field's secret.
        var requests = [reducer.pendingCheck(in: after)].compactMap { $0 }
        requests += after.sends.values.compactMap(\.ticket).sorted().compactMap { reducer.pendingSend($0, in: after) }
        for request in requests {
            if let secure = request.answers.answers.first(where: { spec[$0.field]?.secure == true }) {
                return fail(.requestShowsSecret(request.field, of: secure.field))
            }
        }
        // Requirements agree with the rules: a field that misses one fails, unless it is left
        // empty and not required (as a rule holds only for an answer given).
        if !requiring.isEmpty, after.phase == .editing, let focus = after.focus, let index = spec.index(of: focus), requiring.contains(index),
            case let field = spec.fields[index],
            field.rules.required || !after.text(of: focus).isEmpty,
            field.requirementsMet(by: after.text(of: focus)).contains(where: { !$0.met }), reducer.failure(of: focus, in: after) == nil
        {
            return fail(.requirementsDisagree(focus))
        }
        return nil
    }

    /// The positions of the visible fields with a check that the walk has passed: those before
    /// the focus while editing, every one at the review or once completed.
    private func passed(in state: FlowReducer.State) -> Set<Int> {
        let spec = reducer.spec
        let end: Int
        switch state.phase {
        case .editing:
            guard let focus = state.focus, let index = spec.index(of: focus) else { return [] }
            end = index
        case .review, .completed: end = spec.fields.count
        default: return []
        }
        return Set((0..<end).filter { spec.fields[$0].check != nil && reducer.isVisible(spec.fields[$0].id, in: state) })
    }
}
