import FocusFlow

extension Theme {
    /// The screen's theme for a walk: the host's (`--theme`) over the flow's over the standard
    /// one, coloured only when ``RunOptions/color`` (already decided by ``ColorChoice``) says so.
    /// Colours beyond what the terminal has are brought down to it (``ColorDepth``).
    /// Without colours no style is drawn, so none is built (the standard theme is parsed from
    /// words and would cost every plain start).
    package init(options: RunOptions) {
        guard options.color else {
            self.init(color: false, styles: FlowTheme(), words: options.spec.language.words)
            return
        }
        let styles = (options.theme ?? options.spec.theme ?? .standard).filled(from: .standard)
        self.init(color: true, styles: ColorDepth.fit(styles, colors: ColorDepth.current()), words: options.spec.language.words)
    }

    /// `text` drawn in the style the theme gives `part`, then back to plain; `text` as it is
    /// without colours.
    package func styled(_ part: FlowTheme.Part, _ text: String) -> String {
        guard color, let style = styles[part] else { return text }
        let parameters = style.selectGraphicRendition
        return parameters.isEmpty ? text : "\u{1B}[\(parameters)m\(text)\u{1B}[0m"
    }
}

extension TextStyle {
    /// The parameters of the one SGR sequence (`ESC [ … m`) that draws this style: attributes
    /// (1 bold, 2 dim, 4 underline, 7 reverse), then the colour (30–37, 90–97, or 38;5;N), then
    /// the background (40–47, 100–107, or 48;5;N).
    package var selectGraphicRendition: String {
        // Put together by hand: a start styles every part, and `joined` over a list of codes
        // costs the runtime a scan of every conformance in the program the first time.
        var parameters = ""
        func add(_ code: String) {
            if !parameters.isEmpty { parameters += ";" }
            parameters += code
        }
        for (attribute, code) in [(Attributes.bold, "1"), (.dim, "2"), (.underline, "4"), (.reverse, "7")] where attributes.contains(attribute) {
            add(code)
        }
        if let foreground { add(Self.code(foreground, base: 30, bright: 90, extended: 38)) }
        if let background { add(Self.code(background, base: 40, bright: 100, extended: 48)) }
        return parameters
    }

    private static func code(_ color: TerminalColor, base: Int, bright: Int, extended: Int) -> String {
        switch color.number {
        case 0..<8: String(base + color.number)
        case 8..<16: String(bright + color.number - 8)
        default: "\(extended);5;\(color.number)"
        }
    }
}
