import FocusFlow

/// What a screen may use of the interactive session it is drawn in.
package protocol ScreenContext: AnyObject {
    var store: FlowStore { get }
    var theme: Theme { get }
    /// The character a secure field's text is masked with.
    var mask: Character { get }
    /// Rings the bell and shows `message` under the input until the next accepted edit.
    func refuse(_ message: String)
    /// Rings the bell: the key does nothing here, and the screen already says why.
    func ding()
    /// Takes the note under the input away.
    func clearNote()
    /// Acts on what the engine said: a focus move sets the next field up, completion ends.
    func handle(_ events: [FlowEvent])
    /// Draws the input and the rows under it again.
    func render()
    /// Where the cursor is in the input line, in bytes (UTF-8) of its text.
    var point: Int { get }
    /// What the input line shows during a history search (Ctrl-R, M-p), or `nil` when none runs.
    var historySearch: ScreenBody? { get }
    /// Types `text` at the cursor, as typed keys would: it goes to the engine as any edit does.
    func insert(_ text: String)
    /// Shows `text` on the input line, the cursor at its end: the engine's text after an action
    /// that changed it without an edit (a number stepped with Up).
    func showInput(_ text: String)
}
