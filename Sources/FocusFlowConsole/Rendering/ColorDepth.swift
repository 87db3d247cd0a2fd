import FocusFlow
import Glibc

/// A theme's colours brought down to what the terminal has: a 256-colour number on a terminal
/// of 16 or 8 colours becomes the nearest ANSI colour, a bright colour on one of 8 its plain
/// form. Sending `38;5;208` to such a terminal would show garbage or nothing.
package enum ColorDepth {
    /// The colours terminfo gives the terminal `TERM` names; 8 when it says none (colour is then
    /// off anyway, decided by ``ColorChoice``).
    package static func current() -> Int {
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        return ColorChoice.terminfoColors(term) ?? 8
    }

    /// `color` as a terminal with `colors` colours can show it.
    package static func fit(_ color: TerminalColor, colors: Int) -> TerminalColor {
        let n = color.number
        if colors >= 256 || n < 8 { return color }
        if n < 16 { return colors >= 16 ? color : TerminalColor(number: n - 8)! }
        let ansi: Int
        let bright: Bool
        if n >= 232 {
            // The grey ramp: black, bright black, white, bright white.
            let level = n - 232
            (ansi, bright) = level < 6 ? (0, false) : level < 12 ? (0, true) : level < 18 ? (7, false) : (7, true)
        } else {
            // The 6×6×6 cube: each component on from 2 of 5, bright when one is full.
            let c = n - 16
            let (r, g, b) = (c / 36, c / 6 % 6, c % 6)
            ansi = (r >= 2 ? 1 : 0) + (g >= 2 ? 2 : 0) + (b >= 2 ? 4 : 0)
            bright = max(r, g, b) == 5
        }
        return TerminalColor(number: ansi + (bright && colors >= 16 ? 8 : 0))!
    }

    /// `theme` with every colour fitted to `colors`.
    package static func fit(_ theme: FlowTheme, colors: Int) -> FlowTheme {
        var fitted = theme
        for (part, style) in theme.parts {
            guard var style else { continue }
            style.foreground = style.foreground.map { fit($0, colors: colors) }
            style.background = style.background.map { fit($0, colors: colors) }
            fitted[part] = style
        }
        return fitted
    }
}
