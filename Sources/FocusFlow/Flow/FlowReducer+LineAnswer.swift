extension FlowReducer {
    /// The actions that answer the focused field with one typed line, as line mode and piped
    /// input read it: each kind says how it reads a line (a text field takes it verbatim; a
    /// confirm `y`/`n`; a select an option's number, value or label; a multi-select a
    /// comma-separated list of them, a comma inside a value written `\,`). An empty line keeps
    /// a choice field's answer.
    ///
    /// A line that names no option becomes a `select`/`toggle` of it, which the field rejects
    /// (``FlowEvent/rejected(field:)``), so the caller reports it as it reports refused text.
    public func actions(answering line: String, in state: State) -> [Action] {
        guard let focus = state.focus, let index = spec.index(of: focus) else { return [] }
        return state.fields[position: index].actions(answering: line, field: field(at: index, in: state)).map(Action.field)
    }
}
