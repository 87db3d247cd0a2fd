import FocusFlow

/// The rows a select or multi-select field shows under its filter line: at most ``size``
/// options, with how many more are above and below (`↑ 3 more`, `↓ 12 more`).
///
/// The highlighted option starts with `›` and the others with two spaces, so the highlight
/// reads without colour; a multi-select marks each option `[x]` or `[ ]`, a select marks its
/// chosen option with `✓`. The window scrolls only as far as the highlight needs, so moving
/// within it keeps every row where it was.
struct OptionWindow {
    /// How many options show at once.
    static let size = 7

    /// The first visible option shown.
    private(set) var start = 0

    /// Back to the top, for a field just focused.
    mutating func reset() { start = 0 }

    /// The rows for `visible` options (positions in `field.options`), with the option at
    /// `highlight` (a position in `visible`) marked.
    ///
    /// - Complexity: O(``size``) rows built, whatever the number of options.
    mutating func rows(field: FieldSpec, visible: [Int], highlight: Int?, chosen: Set<String>, theme: Theme) -> [String] {
        guard !visible.isEmpty else { return [theme.dim("No option matches; Backspace widens the filter.")] }
        let size = Self.size
        if let highlight {
            if highlight < start { start = highlight }
            if highlight >= start + size { start = highlight - size + 1 }
        }
        start = max(0, min(start, visible.count - size))
        let end = min(visible.count, start + size)
        var rows: [String] = []
        if start > 0 { rows.append(theme.dim("↑ \(start) more")) }
        for index in start..<end {
            let option = field.options[visible[index]]
            let isChosen = chosen.contains(option.value)
            var row = field.kind == .multiSelect ? (isChosen ? "[x] " : "[ ] ") + option.label : option.label
            if field.kind == .select && isChosen { row += " ✓" }
            rows.append(index == highlight ? theme.styled(.highlight, "› " + row) : "  " + row)
        }
        if end < visible.count { rows.append(theme.dim("↓ \(visible.count - end) more")) }
        return rows
    }
}
