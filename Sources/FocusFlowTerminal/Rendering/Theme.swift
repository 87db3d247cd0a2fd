import FocusFlow

/// Colours and the words around a field, for the interactive screen. Whether there are colours
/// (and bold, dim, reverse) is `color`, decided by ``ColorChoice``.
struct Theme {
    var color: Bool
    /// The style of each part (``styled(_:_:)``); the host's or the flow's theme over the standard one.
    var styles = FlowTheme.standard

    func bold(_ s: String) -> String { color ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    func dim(_ s: String) -> String { color ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    func red(_ s: String) -> String { color ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
    func badge(_ s: String) -> String { color ? styled(.badge, " \(s) ") : "[\(s)]" }

    /// The lines above the input: title and step, then label, keyboard badge and hint.
    func header(flow: FlowSpec, field: FieldSpec, step: Int, steps: Int, revealed: Bool) -> [String] {
        // A kind with no text of its own to type shows no keyboard: its keys are on the key line.
        var second = field.kind.typesAnswer ? "\(styled(.label, field.label))  \(badge(field.keyboard.badge))" : styled(.label, field.label)
        if field.secure { second += dim(revealed ? "  shown" : "  hidden") }
        if let hint = field.hint { second += "  " + styled(.hint, hint) }
        return ["\(styled(.title, flow.title.isEmpty ? flow.id : flow.title))  \(dim("\(step)/\(steps)"))", second]
    }

    /// The lines under the input: the rule's message, a short note, and the keys that do
    /// something on this step — no way back from the first field, Enter finishes on the last.
    func footer(error: String?, note: String?, secure: Bool, progress: FlowProgress, kind: FieldKind = .text) -> [String] {
        var lines: [String] = []
        if let error { lines.append(styled(.error, "✗ \(error)")) }
        if let note { lines.append(note) }
        let keys = Self.kindKeys(kind) + [
            progress.isLast ? "Enter finish" : "Enter next",
            progress.isFirst ? nil : "Shift-Tab back",
            secure ? "Ctrl-T show/hide" : nil,
            "Ctrl-C cancel",
        ]
        lines.append(dim(keys.compactMap { $0 }.joined(separator: " · ")))
        return lines
    }

    /// The placeholder of an empty field: dim, or without colours in parentheses, so that it
    /// cannot be taken for typed text (the cursor sits on its opening parenthesis).
    func placeholder(_ text: String) -> String { color ? styled(.placeholder, text) : "(\(text))" }

    /// The keys of a kind's own screen, before the flow's keys.
    static func kindKeys(_ kind: FieldKind) -> [String?] {
        switch kind {
        case .text: []
        case .confirm: ["y/n answer", "←/→ change"]
        case .select: ["↑/↓ move"]
        case .multiSelect: ["↑/↓ move", "Tab choose"]
        }
    }

    /// `Yes / No` with the answer in brackets (`[Yes] / No`), so it reads without colour.
    static func confirmLine(_ value: Bool?) -> String {
        switch value {
        case true?: "[Yes] / No"
        case false?: "Yes / [No]"
        case nil: "Yes / No"
        }
    }

    static let prompt = "› "
    /// The filter line of a select or multi-select field: it searches the options.
    static let filterPrompt = "🔍 "
    /// A choice field's placeholder when the flow gives none.
    static let filterPlaceholder = "Type to filter"
}
