@preconcurrency import CReadline
import FocusFlow

/// What a select and a multi-select share: the filter line (the search field: 🔍, the
/// placeholder, the query verbatim), the options under it in an ``OptionWindow``, the highlight
/// that Up/Down and Ctrl-P/Ctrl-N move over the visible options, and the numbered list of line
/// mode. Each kind's screen says how its rows are marked and what Enter and Tab do.
protocol OptionScreen: FieldScreen {
    /// The filter's answers and the window's scroll position, for this visit.
    var picker: OptionPicker { get set }
    /// The highlighted option's value and the values chosen.
    func marks(in state: FlowReducer.State) -> (highlight: String?, chosen: Set<String>)
    /// An option's row, after the highlight's mark (`› ` or two spaces).
    func row(_ option: FieldOption, chosen: Bool) -> String
}

extension OptionScreen {
    var prompt: String { "🔍 " }

    /// The visible options (positions in the field's options), where the highlight stands
    /// among them, and what is chosen.
    func list(_ state: FlowReducer.State) -> (visible: [Int], highlight: Int?, chosen: Set<String>) {
        let visible = picker.visible(field, query: state.text(of: field.id))
        let marks = marks(in: state)
        let highlight = field.standing(ofHighlight: marks.highlight, among: visible)
        return (visible, highlight, marks.chosen)
    }

    /// The option Enter or Tab acts on: where the highlight stands among the visible ones.
    func highlighted(_ state: FlowReducer.State) -> FieldOption? {
        let list = list(state)
        return list.highlight.map { field.options[list.visible[$0]] }
    }

    /// Up/Down, Ctrl-P/Ctrl-N: the highlight moves over the visible options.
    func moveHighlight(by delta: Int, _ session: ScreenContext) {
        session.clearNote()
        session.handle(session.store.send(.field(.highlight(delta))))
        session.render()
    }

    func body(_ session: ScreenContext, room: (FormRenderer.Content) -> Int) -> ScreenBody {
        if ff_searching() != 0 { return .historySearch(session.theme.words) }
        let state = session.store.state
        let text = state.text(of: field.id)
        let list = list(state)
        let content = FormRenderer.Content.plain(text)
        let rows = picker.window.rows(options: field.options, visible: list.visible, highlight: list.highlight,
                                      room: room(content), theme: session.theme) { row($0, chosen: list.chosen.contains($0.value)) }
        return ScreenBody(content: content, cursor: min(Int(ff_point()), text.utf8.count),
                          placeholder: session.theme.placeholder(field.placeholder ?? session.theme.words.typeToFilter), rows: rows)
    }

    /// The numbered options, one a line: `1. Post (post)`; the value is shown when it differs
    /// from the label, since either answers.
    func listing() -> [String] {
        field.options.enumerated().map { "\($0 + 1). \(Self.describe($1))" }
    }

    /// The options as a refusal lists them: `1 Post (post), 2 Pick up in store (pickup)`.
    var listed: String {
        field.options.enumerated().map { "\($0 + 1) \(Self.describe($1))" }.joined(separator: ", ")
    }

    /// An option's label, and its value when that differs.
    static func describe(_ option: FieldOption) -> String {
        option.label == option.value ? option.label : "\(option.label) (\(option.value))"
    }

    /// An option's label, found by its value.
    func label(_ value: String) -> String { field.options.first { $0.value == value }?.label ?? value }
}

/// The keys both lists bind, over the plain keymap (the filter is a text field).
enum OptionKeys {
    /// Up/Down and Ctrl-P/Ctrl-N move the highlight instead of walking the history; PgUp/PgDn
    /// move it a window's height, Home/End to the first and the last visible option.
    static func bindMoves(in map: Keymap) {
        for key in Keymaps.up + ["\u{10}"] { rl_bind_keyseq_in_map(key, highlightUpKey, map) }
        for key in Keymaps.down + ["\u{0E}"] { rl_bind_keyseq_in_map(key, highlightDownKey, map) }
        for key in Keymaps.pageUp { rl_bind_keyseq_in_map(key, pageUpKey, map) }
        for key in Keymaps.pageDown { rl_bind_keyseq_in_map(key, pageDownKey, map) }
        for key in Keymaps.home { rl_bind_keyseq_in_map(key, firstOptionKey, map) }
        for key in Keymaps.end { rl_bind_keyseq_in_map(key, lastOptionKey, map) }
    }
}

private func onOptionScreen(_ act: (any OptionScreen, ScreenContext) -> Void) -> Int32 {
    if let session = InteractiveSession.current, let screen = session.screen as? any OptionScreen { act(screen, session) }
    return 0
}
private func highlightUpKey(_: Int32, _: Int32) -> Int32 { onOptionScreen { $0.moveHighlight(by: -1, $1) } }
private func highlightDownKey(_: Int32, _: Int32) -> Int32 { onOptionScreen { $0.moveHighlight(by: 1, $1) } }
private func pageUpKey(_: Int32, _: Int32) -> Int32 { onOptionScreen { $0.moveHighlight(by: -OptionWindow.size, $1) } }
private func pageDownKey(_: Int32, _: Int32) -> Int32 { onOptionScreen { $0.moveHighlight(by: OptionWindow.size, $1) } }
private func firstOptionKey(_: Int32, _: Int32) -> Int32 { onOptionScreen { $0.moveHighlight(by: -$0.field.options.count, $1) } }
private func lastOptionKey(_: Int32, _: Int32) -> Int32 { onOptionScreen { $0.moveHighlight(by: $0.field.options.count, $1) } }
