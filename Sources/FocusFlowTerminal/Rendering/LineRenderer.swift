import FocusFlow

/// Draws the input line and the lines under it (the rule's message, the key hint), writing only
/// what changed: typing at the end of a 10,000-character line writes one character.
///
/// Positions are linear columns from the input's first row (`row = position / columns`), and
/// every move is relative to where the cursor is, so the drawing survives the screen scrolling.
struct LineRenderer {
    var columns: Int

    private var prompt = ""
    private var promptWidth = 0
    private var promptDrawn = false
    /// What is drawn after the prompt, and the position just after it.
    private var drawn = Content.plain("")
    private var end = 0
    private var placeholderDrawn = false
    private var footerDrawn: [String]?
    private var rowsDrawn = 1
    /// Where the terminal's cursor is, relative to the input's first row.
    private var row = 0
    private var column = 0

    init(columns: Int) { self.columns = max(columns, 2) }

    /// Starts a fresh input area at the cursor, which must be at the start of a line.
    mutating func reset(prompt: String) {
        self = LineRenderer(columns: columns)
        self.prompt = prompt
        self.promptWidth = DisplayWidth.of(prompt.strippingEscapes)
    }

    /// What the input line shows after the prompt.
    enum Content: Equatable {
        /// The text itself.
        case plain(String)
        /// `count` masks, one per grapheme of a secure text.
        case masked(count: Int, mask: Character)

        var isEmpty: Bool {
            switch self {
            case .plain(let text): text.isEmpty
            case .masked(let count, _): count == 0
            }
        }
    }

    /// The bytes that bring the screen to show `content` after the prompt with the cursor
    /// `cursorWidth` columns into it, `placeholder` (dim) when it is empty, and `footer` under it.
    ///
    /// - Complexity: output proportional to what changed; a masked line costs O(1) to redraw.
    mutating func render(_ content: Content, cursorWidth: Int, placeholder: String?, footer: [String], dim: (String) -> String) -> String {
        var out = ""
        if !promptDrawn {
            out += moveTo(0) + prompt
            promptDrawn = true
            advance(by: promptWidth, wrote: true, into: &out)
            end = promptWidth
        }
        if placeholderDrawn && (!content.isEmpty || placeholder == nil) {
            out += moveTo(promptWidth) + "\u{1B}[K"
            placeholderDrawn = false
            drawn = .plain("")
            end = promptWidth
        }
        if let (start, tail, newEnd) = change(from: drawn, to: content) {
            out += moveTo(start) + tail
            advance(by: newEnd - start, wrote: !tail.isEmpty, into: &out)
            if newEnd < end { out += "\u{1B}[K" }
            drawn = content
            end = newEnd
        }
        if content.isEmpty, let placeholder, !placeholderDrawn, !placeholder.isEmpty {
            let room = max(0, columns - promptWidth - 1)
            let shown = String(placeholder.prefix(room))
            out += moveTo(promptWidth) + dim(shown)
            advance(by: DisplayWidth.of(shown), wrote: true, into: &out)
            placeholderDrawn = true
        }
        let rows = end / columns + 1
        if footerDrawn != footer || rows != rowsDrawn {
            out += moveTo(end) + "\r\n\u{1B}[J"
            row = end / columns + 1
            column = 0
            for (index, line) in footer.enumerated() {
                if index > 0 { out += "\r\n"; row += 1 }
                out += line.truncatedToColumns(columns - 1)
                column = DisplayWidth.of(line.strippingEscapes.prefix(columns - 1))
            }
            footerDrawn = footer
            rowsDrawn = rows
        }
        out += moveTo(promptWidth + cursorWidth)
        return out
    }

    /// Where the screen first differs, what to write from there, and where the line ends then;
    /// `nil` when nothing changed.
    private func change(from old: Content, to new: Content) -> (start: Int, tail: String, end: Int)? {
        switch (old, new) {
        case (.plain(let old), .plain(let new)):
            guard let region = new.editedRegion(from: old) else { return nil }
            let start = promptWidth + DisplayWidth.of(new.utf8Prefix(region.lowerBound))
            let tail = new.utf8Suffix(from: region.lowerBound)
            return (start, String(tail), start + DisplayWidth.of(tail))
        case (.masked(let old, let oldMask), .masked(let new, let mask)) where oldMask == mask:
            guard old != new else { return nil }
            let width = DisplayWidth.of(mask)
            let start = promptWidth + min(old, new) * width
            return (start, String(repeating: mask, count: max(0, new - old)), promptWidth + new * width)
        case (_, .plain(let new)):
            return (promptWidth, new, promptWidth + DisplayWidth.of(new))
        case (_, .masked(let count, let mask)):
            return (promptWidth, String(repeating: mask, count: count), promptWidth + count * DisplayWidth.of(mask))
        }
    }

    /// Moves to the start of the input's first row and forgets what was drawn.
    mutating func moveToStart() -> String {
        let out = moveTo(0)
        self = LineRenderer(columns: columns)
        return out
    }

    /// Relative moves from the cursor to linear position `position`.
    private mutating func moveTo(_ position: Int) -> String {
        let targetRow = position / columns, targetColumn = position % columns
        var out = ""
        if targetRow < row { out += "\u{1B}[\(row - targetRow)A" }
        if targetRow > row { out += "\u{1B}[\(targetRow - row)B" }
        if targetColumn != column {
            out += "\r"
            if targetColumn > 0 { out += "\u{1B}[\(targetColumn)C" }
        }
        row = targetRow
        column = targetColumn
        return out
    }

    /// Follows the cursor after writing `width` columns; at a row's end the terminal waits to
    /// wrap, so a `\r\n` settles it at the start of the next row.
    private mutating func advance(by width: Int, wrote: Bool, into out: inout String) {
        let position = row * columns + column + width
        row = position / columns
        column = position % columns
        if wrote && width > 0 && column == 0 { out += "\r\n" }
    }
}

extension String {
    /// The text without ANSI escape sequences (for measuring).
    var strippingEscapes: String {
        guard contains("\u{1B}") else { return self }
        var out = "", escaping = false
        for scalar in unicodeScalars {
            if escaping {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { escaping = false }
            } else if scalar == "\u{1B}" {
                escaping = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text cut to `columns` visible columns, escape sequences kept, colours reset at the end.
    func truncatedToColumns(_ columns: Int) -> String {
        guard DisplayWidth.of(strippingEscapes) > columns else { return self }
        var out = "", width = 0, escaping = false
        for character in self {
            if escaping || character == "\u{1B}" {
                escaping = character == "\u{1B}" || !(character.asciiValue.map { (0x40...0x7E).contains($0) && $0 != 0x5B } ?? false)
                out.append(character)
                continue
            }
            let w = DisplayWidth.of(character)
            if width + w > columns { break }
            width += w
            out.append(character)
        }
        return out + (contains("\u{1B}") ? "\u{1B}[0m" : "")
    }

    func utf8Prefix(_ count: Int) -> Substring {
        let end = utf8.index(utf8.startIndex, offsetBy: count)
        return self[..<end]
    }

    func utf8Slice(_ range: Range<Int>) -> Substring {
        self[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }

    func utf8Suffix(from offset: Int) -> Substring {
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return self[start...]
    }
}
