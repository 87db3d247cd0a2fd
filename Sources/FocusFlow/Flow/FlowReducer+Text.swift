/// Answers in text: a field's label, placeholder, hint and `rules.message` may name an earlier
/// field's answer (`"Welcome, {name}: choose a nickname"`), and show it as the review does
/// (``FieldSpec/shownAnswer(_:in:mask:)``): an option's label, a multi-select's labels joined, a
/// date and a number as written, a confirm as yes or no in the flow's language, and nothing for
/// an answer that is empty or whose field is hidden. The loader refuses a text that names the
/// field itself, a later field, an unknown id or a secure field, so no secret is ever shown.
///
/// Every front shows the texts this gives, and the engine's own messages name the field by its
/// label as shown: amend the earlier answer and every text that names it changes with it.
extension FlowReducer {
    /// The field `id` as the person sees it in `state`: its label, placeholder, hint and rule
    /// message with the answers they name, and a field whose options come from the service with
    /// the list the host gave (``State/optionLists``); `nil` for an id the flow does not have.
    ///
    /// - Complexity: O(1) for a field whose texts name no answer.
    public func field(_ id: FieldID, in state: State) -> FieldSpec? {
        spec.index(of: id).map { field(at: $0, in: state) }
    }

    /// The text `key` of the field `id` as the person sees it in `state` (`"Welcome, Ada:
    /// choose a nickname"`), or `nil` when the field gives none (or the flow has no such field).
    public func text(_ key: FieldSpec.Text, of id: FieldID, in state: State) -> String? {
        guard let index = spec.index(of: id) else { return nil }
        let field = spec.fields[index]
        guard let template = field.templates[key] else { return field.text(key) }
        var visibility = VisibilityMemo(self)
        return template.resolved { shownAnswer(of: $0, in: state, visibility: &visibility) }
    }

    /// The field at `index` as the person sees it in `state` (see ``field(_:in:)``).
    func field(at index: Int, in state: State) -> FieldSpec {
        var field = withOptions(at: index, in: state)
        guard !field.templates.isEmpty else { return field }
        var visibility = VisibilityMemo(self)
        for key in FieldSpec.Text.templated {
            guard let template = field.templates[key] else { continue }
            field.setText(key, template.resolved { shownAnswer(of: $0, in: state, visibility: &visibility) })
        }
        return field
    }

    /// The label of the field at `index` as the person sees it in `state`, for a message that
    /// names the field.
    func label(at index: Int, in state: State) -> String {
        guard let template = spec.fields[index].templates[.label] else { return spec.fields[index].label }
        var visibility = VisibilityMemo(self)
        return template.resolved { shownAnswer(of: $0, in: state, visibility: &visibility) }
    }

    /// The answer of `id` as a text that names it shows it: empty when the field is hidden or
    /// secure (the loader refuses a text that names one) or the answer is empty.
    private func shownAnswer(of id: FieldID, in state: State, visibility: inout VisibilityMemo) -> String {
        guard let index = spec.index(of: id), !spec.fields[index].secure, visibility.isVisible(index, in: state) else { return "" }
        return withOptions(at: index, in: state).shownAnswer(state.fields[position: index].answer, in: spec.language)
    }
}
