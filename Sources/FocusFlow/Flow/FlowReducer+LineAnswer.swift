extension FlowReducer {
    /// The actions that answer the focused field with one typed line, as line mode and piped
    /// input read it:
    ///
    /// - text: the line, verbatim;
    /// - confirm: `y`, `yes`, `true` or `n`, `no`, `false` (any case); an empty line keeps the
    ///   current answer (the `default`);
    /// - select: an option's number (from 1), value or label; an empty line keeps the choice;
    /// - multiSelect: a comma-separated list of numbers, values or labels, spaces around commas
    ///   ignored; a comma inside a value is written `\,`. The field ends up with exactly those
    ///   chosen; an empty line keeps the current choices.
    ///
    /// A line that names no option becomes a `select`/`toggle` of it, which the field rejects
    /// (``FlowEvent/rejected(field:)``), so the caller reports it as it reports refused text.
    public func actions(answering line: String, in state: State) -> [Action] {
        guard let focus = state.focus, let field = spec[focus] else { return [] }
        let trimmed = String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        func option(_ item: String) -> String? {
            if let number = Int(item), field.options.indices.contains(number - 1) { return field.options[number - 1].value }
            return field.options.first { $0.value.isIdentical(to: item) }?.value
                ?? field.options.first { $0.label.isIdentical(to: item) }?.value
                ?? field.options.first { SearchFold.bytes($0.label) == SearchFold.bytes(item) || SearchFold.bytes($0.value) == SearchFold.bytes(item) }?.value
        }
        switch field.kind {
        case .text:
            return [.field(.textChanged(line))]
        case .confirm:
            switch trimmed.lowercased() {
            case "": return []
            case "y", "yes", "true": return [.field(.set(true))]
            case "n", "no", "false": return [.field(.set(false))]
            default: return [.field(.select(trimmed))]
            }
        case .select:
            if trimmed.isEmpty { return [] }
            return [.field(.select(option(trimmed) ?? trimmed))]
        case .multiSelect:
            if trimmed.isEmpty { return [] }
            var items: [String] = [], current = ""
            var escaped = false
            for character in trimmed {
                if escaped { current.append(character); escaped = false }
                else if character == "\\" { escaped = true }
                else if character == "," { items.append(current); current = "" }
                else { current.append(character) }
            }
            items.append(current)
            var wanted: [String] = []
            for item in items.map({ String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }) where !item.isEmpty {
                guard let value = option(item) else { return [.field(.toggle(item))] }
                if !wanted.contains(value) { wanted.append(value) }
            }
            guard case .choices(let chosen)? = state.answer(of: focus) else { return [] }
            return field.options.map(\.value).filter { wanted.contains($0) != chosen.contains($0) }.map { .field(.toggle($0)) }
        }
    }
}
