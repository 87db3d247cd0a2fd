import FocusFlow

/// A confirm field: `Yes / No` with the answer in brackets (`[Yes] / No`), so it reads without
/// colour. `y` and `n` answer (`ㅛ` and `ㅜ` with the Korean input method on, and `예`, `네`,
/// `아니요` as it hands them over), Left and Right change the answer, other characters are refused
/// with a note; there is no text, so nothing typed reaches the line. In line mode a line
/// answers with y, yes, n or no (or true and false).
package final class ConfirmScreen: FieldScreen {
    package let field: FieldSpec

    package var words = TerminalWords.english

    package init(_ field: FieldSpec) { self.field = field }

    /// What a confirm line may be, in either language.
    package static let answers = ["y", "yes", "true", "n", "no", "false", "예", "네", "응", "아니요", "아니오", "아니", "아뇨"]

    /// The Korean words for yes and no a key binding answers to. "아니" alone is left out: it
    /// starts "아니요", and readline would wait to see which one it is.
    package static let koreanYes = ["예", "네", "응"], koreanNo = ["아니요", "아니오", "아뇨"]

    package var prompt: String { "› " }
    package var takesText: Bool { false }
    package var bindings: [KeyBinding] {
        [
            // y and n answer with the Korean input method on too (ㅛ, ㅜ), and so do the words a
            // Korean speaker types, as the input method hands them over: 예, 네, 응, 아니요 ….
            KeyBinding(["y", "Y"] + Self.koreanYes, hint: words.yesNoKeys) { self.answer(true, $0) },
            KeyBinding(["n", "N"] + Self.koreanNo) { self.answer(false, $0) },
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

extension TerminalWords {
    /// The confirm's key hint: `y/n answer`.
    var yesNoKeys: String {
        switch rules.language {
        case .en: "y/n answer"
        case .ko: "y/n 답하기"
        }
    }
}
