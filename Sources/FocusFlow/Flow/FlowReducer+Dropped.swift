/// Dropped answers: the one place that says which answers a change hid.
///
/// Every field keeps its state while hidden, and ``FlowReducer/result(of:)`` leaves a hidden
/// field out. An action that changes a field's answer (an edit, a choice, the option a submit
/// takes) and thereby hides later fields that held an answer the person gave says
/// ``FlowEvent/dropped(fields:because:)`` once, after the change's own events: the review, line
/// mode, `serve` and a host all learn it from this event. An answer the person gave is one that
/// says something and is not the flow's default for the field, or one the review has shown.
extension FlowReducer {
    /// The conditional fields after `index` that are shown in `state` and hold an answer the
    /// person gave: the ones a change of the field at `index` could drop.
    ///
    /// - Complexity: O(1) for a field no condition reads; otherwise O(*c*), *c* the fields with
    ///   a condition after it.
    func answersShown(after index: Int, in state: State) -> [Int] {
        guard isReadByCondition[index] else { return [] }
        var visibility = VisibilityMemo(self)
        return conditional.filter { $0 > index && holdsGivenAnswer($0, in: state) && visibility.isVisible($0, in: state) }
    }

    /// Says ``FlowEvent/dropped(fields:because:)`` for those of `shown` (from
    /// ``answersShown(after:in:)`` before the change) that the change of the field at `index`
    /// hid; nothing when none is hidden.
    func sayDropped(_ shown: [Int], because index: Int, in state: State, events: inout [FlowEvent]) {
        guard !shown.isEmpty else { return }
        var visibility = VisibilityMemo(self)
        let hidden = shown.filter { !visibility.isVisible($0, in: state) }
        guard !hidden.isEmpty else { return }
        events.append(.dropped(fields: hidden.map { spec.layout.ids[$0] }, because: spec.layout.ids[index]))
    }

    /// Whether the field at `index` holds an answer the person gave: one that says something,
    /// other than the flow's default unless the review has shown it.
    private func holdsGivenAnswer(_ index: Int, in state: State) -> Bool {
        let answer = state.fields[position: index].answer
        guard !answer.isEmpty else { return false }
        return answer != spec.layout.initial[index].answer || state.reviewed?.contains(spec.layout.ids[index]) == true
    }
}
