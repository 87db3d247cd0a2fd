import FocusFlow

/// Colours and the words around a field, for the interactive screen. Whether there are colours
/// (and bold, dim, reverse) is `color`, decided by ``ColorChoice``.
package struct Theme {
    package var color: Bool
    /// The style of each part (``styled(_:_:)``); the host's or the flow's theme over the standard one.
    package var styles = FlowTheme.standard
    /// The built-in words, in the flow's language.
    package var words = TerminalWords.english

    package func bold(_ s: String) -> String { color ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    package func red(_ s: String) -> String { color ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
    package func badge(_ s: String) -> String { color ? styled(.badge, " \(s) ") : "[\(s)]" }

    /// The lines above the input: title and step (none for a question asked on its own), and the
    /// field's section with its step within it ("Account · 2/3") when it has one, then label,
    /// keyboard badge and hint. A field
    /// whose answer is not typed shows no keyboard (`keyboard` false): its keys are on the key line.
    package func header(
        flow: FlowSpec, field: FieldSpec, step: Int, steps: Int, section: FlowProgress.Section? = nil, revealed: Bool,
        keyboard: Bool = true
    ) -> [String] {
        var second = keyboard ? "\(styled(.label, field.label))  \(badge(words.keyboardBadge(field.keyboard)))" : styled(.label, field.label)
        if field.secure { second += "  " + styled(.hint, revealed ? words.shown : words.hidden) }
        if let hint = field.hint { second += "  " + styled(.hint, hint) }
        if flow.isQuestion { return [second] }
        let top = "\(styled(.title, flow.shownTitle))  \(styled(.progress, "\(step)/\(steps)"))"
        guard let section else { return [top, second] }
        return ["\(top)  \(styled(.progress, section.description))", second]
    }

    /// The lines under the input: the rule's message, a short note, and the keys that do
    /// something on this step — the field's own `keys` first (its screen's), then no way back
    /// from the first field, Enter finishes on the last — or leads to the review (`toReview`:
    /// the last field of a flow with one, or while amending).
    package func footer(error: String?, note: String?, secure: Bool, progress: FlowProgress, keys: [String] = [], toReview: Bool = false) -> [String] {
        var lines: [String] = []
        if let error { lines.append(styled(.error, "✗ \(error)")) }
        if let note { lines.append(note) }
        let keys = keys + SessionKey.keyLine(words, progress: progress, secure: secure, toReview: toReview)
        lines.append(styled(.keys, keys.concatenated(separator: " · ")))
        return lines
    }

    /// The placeholder of an empty field: dim, or without colours in parentheses, so that it
    /// cannot be taken for typed text (the cursor sits on its opening parenthesis).
    package func placeholder(_ text: String) -> String { color ? styled(.placeholder, text) : "(\(text))" }
}
