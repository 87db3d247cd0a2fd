import FocusFlow

/// The keys every step answers to, whatever its kind, said once: how the help names each key
/// and what it does, its words on the key line when it does something on the step, and the
/// line-mode command that does the same. The key line (``Theme/footer(error:note:secure:progress:keys:toReview:)``),
/// the help's KEYS section (`focusflow help run`), the general help's key line and line mode's
/// commands read this table, and a test holds docs/terminal.md's key table to it. A screen's own
/// keys are its ``FieldScreen/bindings``.
package enum SessionKey: CaseIterable, Sendable {
    case next, back, showHide, redraw, cancel, escape, quit, suspend, resend

    /// The key as the help names it, and what it does, in `words`' language.
    package func help(_ words: TerminalWords) -> (keys: String, does: String) { words.sessionKeyHelp(self) }

    /// The help's KEYS section, row by row (every key once); laid out here rather than
    /// measured, since the help is printed before any locale that measures Hangul is set: a test
    /// holds every row within 80 columns in each language.
    package static let helpRows: [[SessionKey]] = [[.next, .back], [.showHide, .redraw], [.cancel, .quit], [.escape], [.suspend], [.resend]]

    /// The keys named in the general help (`focusflow --help`), the ones a first walk needs.
    package static let essentialRows: [[SessionKey]] = [[.next, .back], [.showHide, .cancel]]

    /// What the key asks of the engine, the same on the screen, in line mode and in `serve`;
    /// `nil` for what only the terminal does (Ctrl-L, Ctrl-Z) or does its own way (Ctrl-\\, an
    /// exit by signal).
    package var action: FlowReducer.Action? {
        switch self {
        case .next: .next
        case .back: .previous
        case .showHide: .toggleReveal
        case .cancel: .cancel
        case .resend: .resend
        case .redraw, .escape, .quit, .suspend: nil
        }
    }

    /// The line-mode command that does what the key does, as typed after the marker in every
    /// language (`back` for Shift-Tab); `nil` for a key line mode has no command for (a line's
    /// Enter is Enter, and a line has nothing to show or hide).
    package var lineWord: String? {
        switch self {
        case .back: "back"
        case .cancel: "cancel"
        case .resend: "resend"
        case .next, .showHide, .redraw, .escape, .quit, .suspend: nil
        }
    }

    /// Whether the key can do anything in a walk of `spec`: Shift-Tab needs a second field to go
    /// back to, Ctrl-R a field that sends a code; the rest apply to every flow.
    package func applies(to spec: FlowSpec) -> Bool {
        switch self {
        case .back: spec.fields.count > 1
        case .resend: spec.fields.contains { $0.send != nil }
        case .next, .showHide, .redraw, .cancel, .escape, .quit, .suspend: true
        }
    }

    /// What line mode's help says the key's command does, in `words`' language; `nil` where the
    /// key has no command.
    package func lineHelp(_ words: TerminalWords) -> String? {
        switch self {
        case .back: words.goesBack
        case .cancel: words.stopsWithoutAnswers
        case .resend: words.sendsAgain
        case .next, .showHide, .redraw, .escape, .quit, .suspend: nil
        }
    }

    /// The key line's words for the session's keys on a step: Enter's (next, finish or review),
    /// Shift-Tab's but on the first field, Ctrl-T's on a secure field, and Ctrl-C's.
    package static func keyLine(_ words: TerminalWords, progress: FlowProgress, secure: Bool, toReview: Bool) -> [String] {
        [
            toReview ? words.enterReview : progress.isLast ? words.enterFinish : words.enterNext,
            progress.isFirst ? nil : words.shiftTabBack,
            secure ? words.showHide : nil,
            words.ctrlCCancel,
        ].compactMap { $0 }
    }

    /// Each row's keys with what they do, `KEY does` joined by ` · `, after `indent`.
    package static func helpLines(_ words: TerminalWords, rows: [[SessionKey]] = helpRows, indent: String = "  ") -> [String] {
        rows.map { row in indent + row.map { key in key.help(words) }.map { "\($0.keys) \($0.does)" }.joined(separator: " · ") }
    }
}
