import FocusFlow

extension FlowInvariants {
    /// Invariant 17 in `state`: every field shown (the focused one, or each the review lists)
    /// names in its texts only answers of visible fields that are not secure.
    func textViolation(after state: FlowReducer.State) -> Violation? {
        let spec = reducer.spec
        let shown: [FieldID] = state.phase == .review ? state.reviewed ?? [] : state.focus.map { [$0] } ?? []
        for position in namingPositions where shown.contains(spec.fields[position].id) {
            let field = spec.fields[position]
            for named in field.namedAnswers {
                if spec[named]?.secure == true { return Violation(.textNamesSecret(field.id, named: named)) }
                if !reducer.isVisible(named, in: state) { return Violation(.textNamesHidden(field.id, named: named)) }
            }
        }
        return nil
    }
}
