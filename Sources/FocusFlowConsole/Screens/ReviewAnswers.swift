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

    /// What a row says for `answer`; `(no answer)` when there is none.
    package static func shown(_ field: FieldSpec, _ answer: FieldAnswer?, mask: Character, words: TerminalWords = .english) -> String {
        func label(_ value: String) -> String { field.options.first { $0.value == value }?.label ?? value }
        let text: String
        switch answer {
        case .text(let value)?: text = field.secure ? String(repeating: mask, count: DisplayWidth.characters(in: value)) : value
        case .bool(let value)?: text = value.map { $0 ? words.yes : words.no } ?? ""
        case .choice(let value)?: text = value.map(label) ?? ""
        case .choices(let values)?: text = values.map(label).joined(separator: ", ")
        // The other kinds' answers read as they are written (a number, a date).
        case let other?: text = other.plainText
        case nil: text = ""
        }
        return text.isEmpty ? words.noAnswer : text
    }
}
