@preconcurrency import CReadline
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
    var keys: [String] { [words.dayKeys] }

    func keymap(_ keymaps: Keymaps) -> Keymap {
        keymaps.derived("date") { map in
            for key in Keymaps.up + ["\u{10}"] { rl_bind_keyseq_in_map(key, dayUpKey, map) }
            for key in Keymaps.down + ["\u{0E}"] { rl_bind_keyseq_in_map(key, dayDownKey, map) }
        }
    }

    /// Up or Down: the engine moves the date a day, and the line shows it, cursor at its end.
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
        words.cannotBeTyped(line.trimmingSpaces.debugDescription, takes)
    }

    func refusedNote(_ inserted: String) -> String { words.cannotBeTyped(inserted.debugDescription, takes) }
}

// Readline's keymaps hold C function pointers, which Swift forms only from functions.
private func dayUpKey(_: Int32, _: Int32) -> Int32 { DateScreen.whenFocused { $0.step(1, $1) } }
private func dayDownKey(_: Int32, _: Int32) -> Int32 { DateScreen.whenFocused { $0.step(-1, $1) } }
