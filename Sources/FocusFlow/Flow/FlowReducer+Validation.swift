extension FlowReducer {
    /// The message of the first rule the field's value fails, or `nil` when it passes them all.
    ///
    /// Messages name the field and the rule, never the value.
    ///
    /// - Complexity: O(*n*) in the value's length.
    public func failure(of field: FieldID, in state: State) -> String? {
        spec.index(of: field).flatMap { failure(of: $0, in: state) }
    }

    /// The built-in message of the first rule the field's value fails, as if the field had no
    /// `message` of its own, or `nil` when it passes them all: which rule failed, told apart
    /// where the field's one message says the same for every rule (a recording's stand-in
    /// fails the rule the typed value failed).
    ///
    /// - Complexity: O(*n*) in the value's length.
    package func ruleFailure(of field: FieldID, in state: State) -> String? {
        spec.index(of: field).flatMap { failure(of: $0, in: state, ownMessage: false) }
    }

    func failure(of index: Int, in state: State, ownMessage: Bool = true) -> String? {
        if let waiting = optionsFailure(of: index, in: state) { return waiting }
        // The texts as the person sees them: a label or message may name an earlier answer.
        let field = field(at: index, in: state)
        let matched = field.rules.matches.flatMap { id in spec.index(of: id).map { (label: label(at: $0, in: state), text: state.text(at: $0)) } }
        let check = FieldCheck(field: field, matched: matched, messages: spec.language.messages, ownMessage: ownMessage)
        if let failure = state.fields[position: index].failure(in: check) {
            return failure
        }
        if !field.requirements.isEmpty, field.rules.required || !state.text(at: index).isEmpty, let unmet = field.requirements.first(where: { !$0.isMet(by: state.text(at: index)) }) {
            return spec.language.messages.unmet(field.label, unmet.message)
        }
        if field.send != nil, state.sends[field.id]?.expired == true { return spec.language.messages.expired(field.label) }
        return nil
    }
}
