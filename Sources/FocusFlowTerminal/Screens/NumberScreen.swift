import FocusFlow

/// A number field: readline's line holding the number as typed, the keyboard's badge (`123`)
/// in the header, and Up/Down (Ctrl-P/Ctrl-N) sending the engine's step action. What may be
/// typed and what the value must be are the engine's; a refused key's note names the range. In
/// line mode a line is the number.
final class NumberScreen: FieldScreen {
    let field: FieldSpec

    var words = TerminalWords.english

    init(_ field: FieldSpec) { self.field = field }

    var prompt: String { "› " }
    var showsKeyboard: Bool { true }
    var bindings: [KeyBinding] {
        [
            KeyBinding(KeyNames.up + [KeyNames.ctrlP], hint: words.stepKeys) { self.step(1, $0) },
            KeyBinding(KeyNames.down + [KeyNames.ctrlN]) { self.step(-1, $0) },
        ]
    }

    /// Up or Down: the engine steps the value, and the line shows the new text, cursor at its end.
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
        return ScreenBody(content: .plain(text), cursor: point, placeholder: field.placeholder.map(session.theme.placeholder))
    }

    func notes(_ state: FlowReducer.State) -> [String] {
        let current = state.text(of: field.id)
        return [field.numberRangeMessage(words.rules)] + (current.isEmpty ? [] : [words.now(current), words.enterKeepsIt])
    }

    func kept(_ state: FlowReducer.State) -> String? { state.text(of: field.id) }

    func refusal(_ line: String, actions: [FlowReducer.Action]) -> String {
        words.cannotBeTyped(KeyboardType.readable(line.trimmingSpaces), field.numberRangeMessage(words.rules))
    }

    func refusedNote(_ inserted: String) -> String {
        words.cannotBeTyped(KeyboardType.readable(inserted), field.numberRangeMessage(words.rules))
    }
}
