import FocusFlow

extension FlowSpec {
    /// An untitled flow of one field, as `focusflow ask` makes: a single question, drawn as its
    /// label alone, with no title and step above it.
    package var isSingleQuestion: Bool { title.isEmpty && fields.count == 1 }

    /// The name the screens give the flow: its title; untitled, its id, or a single question's label.
    package var shownTitle: String {
        guard title.isEmpty else { return title }
        return isSingleQuestion ? fields[0].label : id
    }
}
