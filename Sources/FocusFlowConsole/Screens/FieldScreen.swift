import FocusFlow

/// What a field of one kind shows and how its keys act, on the interactive screen and in line
/// mode. One type per kind (`TextScreen`, `ConfirmScreen`, `SelectScreen`, `MultiSelectScreen`,
/// `NumberScreen`, `DateScreen`), each in a file of its own and found by
/// ``FieldScreens/screen(for:words:)``: the session, the renderer, line mode and the theme ask
/// the focused field's screen and never branch on a kind, so a new kind's terminal is one new
/// file here and its case in the finder's switch.
///
/// A screen is made afresh each time its field takes focus (and for each prompt of line mode),
/// so what it keeps (a list's scroll position, its filter's answers) belongs to one visit.
package protocol FieldScreen: AnyObject {
    /// The field shown.
    var field: FieldSpec { get }
    /// The built-in words in the session's language (``FieldScreens/screen(for:words:)`` sets them).
    var words: TerminalWords { get set }

    // MARK: Interactive screen

    /// The prompt before the input line (`› `, or a list's `🔍 `).
    var prompt: String { get }
    /// Whether the header shows the keyboard badge: only where the answer is typed.
    var showsKeyboard: Bool { get }
    /// Whether readline's buffer is the field's input (its text, a list's filter). A screen
    /// without one has whatever reaches the buffer (a yank) taken out again.
    var takesText: Bool { get }
    /// Whether an answer submitted here is kept for the field's history (Up, Ctrl-R).
    var keepsHistory: Bool { get }
    /// Whether a lone Esc empties the input before it does anything else: a list's filter, as
    /// in huh and gum filter; a typed answer is kept.
    var escapeClearsText: Bool { get }
    /// This kind's keys: what each does and its words, first on the key line (`↑/↓ move`,
    /// `y/n answer`). The session runs them with itself as the context; readline's editing keys
    /// and the session's own (Enter, Tab, Shift-Tab, Ctrl-T) are not here.
    var bindings: [KeyBinding] { get }
    /// Whether the keymap under the bindings is the secure one (no history, no kill ring).
    var secureKeymap: Bool { get }
    /// What the input line and the rows under it show now. `room(content)` is how many rows are
    /// left under the input for `rows` when the input shows `content`, so that the whole form
    /// fits the terminal's height.
    func body(_ session: ScreenContext, room: (FormRenderer.Content) -> Int) -> ScreenBody

    // MARK: Line mode

    /// Lines above the accessible mode's prompt (a list's numbered options).
    func listing() -> [String]
    /// What the prompt says about how to answer, and what the field holds now.
    func notes(_ state: FlowReducer.State) -> [String]
    /// What an empty line keeps: the text a typed answer holds now; `nil` where an empty line
    /// goes to the engine as it is (a list keeps its choice there).
    func kept(_ state: FlowReducer.State) -> String?
    /// Why `line` cannot answer the field, said before the engine sees it; `nil` to hand it over.
    func precheck(_ line: String) -> String?
    /// Why the engine refused `line` (`actions` are the engine's for it), naming what it may be.
    func refusal(_ line: String, actions: [FlowReducer.Action]) -> String
    /// This kind's keys as the key line says them with the field as it stands: where a key
    /// does one thing or another by the state (a multi-select's Space), the one it does now.
    /// The default is ``keys``.
    func keys(_ state: FlowReducer.State) -> [String]
    /// What the key line says first about the field as it stands (a text's `12/20`), or `nil`.
    /// The default says nothing.
    func status(_ state: FlowReducer.State) -> String?
    /// The note under the input when the engine refused `inserted` (a key, a paste, a yank)
    /// typed into the field's text, which was `old` and would have been `new`. The default names
    /// what the keyboard takes, else the engine's reason (``FieldSpec/typingRefusal(_:over:messages:)``).
    func refusedNote(_ inserted: String, typing new: String, over old: String) -> String
}

extension FieldScreen {
    package var showsKeyboard: Bool { false }
    package var takesText: Bool { true }
    package var keepsHistory: Bool { false }
    package var escapeClearsText: Bool { false }
    package var bindings: [KeyBinding] { [] }
    package var secureKeymap: Bool { false }

    /// This kind's keys as the key line says them.
    package var keys: [String] { bindings.hints }
    package func keys(_ state: FlowReducer.State) -> [String] { keys }
    package func listing() -> [String] { [] }
    package func precheck(_ line: String) -> String? { nil }
    package func status(_ state: FlowReducer.State) -> String? { nil }
    package func kept(_ state: FlowReducer.State) -> String? { nil }
    package func refusedNote(_ inserted: String, typing new: String, over old: String) -> String {
        if field.keyboard.firstRefused(in: inserted) == nil, let reason = field.typingRefusal(new, over: old, messages: words.rules) {
            return reason
        }
        return words.refused(inserted, by: field.keyboard, secure: field.secure)
    }
}
