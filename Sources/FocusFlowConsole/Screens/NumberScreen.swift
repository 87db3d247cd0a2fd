import FocusFlow

/// A number field (a ``SteppedScreen``): the badge `123`, `↑/↓ step`, and the field's range as
/// what it takes.
package final class NumberScreen: SteppedScreen {
    package let field: FieldSpec

    package var words = TerminalWords.english

    package init(_ field: FieldSpec) { self.field = field }

    package var stepHint: String { words.stepKeys }
    package var placeholderText: String? { field.placeholder }
    package var takes: String { field.numberRangeMessage(words.rules) }
}

extension TerminalWords {
    /// The number's key hint: `↑/↓ step`.
    var stepKeys: String {
        switch rules.language {
        case .en: "↑/↓ step"
        case .ko: "↑/↓ 증감"
        }
    }
}

/// What a number and a date share: readline's line holding the value as typed, the keyboard's
/// badge in the header, Up/Down (Ctrl-P/Ctrl-N) sending the engine's step action, and in line
/// mode a line that is the value. What may be typed and what the value must be are the engine's;
/// each kind's screen says how its step reads on the key line, its placeholder, and what the
/// field takes (for the prompt's note and every refusal).
package protocol SteppedScreen: FieldScreen {
    /// Up/Down's words on the key line (`↑/↓ step`).
    var stepHint: String { get }
    /// The placeholder while the line is empty, unstyled.
    var placeholderText: String? { get }
    /// What the field takes, as its refusals and the prompt say it (`Age must be between 13 and 120.`).
    var takes: String { get }
}

extension SteppedScreen {
    package var prompt: String { "› " }
    package var showsKeyboard: Bool { true }

    package var bindings: [KeyBinding] {
        [
            KeyBinding(KeyNames.up + [KeyNames.ctrlP], hint: stepHint) { self.step(1, $0) },
            KeyBinding(KeyNames.down + [KeyNames.ctrlN]) { self.step(-1, $0) },
        ]
    }

    /// Up or Down: the engine steps the value, and the line shows the new text, cursor at its end.
    package func step(_ delta: Int, _ session: ScreenContext) {
        session.clearNote()
        session.handle(session.store.send(.field(.step(delta))))
        session.showInput(session.store.state.text(of: field.id))
        session.render()
    }

    package func body(_ session: ScreenContext, room: (FormRenderer.Content) -> Int) -> ScreenBody {
        if let search = session.historySearch { return search }
        let text = session.store.state.text(of: field.id)
        return ScreenBody(
            content: .plain(text), cursor: min(session.point, text.utf8.count),
            placeholder: placeholderText.map(session.theme.placeholder))
    }

    package func notes(_ state: FlowReducer.State) -> [String] {
        let current = state.text(of: field.id)
        return [takes] + (current.isEmpty ? [] : [words.now(current), words.enterKeepsIt])
    }

    package func kept(_ state: FlowReducer.State) -> String? { state.text(of: field.id) }

    /// A line replaces the whole text: the engine's reason for it, else what the field takes.
    package func refusal(_ line: String, actions: [FlowReducer.Action]) -> String {
        let value = line.trimmingSpaces
        return refusedNote(value, typing: value, over: "")
    }

    /// The engine's reason (a number's decimals, a date already whole), else what the field takes.
    package func refusedNote(_ inserted: String, typing new: String, over old: String) -> String {
        words.cannotBeTyped(KeyboardType.readable(inserted), field.typingRefusal(new, over: old, messages: words.rules) ?? takes)
    }
}
