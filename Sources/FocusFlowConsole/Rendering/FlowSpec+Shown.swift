import FocusFlow

extension FlowSpec {
    /// The name the screens give the flow: its title; untitled, its id, or a question's label.
    package var shownTitle: String {
        guard title.isEmpty else { return title }
        // A question's label names no answer: its doubled braces show as braces.
        return isQuestion ? fields[0].text(.label) { _ in "" } ?? fields[0].label : id
    }
}
