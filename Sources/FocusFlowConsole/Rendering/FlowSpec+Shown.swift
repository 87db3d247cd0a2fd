import FocusFlow

extension FlowSpec {
    /// The name the screens give the flow: its title; untitled, its id, or a question's label.
    package var shownTitle: String {
        guard title.isEmpty else { return title }
        return isQuestion ? fields[0].label : id
    }
}
