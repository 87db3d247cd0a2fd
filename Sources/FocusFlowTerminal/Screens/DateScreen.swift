import FocusFlow

/// A date field: readline's line holding the date in the `YYYY-MM-DD` shape (the shape is the
/// placeholder), the keyboard's badge in the header, and Up/Down (Ctrl-P/Ctrl-N) sending the
/// engine's step action, a day at a time. The engine places the separators and decides what
/// the date must be. In line mode a line is the date.
final class DateScreen: FieldScreen {
    let field: FieldSpec

    var words = TerminalWords.english

    init(_ field: FieldSpec) { self.field = field }

    var prompt: String { "› " }
    var showsKeyboard: Bool { true }
    var bindings: [KeyBinding] {
        [
            KeyBinding(KeyNames.up + [KeyNames.ctrlP], hint: words.dayKeys) { self.step(1, $0) },
            KeyBinding(KeyNames.down + [KeyNames.ctrlN]) { self.step(-1, $0) },
        ]
    }

    /// Up or Down: the engine moves the date a day, and the line shows it, cursor at its end.
    func step(_ delta: Int, _ session: ScreenContext) {
        session.clearNote()
        session.handle(session.store.send(.field(.step(delta))))
        session.showInput(session.store.state.text(of: field.id))
        session.render()
    }

    func body(_ session: ScreenContext, room: (FormRenderer.Content) -> Int) -> ScreenBody {
        if let search = session.historySearch { return search }
        let text = session.store.state.text(of: field.id)
        let point = min(session.point, text.utf8.count)
        return ScreenBody(content: .plain(text), cursor: point, placeholder: session.theme.placeholder(field.placeholder ?? DateFieldReducer.shape))
    }

    /// How to write it, and the range when there is one.
    private var takes: String {
        let format = field.dateFormat
        let shape = words.rules.notADate(field.label, DateFieldReducer.shape)
        return format.min == nil && format.max == nil ? shape : shape + " " + field.dateRangeMessage(words.rules)
    }

    func notes(_ state: FlowReducer.State) -> [String] {
        let current = state.text(of: field.id)
        return [takes] + (current.isEmpty ? [] : [words.now(current), words.enterKeepsIt])
    }

    func kept(_ state: FlowReducer.State) -> String? { state.text(of: field.id) }

    func refusal(_ line: String, actions: [FlowReducer.Action]) -> String {
        words.cannotBeTyped(KeyboardType.readable(line.trimmingSpaces), takes)
    }

    func refusedNote(_ inserted: String) -> String { words.cannotBeTyped(KeyboardType.readable(inserted), takes) }
}
