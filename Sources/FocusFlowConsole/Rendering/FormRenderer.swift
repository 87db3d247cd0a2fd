import FocusFlow

/// Draws the form — the header lines, the input under the prompt, and the lines under it (the
/// rule's message, a note, the key line) — knowing how many rows each part takes at the
/// current width, and writing only what changed: typing at the end of a 10,000-character line
/// writes one character.
///
/// Every part wraps: the header and the lines under the input at spaces
/// (``Swift/String/wrapped(toColumns:)``), the input between characters as the terminal places
/// them (``RowLayout``). Positions are rows and columns from the form's first row, and every
/// move is relative to where the cursor is, so the drawing survives the screen scrolling.
///
/// A form taller than the screen has rows scrolled off its top, where no move reaches (a move
/// up stops at the screen's first row). The renderer knows the lowest row it has reached and so
/// which rows are still on screen; a frame that would change a row above them is drawn whole
/// from the screen's top-left corner instead, the one place known then (clearing a long input,
/// a resize while the form is tall), and so is a frame that fits the screen again while its
/// first rows are off it (an input or a list growing shorter): the title, the label and the
/// prompt come back, and nothing stale is left beside them.
///
/// A secure text shown in clear (``Content/revealed(_:mask:)``) is never left where a terminal
/// keeps it: terminals copy a cleared screen into their scrollback (tmux's `scroll-on-clear`
/// for `ESC[2J`, and for `ESC[J` from the top-left corner; GNU screen; others), so before the
/// form is erased, cleared or left, the rows that show it are erased one by one with `ESC[2K`,
/// which no terminal keeps; a form left on screen (Ctrl-Z) shows masks there instead.
package struct FormRenderer {
    /// The terminal's width the form is laid out for.
    package private(set) var columns: Int
    /// The terminal's height when the form began, if known: rows farther than that from the
    /// cursor are off the screen, where no move reaches.
    private var screenRows: Int?

    private var layout: RowLayout { RowLayout(columns: columns) }
    /// The header's rows, wrapped to the width: a frame drawn whole again draws them again.
    private var header: [String] = []
    /// Rows the header takes: the input starts under them.
    package private(set) var headerRows = 0
    /// Plain text, no escape sequences.
    private var prompt = ""
    /// Where the prompt ends and the input begins, from the input's first row.
    private var promptEnd = ScreenPosition.origin
    private var promptDrawn = false
    /// What is drawn after the prompt, and where it ends (from the input's first row).
    private var drawn = Content.plain("")
    private var end = ScreenPosition.origin
    private var placeholderDrawn = false
    private var footerDrawn: [String]?
    private var inputRowsDrawn = 0
    /// The last row the form takes, from its first row.
    private var lastRow = 0
    /// Where the terminal's cursor is, from the form's first row.
    private var cursor = ScreenPosition.origin {
        didSet { lowest = max(lowest, cursor.row) }
    }
    /// The lowest row the cursor has reached: the screen scrolled to show it, so the rows more
    /// than a screen's height above it are off the screen.
    private var lowest = 0
    /// Whether a move was asked for a row above the screen's top since this was last cleared:
    /// the cursor stopped at the top row instead.
    private var movedPastTop = false
    /// The input and the lines under it as last measured (``inputRows(showing:)``,
    /// ``rows(of:)``), with the rows they take: a list's keystroke measures only what changed.
    private var measuredInput: (content: Content, rows: Int)?
    private var measuredLines: (lines: [String], rows: Int)?
    /// The columns of the mask last measured: a secure keystroke needs them, and they need a
    /// look at Unicode's properties.
    private var maskColumns: (mask: Character, columns: Int)?

    package init(columns: Int) { self.columns = max(columns, 2) }

    private init(columns: Int, rows: Int?, header: [String] = [], prompt: String = "") {
        self.init(columns: columns)
        screenRows = rows
        self.header = header
        self.prompt = prompt
    }

    /// What the input line shows after the prompt.
    package enum Content: Equatable {
        /// The text itself.
        case plain(String)
        /// `count` masks, one per grapheme of a secure text.
        case masked(count: Int, mask: Character)
        /// A secure text shown in clear (Ctrl-T): drawn as ``plain(_:)``, its rows erased before
        /// anything a terminal may keep, and shown as `mask`s where the form is left on screen.
        case revealed(String, mask: Character)

        /// The same text byte for byte (or as many of the same masks), without Unicode's
        /// equivalence: cheap enough for every keystroke.
        func isIdentical(to other: Content) -> Bool {
            switch (self, other) {
            case (.plain(let a), .plain(let b)): a.isIdentical(to: b)
            case (.masked(let a, let mask), .masked(let b, let other)): a == b && mask == other
            case (.revealed(let a, let mask), .revealed(let b, let other)): a.isIdentical(to: b) && mask == other
            default: false
            }
        }

        var isEmpty: Bool {
            switch self {
            case .plain(let text), .revealed(let text, _): text.isEmpty
            case .masked(let count, _): count == 0
            }
        }

        /// What the screen shows: a revealed text is plain text there.
        fileprivate var shown: Content {
            if case .revealed(let text, _) = self { return .plain(text) }
            return self
        }

        /// Whether this is a revealed text with something in it to hide.
        fileprivate var isRevealed: Bool {
            if case .revealed(let text, _) = self { return !text.isEmpty }
            return false
        }

        /// The masks a revealed text is hidden behind, one per grapheme as a masked field shows
        /// it; `nil` when there is nothing revealed to hide.
        fileprivate var hidden: Content? {
            guard case .revealed(let text, let mask) = self, !text.isEmpty else { return nil }
            return .masked(count: DisplayWidth.characters(in: text), mask: mask)
        }
    }

    /// Where a fresh form is drawn.
    package enum Start {
        /// From the start of the cursor's line, which holds nothing yet (the first field; after
        /// the job was stopped and continued).
        case cursorLine
        /// Over the form drawn last, from its first row (the next field; the header changed).
        case inPlace
        /// At the top of a cleared screen (Ctrl-L; the width changed).
        case clearedScreen
        /// From the screen's top-left corner, over what is there, each row erased as it is
        /// drawn: where a form whose first row went off the top is drawn again.
        case screenTop
    }

    /// Starts a fresh form at `columns` and `rows` (the terminal's size now) and draws its
    /// header; the next ``render(_:cursor:placeholder:footer:)`` draws the input and the lines
    /// under it.
    ///
    /// A revealed text drawn before is erased first, row by row. When the width changed, where
    /// its rows are now cannot be known (a terminal may have reflowed them): every row of the
    /// screen is erased so.
    package mutating func begin(header: [String], prompt: String, columns: Int, rows: Int, at start: Start) -> String {
        var out = max(columns, 2) == self.columns ? eraseRevealed() : eraseScreenIfRevealed(rows: rows)
        var start = start
        // The form's first row is off the screen, or may go off it as the height shrinks.
        if start == .inPlace, firstReachableRow > 0 || lowest >= rows { start = .screenTop }
        switch start {
        case .cursorLine: out += "\r\u{1B}[J"
        case .inPlace: out += moveTo(.origin) + "\u{1B}[J"
        case .clearedScreen: out += "\u{1B}[H\u{1B}[2J"
        case .screenTop: out += "\u{1B}[H"
        }
        self = FormRenderer(columns: columns, rows: rows)
        self.prompt = prompt
        self.header = header.flatMap { $0.wrapped(toColumns: self.columns) }
        out += drawHeader(erasingRows: start == .screenTop)
        return out
    }

    /// Writes the header from the form's first row, where the cursor is, each row erased to its
    /// end when `erasingRows` (drawn over an older frame), and leaves the cursor under it.
    private mutating func drawHeader(erasingRows: Bool) -> String {
        let out = header.map { $0 + (erasingRows ? "\u{1B}[K\r\n" : "\r\n") }.concatenated()
        headerRows = header.count
        cursor = ScreenPosition(row: headerRows, column: 0)
        return out
    }

    /// Moves to a clean line under the form's last row and forgets the form: what is written
    /// next (a shell's prompt while the job is stopped) cannot overwrite it. A revealed text
    /// is hidden first: its rows erased, masks drawn in its place.
    package mutating func leaveForm() -> String {
        var out = ""
        if let hidden = drawn.hidden, let footer = footerDrawn {
            out += eraseRevealed()
            out += render(hidden, cursor: .max, placeholder: nil, footer: footer)
        }
        out += moveTo(ScreenPosition(row: max(lastRow, cursor.row), column: 0)) + "\r\n"
        self = FormRenderer(columns: columns, rows: screenRows)
        return out
    }

    /// Moves to a line under where the form was drawn and forgets it, drawing nothing over it:
    /// after a stop from outside (SIGSTOP), when what the screen shows now is not known (a
    /// shell may have written under the form meanwhile), a revealed text is left alone rather
    /// than erasing rows that may be the shell's.
    package mutating func abandonForm() -> String {
        let out = moveTo(ScreenPosition(row: max(lastRow, cursor.row), column: 0)) + "\r\n"
        self = FormRenderer(columns: columns, rows: screenRows)
        return out
    }

    /// Moves to the form's first row, erases the form (a revealed text's rows one by one
    /// first), and forgets it: the cursor is where the next thing (a summary, a fresh form) can
    /// be written.
    package mutating func eraseForm() -> String {
        var out = eraseRevealed()
        // A first row off the screen: the form is erased from the screen's top-left corner.
        out += firstReachableRow > 0 ? "\u{1B}[H\u{1B}[J" : moveTo(.origin) + "\u{1B}[J"
        self = FormRenderer(columns: columns, rows: screenRows)
        return out
    }

    /// The bytes that, written from where the cursor is now, erase the rows of a revealed text
    /// and leave the cursor at the start of its row; empty when none is drawn. For a handler
    /// that ends the process without the renderer (a fatal signal, the watchdog).
    package var revealedRowsEraser: String {
        guard drawn.isRevealed else { return "" }
        var copy = self
        return copy.eraseRevealed() + copy.moveTo(ScreenPosition(row: cursor.row, column: 0))
    }

    /// Erases the rows a revealed text is drawn on, one by one (`ESC[2K`: no terminal keeps an
    /// erased line), those the cursor can reach; the prompt on its first row goes too. Nothing
    /// when no revealed text is drawn.
    private mutating func eraseRevealed() -> String {
        guard drawn.isRevealed else { return "" }
        let first = max(headerRows, firstReachableRow), last = headerRows + end.row
        guard first <= last else { return "" }
        var out = ""
        for row in first...last { out += moveTo(ScreenPosition(row: row, column: 0)) + "\u{1B}[2K" }
        drawn = .plain("")
        promptDrawn = false
        end = .origin
        placeholderDrawn = false
        return out
    }

    /// Erases every row of a screen `rows` high, one by one, when a revealed text is drawn, and
    /// leaves the cursor at the top-left corner: after the width changed, where the text is
    /// cannot be known. The screen is about to be drawn afresh; nothing else is erased.
    private mutating func eraseScreenIfRevealed(rows: Int) -> String {
        guard drawn.isRevealed else { return "" }
        var out = "\u{1B}[H\u{1B}[2K"
        for _ in 1..<max(rows, 1) { out += "\u{1B}[B\u{1B}[2K" }
        out += "\u{1B}[H"
        drawn = .plain("")
        return out
    }

    /// The bytes that bring the screen to show `content` after the prompt, `placeholder` when
    /// it is empty, `footer` under it, and the cursor after the first `cursor` units of the
    /// content: bytes (UTF-8) of a plain text, masks of a masked one.
    ///
    /// - Parameter placeholder: already styled by the caller; cut to what is left of the prompt's row.
    /// - Complexity: output proportional to what changed.
    package mutating func render(_ content: Content, cursor point: Int, placeholder: String?, footer: [String]) -> String {
        var changed = self
        changed.movedPastTop = false
        let out = changed.draw(content, cursor: point, placeholder: placeholder, footer: footer)
        // A frame that fits the screen again while its first rows are off it would leave them
        // lost for good: it is drawn whole from the top then, as it is when a row to change is
        // off the screen.
        let fitsAgain = changed.firstReachableRow > 0 && changed.lastRow < (screenRows ?? .max)
        guard changed.movedPastTop || fitsAgain else {
            self = changed
            return out
        }
        var redraw = eraseRevealed() + "\u{1B}[H"
        self = FormRenderer(columns: columns, rows: screenRows, header: header, prompt: prompt)
        redraw += drawHeader(erasingRows: true)
        return redraw + draw(content, cursor: point, placeholder: placeholder, footer: footer)
    }

    /// ``render(_:cursor:placeholder:footer:)`` by relative moves from where the cursor is.
    private mutating func draw(_ content: Content, cursor point: Int, placeholder: String?, footer: [String]) -> String {
        var out = ""
        if !promptDrawn {
            out += moveTo(input(.origin))
            let (bytes, end) = layout.write(prompt, from: .origin)
            out += bytes
            cursor = input(end)
            promptEnd = end
            self.end = end
            drawn = .plain("")
            promptDrawn = true
        }
        if placeholderDrawn && (!content.isEmpty || placeholder == nil) {
            out += moveTo(input(promptEnd)) + "\u{1B}[K"
            placeholderDrawn = false
        }
        if let (start, bytes, newEnd) = change(from: drawn.shown, to: content.shown) {
            out += moveTo(input(start)) + bytes
            cursor = input(newEnd)
            if newEnd < end { out += "\u{1B}[K" }
            end = newEnd
        }
        // A text shown the same, plain or revealed, is the content now: a revealed one is
        // erased before the form is.
        drawn = content
        let inputRows = end.row + 1
        if footerDrawn != footer || inputRows != inputRowsDrawn {
            out += moveTo(input(end)) + "\u{1B}[K\r\n\u{1B}[J"
            let rows = footer.flatMap { $0.wrapped(toColumns: columns) }
            out += rows.concatenated(separator: "\r\n") + "\r"
            cursor = ScreenPosition(row: headerRows + inputRows + max(rows.count, 1) - 1, column: 0)
            lastRow = cursor.row
            footerDrawn = footer
            inputRowsDrawn = inputRows
            placeholderDrawn = false
        }
        let room = columns - promptEnd.column - 1
        if content.isEmpty, let placeholder, !placeholderDrawn, !placeholder.isEmpty, room > 0 {
            let shown = placeholder.cutToColumns(room)
            out += moveTo(input(promptEnd)) + shown
            cursor = input(ScreenPosition(row: promptEnd.row, column: promptEnd.column + DisplayWidth.of(shown.strippingEscapes)))
            placeholderDrawn = true
        }
        out += moveTo(input(position(after: point, of: content)))
        return out
    }

    /// Rows the input takes when it shows `content` after the prompt.
    ///
    /// - Complexity: O(*n*) in the content's length, O(1) when it is what was measured last.
    package mutating func inputRows(showing content: Content) -> Int {
        if let measured = measuredInput, measured.content.isIdentical(to: content) { return measured.rows }
        let start = layout.advance(.origin, over: prompt)
        let end: ScreenPosition
        switch content {
        case .plain(let text), .revealed(let text, _): end = layout.advance(start, over: text)
        case .masked(let count, let mask): end = layout.advance(start, width: columns(of: mask), count: count)
        }
        measuredInput = (content, end.row + 1)
        return end.row + 1
    }

    /// Rows `lines` take under the input, each wrapped at spaces to the width (at least one).
    package mutating func rows(of lines: [String]) -> Int {
        if let measured = measuredLines, measured.lines.elementsEqual(lines, by: { $0.isIdentical(to: $1) }) { return measured.rows }
        let rows = max(lines.reduce(0) { $0 + $1.wrapped(toColumns: columns).count }, 1)
        measuredLines = (lines, rows)
        return rows
    }

    /// Where the cursor goes after the first `point` units of `content`.
    private mutating func position(after point: Int, of content: Content) -> ScreenPosition {
        switch content {
        case .plain(let text), .revealed(let text, _):
            if point >= text.utf8.count { return end }
            return layout.advance(promptEnd, over: text.utf8Prefix(point))
        case .masked(let count, let mask):
            if point >= count { return end }
            return layout.advance(promptEnd, width: columns(of: mask), count: point)
        }
    }

    /// Where the screen first differs, the bytes to write from there, and where the input ends
    /// then; `nil` when nothing changed. A change starts at a character both texts share, so a
    /// grapheme that grew or shrank (an emoji gaining or losing its skin tone) is drawn again.
    private mutating func change(from old: Content, to new: Content) -> (start: ScreenPosition, bytes: String, end: ScreenPosition)? {
        switch (old, new) {
        case (.plain(let old), .plain(let new)):
            guard let region = new.editedRegion(from: old) else { return nil }
            var lower = region.lowerBound
            while true {
                let shared = old.characterBoundary(atOrBefore: new.characterBoundary(atOrBefore: lower))
                if shared == lower { break }
                lower = shared
            }
            let start = lower == old.utf8.count ? end : layout.advance(promptEnd, over: new.utf8Prefix(lower))
            let (bytes, newEnd) = layout.write(new.utf8Suffix(from: lower), from: start)
            return (start, bytes, newEnd)
        case (.masked(let old, let oldMask), .masked(let new, let mask)) where oldMask == mask:
            guard old != new else { return nil }
            let width = columns(of: mask)
            let start = new > old ? end : layout.advance(promptEnd, width: width, count: new)
            let (bytes, newEnd) = layout.write(mask, width: width, count: new - old, from: start)
            return (start, bytes, newEnd)
        case (_, .plain(let new)):
            let (bytes, newEnd) = layout.write(new, from: promptEnd)
            return (promptEnd, bytes, newEnd)
        case (_, .masked(let count, let mask)):
            let (bytes, newEnd) = layout.write(mask, width: columns(of: mask), count: count, from: promptEnd)
            return (promptEnd, bytes, newEnd)
        case (_, .revealed):
            // Never reached: the caller compares what the screen shows.
            return change(from: old, to: new.shown)
        }
    }

    /// The columns `mask` takes (``DisplayWidth``), measured once a mask.
    private mutating func columns(of mask: Character) -> Int {
        if let measured = maskColumns, measured.mask == mask { return measured.columns }
        let columns = DisplayWidth.of(mask)
        maskColumns = (mask, columns)
        return columns
    }

    /// A position in the input as a position in the form.
    private func input(_ position: ScreenPosition) -> ScreenPosition {
        ScreenPosition(row: headerRows + position.row, column: position.column)
    }

    /// The form's first row still on the screen: the rows more than a screen's height above
    /// the lowest row reached went off its top. 0 when the screen's height is not known.
    private var firstReachableRow: Int {
        guard let screenRows else { return 0 }
        return max(0, lowest - screenRows + 1)
    }

    /// Relative moves from the cursor to `target`, a position in the form. A row off the
    /// screen's top is not reached: the cursor stops at the top row, and ``movedPastTop`` says so.
    private mutating func moveTo(_ target: ScreenPosition) -> String {
        var target = target
        if target.row < firstReachableRow {
            movedPastTop = true
            target.row = firstReachableRow
        }
        var out = ""
        if target.row < cursor.row { out += "\u{1B}[\(cursor.row - target.row)A" }
        if target.row > cursor.row { out += "\u{1B}[\(target.row - cursor.row)B" }
        if target.column != cursor.column {
            out += "\r"
            if target.column > 0 { out += "\u{1B}[\(target.column)C" }
        }
        cursor = target
        return out
    }
}

private extension String {
    /// The text cut to `columns` visible columns, escape sequences kept, styles reset at the
    /// end; a text that had to be cut ends with an ellipsis, so that nobody takes the rest for
    /// all there is (`(you@exa…`).
    func cutToColumns(_ columns: Int) -> String {
        guard wrapped(toColumns: columns).count > 1 else { return self }
        guard columns > 1, let first = wrapped(toColumns: columns - 1).first else { return "…" }
        return first + "…" + (utf8.contains(0x1B) ? "\u{1B}[0m" : "")
    }
}
