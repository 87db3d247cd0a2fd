@preconcurrency import CReadline
import FocusFlow

/// A confirm field: `Yes / No` with the answer in brackets (`[Yes] / No`), so it reads without
/// colour. `y` and `n` answer, Left and Right change the answer, other characters are refused
/// with a note; there is no text, so nothing typed reaches the line. In line mode a line
/// answers with y, yes, n or no (or true and false).
final class ConfirmScreen: FieldScreen {
    let field: FieldSpec

    var words = TerminalWords.english

    init(_ field: FieldSpec) { self.field = field }

    /// What a confirm line may be, in either language.
    static let answers = ["y", "yes", "true", "n", "no", "false", "예", "네", "응", "아니요", "아니오", "아니", "아뇨"]

    var prompt: String { "› " }
    var takesText: Bool { false }
    var keys: [String] { [words.yesNoKeys, words.leftRightChange] }

    func keymap(_ keymaps: Keymaps) -> Keymap {
        keymaps.derived("confirm") { map in
            for key in Array(32..<127) + Array(128..<256) { ff_set_entry(map, Int32(key), ISFUNC, ff_address(otherKey)) }
            for key in ["y", "Y"] { rl_bind_keyseq_in_map(key, yesKey, map) }
            for key in ["n", "N"] { rl_bind_keyseq_in_map(key, noKey, map) }
            for key in Keymaps.right + Keymaps.left { rl_bind_keyseq_in_map(key, flipKey, map) }
        }
    }

    private func value(in state: FlowReducer.State) -> Bool? {
        guard case .confirm(let confirm)? = state.fields[field: field.id] else { return nil }
        return confirm.value
    }

    /// y or n.
    func answer(_ value: Bool, _ session: ScreenContext) {
        session.clearNote()
        session.handle(session.store.send(.field(.set(value))))
        session.render()
    }

    /// Left or Right: the other answer (Yes when there is none yet).
    func flip(_ session: ScreenContext) {
        answer(value(in: session.store.state).map { !$0 } ?? true, session)
    }

    func body(_ session: ScreenContext, room: (FormRenderer.Content) -> Int) -> ScreenBody {
        let line = Self.line(value(in: session.store.state), words: words)
        return ScreenBody(content: .plain(line), cursor: line.utf8.count)
    }

    /// `Yes / No` with the answer in brackets; nothing bracketed before an answer.
    static func line(_ value: Bool?, words: TerminalWords = .english) -> String {
        switch value {
        case true?: "[\(words.yesWord)] / \(words.noWord)"
        case false?: "\(words.yesWord) / [\(words.noWord)]"
        case nil: "\(words.yesWord) / \(words.noWord)"
        }
    }

    func notes(_ state: FlowReducer.State) -> [String] {
        [words.yOrN] + (value(in: state).map { [words.now($0 ? words.yes : words.no), words.enterKeepsIt] } ?? [])
    }

    /// An empty line keeps the current answer.
    func precheck(_ line: String) -> String? {
        let word = line.trimmingSpaces.lowercased()
        return word.isEmpty || Self.answers.contains(word) ? nil : refusal(line, actions: [])
    }

    func refusal(_ line: String, actions: [FlowReducer.Action]) -> String {
        words.notAConfirmAnswer(line.trimmingSpaces.debugDescription)
    }
}

// Readline's keymaps hold C function pointers, which Swift forms only from functions.
private func yesKey(_: Int32, _: Int32) -> Int32 { ConfirmScreen.whenFocused { $0.answer(true, $1) } }
private func noKey(_: Int32, _: Int32) -> Int32 { ConfirmScreen.whenFocused { $0.answer(false, $1) } }
private func flipKey(_: Int32, _: Int32) -> Int32 { ConfirmScreen.whenFocused { $0.flip($1) } }
private func otherKey(_: Int32, _: Int32) -> Int32 {
    ConfirmScreen.whenFocused { $1.refuse($0.words.typeYOrN) }
}
