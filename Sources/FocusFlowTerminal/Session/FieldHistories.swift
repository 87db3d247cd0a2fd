@preconcurrency import CReadline
import FocusFlow

/// Each plain field's history: the answers submitted in that field, and nothing else.
///
/// Readline keeps one history, and it remembers more than answers — the draft it stashed when
/// Up left the line, edits made to a recalled entry. So the history is not swapped between
/// fields but built afresh for the focused field from the answers kept here: no draft, no edit
/// and no other field's text can come back through Up, Down or a search. A secure field gets
/// an empty history, and its answers are never kept.
struct FieldHistories {
    private var answers: [FieldID: [String]] = [:]

    /// Keeps `text`, submitted in `field`, for that field's history.
    mutating func record(_ text: String, in field: FieldSpec) {
        guard !field.secure, !text.isEmpty else { return }
        answers[field.id, default: []].append(text)
    }

    /// Makes readline's history `field`'s: its answers that its keyboard accepts, the stashed
    /// line forgotten, the position after the newest entry.
    func load(for field: FieldSpec) {
        ff_forget_saved_line()
        clear_history()
        if !field.secure {
            for entry in answers[field.id] ?? [] where field.keyboard.accepts(entry) {
                add_history(entry)
            }
        }
        using_history()
    }

    /// Gives readline's history back, entries and array, when the session ends: nothing a
    /// field's history held outlives the walk (valgrind finds none of it).
    static func release() {
        ff_forget_saved_line()
        ff_free_history()
    }
}
