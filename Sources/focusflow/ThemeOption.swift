import FocusFlow

/// `--theme NAME`: one of the built-in themes, which overrides the flow's own.
enum ThemeOption {
    /// The built-in theme named `name`.
    ///
    /// - Throws: a usage ``CommandError`` naming every theme there is, and the nearest one.
    static func named(_ name: String) throws(CommandError) -> FlowTheme {
        if let theme = FlowTheme.builtIn(name) { return theme }
        let names = FlowTheme.builtInNames
        throw .usage(.unknownTheme(name, nearest: Suggestion.nearest(to: name, in: names), known: names), command: "run")
    }
}
