import FocusFlow

/// A text field: readline's line, masked for a secure field, with the keyboard's badge in the
/// header, the field's own history, and Ctrl-T on the key line when it is secure.
package final class TextScreen: FieldScreen {
    package let field: FieldSpec

    package var words = TerminalWords.english

    package init(_ field: FieldSpec) { self.field = field }

    package var prompt: String { "› " }
    package var showsKeyboard: Bool { true }
    /// A field that sends a code keeps no history of codes.
    package var keepsHistory: Bool { field.send == nil }

    /// Ctrl-R sends the code again on a field that sends one (instead of searching a history
    /// it does not keep); while the cooldown runs it only rings the bell: the key line says how
    /// long is left.
    package var bindings: [KeyBinding] {
        guard field.send != nil else { return [] }
        return [
            KeyBinding(["\u{12}"]) { session in
                let events = session.store.send(.resend)
                // The key line says how long is left already.
                if events.isEmpty { session.ding() }
                session.handle(events)
                session.render()
            }
        ]
    }

    /// The key line's words for a field that sends a code: how long until it may be sent
    /// again, or the key that sends it; nothing while the send is under way.
    package func resendStatus(_ state: FlowReducer.State, reducer: FlowReducer) -> String? {
        guard field.send != nil, let seconds = reducer.resendIn(state) else { return nil }
        return seconds > 0 ? words.resendIn(seconds) : words.resendKey
    }

    package var secureKeymap: Bool { field.secure }

    package func body(_ session: ScreenContext, room: (FormRenderer.Content) -> Int) -> ScreenBody {
        let state = session.store.state
        let masked = state.surface == .secure
        if !masked, let search = session.historySearch { return search }
        let text = state.text(of: field.id)
        let point = min(session.point, text.utf8.count)
        guard masked else {
            // A secure field shown with Ctrl-T: the renderer erases it before anything a terminal keeps.
            let content: FormRenderer.Content = field.secure ? .revealed(text, mask: session.mask) : .plain(text)
            return ScreenBody(content: content, cursor: point, placeholder: field.placeholder.map(session.theme.placeholder))
        }
        let count = DisplayWidth.characters(in: text)
        // At the end of the text (typing), the masks before the cursor are all of them.
        let cursor = point == text.utf8.count ? count : DisplayWidth.characters(in: text.utf8Prefix(point))
        let content = FormRenderer.Content.masked(count: count, mask: session.mask)
        return ScreenBody(content: content, cursor: cursor, placeholder: field.placeholder.map(session.theme.placeholder))
    }

    package func notes(_ state: FlowReducer.State) -> [String] {
        let current = state.text(of: field.id)
        guard !current.isEmpty else { return [] }
        return field.secure ? [words.enterKeepsCurrent] : [words.now(current), words.enterKeepsIt]
    }

    package func kept(_ state: FlowReducer.State) -> String? { state.text(of: field.id) }

    /// Why the engine refused `line`, which replaces the whole text: a character the keyboard
    /// refuses (a secure value's are never named), else a length past `maxLength`.
    package func refusal(_ line: String, actions: [FlowReducer.Action]) -> String { refusedNote(line, typing: line, over: "") }

    /// With `maxLength`, how many characters the text has of those it may have: `12/20`.
    package func status(_ state: FlowReducer.State) -> String? {
        field.rules.maxLength.map { "\(state.text(of: field.id).count)/\($0)" }
    }
}
