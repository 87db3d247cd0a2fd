import FocusFlow

/// The rows a list shows under its filter line: at most ``size`` options, fewer when the
/// terminal is too short for them, with how many more are above and below (`↑ 3 more`,
/// `↓ 12 more`).
///
/// The highlighted option starts with `›` and the others with two spaces, so the highlight
/// reads without colour; how an option is marked chosen is its screen's. The window scrolls only
/// as far as the highlight needs, so moving within it keeps every row where it was, and the
/// highlight is always in it.
package struct OptionWindow {
    /// How many options show at once on a terminal tall enough.
    package static let size = 7

    /// The first visible option shown.
    package private(set) var start = 0
    /// How many entries the window showed last: a page, for PgUp and PgDn.
    package private(set) var shown = Self.size

    /// The rows for `visible` options (positions in `options`), with the option at `highlight`
    /// (a position in `visible`) marked, in at most `room` rows (at least one option shows).
    ///
    /// - Parameter row: an option's row after the highlight's mark.
    /// - Complexity: O(``size``) rows built, whatever the number of options.
    /// - Parameter said: something else already says why no option shows (the refused
    ///   submit's message, the spinner of a list loading), so the empty list draws no row of its own.
    package mutating func rows(
        options: [FieldOption], visible: [Int], highlight: Int?, room: Int, theme: Theme, said: Bool = false,
        row: (FieldOption) -> String
    ) -> [String] {
        guard !visible.isEmpty else { return said ? [] : [theme.styled(.keys, theme.words.noOptionMatches)] }
        return rows(count: visible.count, highlight: highlight, room: room, theme: theme) { row(options[visible[$0]]) }
    }

    /// The rows for `count` entries (the review's answers, a list's visible options), with the
    /// one at `highlight` marked, in at most `room` rows (at least one entry shows) and at most
    /// `limit` entries.
    ///
    /// - Parameters:
    ///   - heading: an entry before the highlight that heads it (the review's section name),
    ///     kept in view with it whenever both fit.
    ///   - counted: how many of the entries in a range the counts above and below say (the
    ///     review's answers, not its section names); every entry by default.
    ///   - row: the entry at a position, after the highlight's mark.
    /// - Complexity: O(`limit`) rows built, whatever `count`.
    package mutating func rows(
        count: Int, highlight: Int?, heading: Int? = nil, room: Int, limit: Int = Self.size, theme: Theme,
        counted: (Range<Int>) -> Int = { $0.count }, row: (Int) -> String
    ) -> [String] {
        guard count > 0 else { return [] }
        var size = min(limit, max(1, room))
        if count > size {
            // Not all fit: the counts above and below take a row each.
            size = min(limit, max(1, room - 1))
            scroll(to: highlight, heading: heading, size: size, count: count)
            if start > 0 && start + size < count { size = min(limit, max(1, room - 2)) }
        }
        scroll(to: highlight, heading: heading, size: size, count: count)
        shown = size
        let end = min(count, start + size)
        var rows: [String] = []
        let above = counted(0..<start), below = counted(end..<count)
        if start > 0 { rows.append(theme.styled(.keys, theme.words.moreAbove(above))) }
        for index in start..<end {
            let text = row(index)
            rows.append(index == highlight ? theme.styled(.highlight, "› " + text) : "  " + text)
        }
        if end < count { rows.append(theme.styled(.keys, theme.words.moreBelow(below))) }
        // Too short for a row each above and below (a window of six rows): both counts share
        // one row under the options, so that the title is not pushed off the top.
        if start > 0 && end < count && rows.count > room {
            rows.removeFirst()
            rows[rows.count - 1] = theme.styled(.keys, theme.words.moreAbove(above) + " · " + theme.words.moreBelow(below))
        }
        return rows
    }

    /// Moves the window only as far as needed for `highlight` to be in its `size` rows, and
    /// `heading` above it when both fit.
    private mutating func scroll(to highlight: Int?, heading: Int?, size: Int, count: Int) {
        if let highlight {
            if highlight < start { start = highlight }
            if highlight >= start + size { start = highlight - size + 1 }
            if let heading, heading < start, highlight - heading < size { start = heading }
        }
        start = max(0, min(start, count - size))
    }
}
