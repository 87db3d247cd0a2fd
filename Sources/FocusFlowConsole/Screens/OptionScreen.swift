import FocusFlow

/// What a select and a multi-select share: the filter line (the search field: 🔍, the
/// placeholder, the query verbatim), the options under it in an ``OptionWindow``, the highlight
/// that Up/Down and Ctrl-P/Ctrl-N move over the visible options, and the numbered list of line
/// mode. Each kind's screen says how its rows are marked and what Enter and Tab do.
package protocol OptionScreen: FieldScreen {
    /// The filter's answers and the window's scroll position, for this visit.
    var picker: OptionPicker { get set }
    /// The field shown, whose options a list from the service replaces (``given(_:)``).
    var field: FieldSpec { get set }
    /// The highlighted option's value and the values chosen.
    func marks(in state: FlowReducer.State) -> (highlight: String?, chosen: Set<String>)
    /// An option's row, after the highlight's mark (`› ` or two spaces).
    func row(_ option: FieldOption, chosen: Bool) -> String
}

extension OptionScreen {
    package var prompt: String { "🔍 " }

    /// The service gave the field a new list (`field`, as ``FlowReducer/field(_:in:)`` gives it):
    /// the rows show it, and the filter, its cursor and the window's place stay as they are.
    package func given(_ field: FieldSpec) {
        let screen = self
        screen.field = field
        screen.picker.forgetFilters()
    }
    package var escapeClearsText: Bool { true }

    /// The visible options (positions in the field's options), where the highlight stands
    /// among them, and what is chosen.
    package func list(_ state: FlowReducer.State) -> (visible: [Int], highlight: Int?, chosen: Set<String>) {
        let visible = picker.visible(field, query: state.text(of: field.id))
        let marks = marks(in: state)
        let highlight = field.standing(ofHighlight: marks.highlight, among: visible)
        return (visible, highlight, marks.chosen)
    }

    /// The option Enter or Tab acts on: where the highlight stands among the visible ones.
    package func highlighted(_ state: FlowReducer.State) -> FieldOption? {
        let list = list(state)
        return list.highlight.map { field.options[list.visible[$0]] }
    }

    /// The keys both lists bind, over the plain keymap (the filter is a text field): Up/Down and
    /// Ctrl-P/Ctrl-N move the highlight instead of walking the history; PgUp/PgDn move it as many
    /// options as the window shows, Home/End to the first and the last visible option.
    package var moveBindings: [KeyBinding] {
        [
            KeyBinding(KeyNames.up + [KeyNames.ctrlP], hint: words.moveKeys) { self.moveHighlight(by: -1, $0) },
            KeyBinding(KeyNames.down + [KeyNames.ctrlN]) { self.moveHighlight(by: 1, $0) },
            KeyBinding(KeyNames.pageUp) { self.moveHighlight(by: -self.picker.window.shown, $0) },
            KeyBinding(KeyNames.pageDown) { self.moveHighlight(by: self.picker.window.shown, $0) },
            KeyBinding(KeyNames.home) { self.moveHighlight(by: -self.field.options.count, $0) },
            KeyBinding(KeyNames.end) { self.moveHighlight(by: self.field.options.count, $0) },
        ]
    }

    /// Up/Down, Ctrl-P/Ctrl-N: the highlight moves over the visible options.
    package func moveHighlight(by delta: Int, _ session: ScreenContext) {
        session.clearNote()
        session.handle(session.store.send(.field(.highlight(delta))))
        session.render()
    }

    package func body(_ session: ScreenContext, room: (FormRenderer.Content) -> Int) -> ScreenBody {
        if let search = session.historySearch { return search }
        let state = session.store.state
        let text = state.text(of: field.id)
        let list = list(state)
        let content = FormRenderer.Content.plain(text)
        // Only the engine's refusal of an empty list says under the input that no option shows;
        // a field with no options at all (its list loading or refused) has no filter to blame:
        // the spinner or the refusal says why.
        let said = field.options.isEmpty || list.visible.isEmpty && state.error == session.store.reducer.spec.language.messages.noOptionMatches(field.label)
        let rows = picker.window.rows(
            options: field.options, visible: list.visible, highlight: list.highlight,
            room: room(content), theme: session.theme, said: said
        ) { row($0, chosen: list.chosen.contains($0.value)) }
        return ScreenBody(
            content: content, cursor: min(session.point, text.utf8.count),
            placeholder: session.theme.placeholder(field.placeholder ?? session.theme.words.typeToFilter), rows: rows)
    }

    /// The numbered options, one a line: `1. Post (post)`; the value is shown when it differs
    /// from the label, since either answers.
    package func listing() -> [String] {
        field.options.enumerated().map { "\($0 + 1). \(Self.describe($1))" }
    }

    /// The options as a refusal lists them: `1 Post (post), 2 Pick up in store (pickup)`.
    package var listed: String {
        field.options.enumerated().map { "\($0 + 1) \(Self.describe($1))" }.joined(separator: ", ")
    }

    /// An option's label, and its value when that differs.
    package static func describe(_ option: FieldOption) -> String {
        option.label == option.value ? option.label : "\(option.label) (\(option.value))"
    }

    /// An option's label, found by its value.
    package func label(_ value: String) -> String { field.options.first { $0.value == value }?.label ?? value }
}
