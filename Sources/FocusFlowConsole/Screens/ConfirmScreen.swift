import FocusFlow

/// A confirm field: `Yes / No` with the answer in brackets (`[Yes] / No`), so it reads without
/// colour. `y` and `n` answer, Left and Right change the answer, other characters are refused
/// with a note; there is no text, so nothing typed reaches the line. In line mode a line
/// answers with y, yes, n or no (or true and false).
package final class ConfirmScreen: FieldScreen {
    package let field: FieldSpec

    package var words = TerminalWords.english

    package init(_ field: FieldSpec) { self.field = field }

    /// What a confirm line may be, in either language.
    package static let answers = ["y", "yes", "true", "n", "no", "false", "예", "네", "응", "아니요", "아니오", "아니", "아뇨"]

    package var prompt: String { "› " }
    package var takesText: Bool { false }
    package var bindings: [KeyBinding] {
        [
            KeyBinding(["y", "Y"], hint: words.yesNoKeys) { self.answer(true, $0) },
            KeyBinding(["n", "N"]) { self.answer(false, $0) },
            KeyBinding(KeyNames.right + KeyNames.left, hint: words.leftRightChange) { self.flip($0) },
            KeyBinding(otherCharacters: nil) { $0.refuse(self.words.typeYOrN) },
        ]
    }

    private func value(in state: FlowReducer.State) -> Bool? {
        guard case .confirm(let confirm)? = state.fields[field: field.id] else { return nil }
        return confirm.value
    }

    /// y or n.
    package func answer(_ value: Bool, _ session: ScreenContext) {
        session.clearNote()
        session.handle(session.store.send(.field(.set(value))))
        session.render()
    }

    /// Left or Right: the other answer (Yes when there is none yet).
    package func flip(_ session: ScreenContext) {
        answer(value(in: session.store.state).map { !$0 } ?? true, session)
    }

    package func body(_ session: ScreenContext, room: (FormRenderer.Content) -> Int) -> ScreenBody {
        let line = Self.line(value(in: session.store.state), words: words)
        return ScreenBody(content: .plain(line), cursor: line.utf8.count)
    }

    /// `Yes / No` with the answer in brackets; nothing bracketed before an answer.
    package static func line(_ value: Bool?, words: TerminalWords = .english) -> String {
        switch value {
        case true?: "[\(words.yesWord)] / \(words.noWord)"
        case false?: "\(words.yesWord) / [\(words.noWord)]"
        case nil: "\(words.yesWord) / \(words.noWord)"
        }
    }

    package func notes(_ state: FlowReducer.State) -> [String] {
        [words.yOrN] + (value(in: state).map { [words.now($0 ? words.yes : words.no), words.enterKeepsIt] } ?? [])
    }

    /// An empty line keeps the current answer.
    package func precheck(_ line: String) -> String? {
        let word = line.trimmingSpaces.lowercased()
        return word.isEmpty || Self.answers.contains(word) ? nil : refusal(line, actions: [])
    }

    package func refusal(_ line: String, actions: [FlowReducer.Action]) -> String {
        words.notAConfirmAnswer(KeyboardType.readable(line.trimmingSpaces))
    }
}
