import FocusFlow

/// The review screen of a flow with review: the title, every visible answer with its label
/// (secure values as masks), the focused row marked with `›` (not by colour alone), and the
/// keys: Up/Down (Ctrl-P/Ctrl-N) move, Enter changes the marked answer, `s` submits, `d` (or
/// Delete) on an answer inside a repeating group's item removes that item, Shift-Tab changes
/// the last answer, Ctrl-C (or Ctrl-D) cancels.
///
/// As a field's screen (``FieldScreen``) does for its field, this draws the review and acts on
/// its keys; the session only dispatches to it. It lives for the whole walk, so the marked row
/// is still marked when an amended answer brings the review back. On a terminal too short for
/// every answer, the rows show through an ``OptionWindow`` that keeps the marked row in view.
package final class ReviewScreen {
    /// The key that submits the answers from the review.
    package static let submitKeys = ["s", "S"]

    /// The review's own keys; Enter (amend) and Shift-Tab (the last answer) are the session's.
    /// The session runs them while the review is shown, and draws the review again after each.
    package func bindings(_ words: TerminalWords) -> [KeyBinding] {
        [
            KeyBinding(KeyNames.up + [KeyNames.ctrlP]) { self.move(by: -1, $0) },
            KeyBinding(KeyNames.down + [KeyNames.ctrlN]) { self.move(by: 1, $0) },
            KeyBinding(Self.submitKeys) { self.submit($0) },
            KeyBinding(Self.removeKeys) { self.removeItem($0) },
            // Tab is Next on a field; the review has no next field, so it only says how to submit.
            KeyBinding(["\t"]) { $0.refuse(words.pressSToSubmit) },
            KeyBinding(otherCharacters: nil) { $0.refuse(words.pressSToSubmit) },
        ]
    }

    /// The keys that remove the marked answer's item of a repeating group: `d`, or Delete.
    package static let removeKeys = ["d", "D", "\u{1B}[3~"]

    /// The review's keys, as the key line says them; `d` only while the marked answer is in an
    /// item of a repeating group that the review may remove (`inItem`).
    package static func keys(_ words: TerminalWords, inItem: Bool = false) -> [String] {
        [words.moveKeys, words.enterChange, words.sSubmit] + (inItem ? [words.dRemoveItem] : []) + [words.shiftTabLastAnswer, words.ctrlCCancel]
    }

    /// The marked row.
    package private(set) var row = 0
    private var window = OptionWindow()

    package init() {}

    /// The rows now, for `session`'s state.
    package func answers(_ session: ScreenContext) -> ReviewAnswers {
        ReviewAnswers(reducer: session.store.reducer, state: session.store.state, mask: session.mask)
    }

    /// The review is shown again (a walk reached it, an amend came back): the mark stays on its
    /// row, or the last one when fewer answers are visible now.
    package func shown(_ session: ScreenContext) {
        row = min(row, max(answers(session).rows.count - 1, 0))
        session.clearNote()
    }

    /// The lines above the input: the title, the heading, and as many answers as fit in
    /// `rows` rows of `columns` columns, the marked one among them.
    package func header(_ session: ScreenContext, flow: FlowSpec, rows: Int, columns: Int) -> [String] {
        let theme = session.theme
        let title = flow.shownTitle
        let top = ["\(theme.styled(.title, title))  \(theme.styled(.progress, theme.words.review))", theme.styled(.hint, theme.words.checkYourAnswers)]
        let answers = answers(session).rows
        // A section's name heads its answers: an entry of its own, never marked.
        var entries: [(heading: String?, answer: Int)] = []
        for (index, answer) in answers.enumerated() {
            if let heading = answer.heading { entries.append((heading, index)) }
            entries.append((nil, index))
        }
        let marked = entries.firstIndex { $0.heading == nil && $0.answer == row }
        // The marked answer's section name shows with it whenever both fit.
        let heading = marked.flatMap { marked in entries[..<marked].lastIndex { $0.heading != nil } }
        func lines(_ rows: [String]) -> Int { rows.reduce(0) { $0 + $1.wrapped(toColumns: columns).count } }
        var room = rows - lines(top)
        var shown: [String] = []
        // The counts above and below say answers, not section names.
        func counted(_ range: Range<Int>) -> Int { entries[range].count { $0.heading == nil } }
        func entry(_ index: Int) -> String {
            if let heading = entries[index].heading { return theme.styled(.title, heading) }
            let answer = answers[entries[index].answer]
            return index == marked ? "\(answer.label): \(answer.shown)" : "\(theme.styled(.label, answer.label)): \(answer.shown)"
        }
        // Rows that wrap take more than one line: narrow the window until the rows fit.
        repeat {
            shown = window.rows(
                count: entries.count, highlight: marked, heading: heading, room: room, limit: .max, theme: theme, counted: counted, row: entry)
            room -= 1
        } while lines(shown) > rows - lines(top) && room > 0
        return top + shown
    }

    /// What the input line and the lines under it show: the note and the keys. The input line
    /// stays empty: the key line, which wraps, says what `s` and Enter do, once.
    package func body(_ session: ScreenContext, note: String?) -> (placeholder: String?, footer: [String]) {
        let theme = session.theme
        var footer: [String] = []
        if let note { footer.append(note) }
        // `d` is offered only where it removes: never below the group's fewest items.
        let inItem = markedItem(session)?.removable == true
        footer.append(theme.styled(.keys, Self.keys(theme.words, inItem: inItem).joined(separator: " · ")))
        return (nil, footer)
    }

    /// Up/Down: the mark moves by `delta`, kept in range.
    package func move(by delta: Int, _ session: ScreenContext) {
        row = Self.move(row, by: delta, count: answers(session).rows.count)
        session.clearNote()
    }

    /// Enter: amend the marked answer (one jump to its field).
    package func amend(_ session: ScreenContext) {
        let rows = answers(session).rows
        guard rows.indices.contains(row) else { return }
        session.handle(session.store.send(.focus(rows[row].field)))
    }

    /// The item of a repeating group the marked answer is in, as the engine says it.
    private func markedItem(_ session: ScreenContext) -> (group: FieldGroup, item: Int, removable: Bool)? {
        let rows = answers(session).rows
        guard rows.indices.contains(row) else { return nil }
        return session.store.reducer.reviewItem(of: rows[row].field, in: session.store.state)
    }

    /// `d` or Delete: remove the marked answer's item (the later items move up, the mark stays
    /// on its row), or say why not. On an answer in no item, the key is any other key.
    package func removeItem(_ session: ScreenContext) {
        guard let item = markedItem(session) else { return session.refuse(session.theme.words.pressSToSubmit) }
        guard item.removable else {
            let language = session.store.reducer.spec.language
            let label = item.group.localizedLabel?.text(in: language) ?? item.group.label
            return session.refuse(session.theme.words.keepsFewestItems(label, item.group.minItems))
        }
        session.handle(session.store.send(.removeItem(answers(session).rows[row].field)))
        row = min(row, max(answers(session).rows.count - 1, 0))
        session.clearNote()
    }

    /// `s`: validate every answer and finish, or say which one needs another look.
    package func submit(_ session: ScreenContext) {
        session.handle(session.store.send(.submit))
    }

    /// A row moved by `delta` among `count` rows, kept in range (no wrap-around).
    package static func move(_ row: Int, by delta: Int, count: Int) -> Int {
        max(0, min(count - 1, row + delta))
    }
}
