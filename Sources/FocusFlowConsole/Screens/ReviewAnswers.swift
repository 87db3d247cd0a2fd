import FocusFlow

/// The rows of a review: every visible field with its label and its answer as a person reads
/// it — a secure value as masks only, a confirm as yes/no, choices by their labels. The review
/// screen and line mode's numbered summary both show these.
package struct ReviewAnswers {
    package struct Row: Equatable {
        var field: FieldID
        var label: String
        /// The answer as shown: never a secure value's text.
        var shown: String
        /// The section this row starts, as the review heads it (``FlowReducer/sectionGroups(in:)``);
        /// `nil` within a section and in a flow without sections.
        var heading: String? = nil
    }

    package let rows: [Row]
    /// The built-in words, in the flow's language.
    package let words: TerminalWords

    package init(reducer: FlowReducer, state: FlowReducer.State, mask: Character) {
        let words = reducer.spec.language.words
        self.words = words
        rows = reducer.sectionGroups(in: state).flatMap { group in
            group.fields.enumerated().compactMap { number, id in
                // A field whose options come from the service names its answers from the list given.
                reducer.field(id, in: state).map { field in
                    Row(
                        field: id, label: field.label, shown: Self.shown(field, state.answer(of: id), mask: mask, words: words),
                        heading: number == 0 ? group.section : nil)
                }
            }
        }
    }

    /// What a row says for `answer`, as the engine shows an answer (``FieldSpec/shownAnswer(_:in:mask:)``);
    /// `(no answer)` when there is none.
    package static func shown(_ field: FieldSpec, _ answer: FieldAnswer?, mask: Character, words: TerminalWords = .english) -> String {
        let text = field.shownAnswer(answer, in: words.rules.language, mask: mask)
        return text.isEmpty ? words.noAnswer : text
    }
}
