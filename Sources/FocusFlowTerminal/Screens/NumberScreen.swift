@preconcurrency import CReadline
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
    var keys: [String] { [words.stepKeys] }

    func keymap(_ keymaps: Keymaps) -> Keymap {
        keymaps.derived("number") { map in
            for key in Keymaps.up + ["\u{10}"] { rl_bind_keyseq_in_map(key, stepUpKey, map) }
            for key in Keymaps.down + ["\u{0E}"] { rl_bind_keyseq_in_map(key, stepDownKey, map) }
        }
    }

    /// Up or Down: the engine steps the value, and the line shows the new text, cursor at its end.
    func step(_ delta: Int, _ session: ScreenContext) {
        session.clearNote()
        session.handle(session.store.send(.field(.step(delta))))
        let text = session.store.state.text(of: field.id)
        if String(cString: ff_line_buffer()) != text {
            rl_replace_line(text, 0)
            ff_set_point(Int32(text.utf8.count))
        }
        session.render()
    }

    func body(_ session: ScreenContext, room: (FormRenderer.Content) -> Int) -> ScreenBody {
        if ff_searching() != 0 { return .historySearch(session.theme.words) }
        let text = session.store.state.text(of: field.id)
        let point = min(Int(ff_point()), text.utf8.count)
        return ScreenBody(content: .plain(text), cursor: point, placeholder: field.placeholder.map(session.theme.placeholder))
    }

    func notes(_ state: FlowReducer.State) -> [String] {
        let current = state.text(of: field.id)
        return [field.numberRangeMessage(words.rules)] + (current.isEmpty ? [] : [words.now(current), words.enterKeepsIt])
    }

    func kept(_ state: FlowReducer.State) -> String? { state.text(of: field.id) }

    func refusal(_ line: String, actions: [FlowReducer.Action]) -> String {
        words.cannotBeTyped(line.trimmingSpaces.debugDescription, field.numberRangeMessage(words.rules))
    }

    func refusedNote(_ inserted: String) -> String {
        words.cannotBeTyped(inserted.debugDescription, field.numberRangeMessage(words.rules))
    }
}

// Readline's keymaps hold C function pointers, which Swift forms only from functions.
private func stepUpKey(_: Int32, _: Int32) -> Int32 { NumberScreen.whenFocused { $0.step(1, $1) } }
private func stepDownKey(_: Int32, _: Int32) -> Int32 { NumberScreen.whenFocused { $0.step(-1, $1) } }
