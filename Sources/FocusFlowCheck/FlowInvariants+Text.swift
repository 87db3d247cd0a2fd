import FocusFlow

extension FlowInvariants {
    /// Invariant 17 in `state`: every field shown (the focused one, or each the review lists)
    /// names in its texts only answers of visible fields that are not secure.
    func textViolation(after state: FlowReducer.State) -> Violation? {
        for (field, named) in naming {
            guard state.phase == .review ? state.reviewed?.contains(field) == true : state.focus == field else { continue }
            for (id, secure) in named {
                if secure { return Violation(.textNamesSecret(field, named: id)) }
                if !reducer.isVisible(id, in: state) { return Violation(.textNamesHidden(field, named: id)) }
            }
        }
        return nil
    }
}
