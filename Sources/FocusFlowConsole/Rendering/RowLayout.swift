import FocusFlow

/// A cell on the screen: row and column from a block's first row, both from 0.
package struct ScreenPosition: Equatable, Comparable {
    package var row: Int
    package var column: Int

    package static let origin = ScreenPosition(row: 0, column: 0)

    package static func < (a: ScreenPosition, b: ScreenPosition) -> Bool {
        (a.row, a.column) < (b.row, b.column)
    }
}

/// Where characters land when text runs on over rows `columns` wide, as terminals place them:
/// a character that does not fit in what is left of a row (a two-column glyph with one column
/// left) starts the next row and leaves the cell blank; text that ends exactly at the right
/// margin leaves the cursor at the start of the next row.
///
/// Rows are broken explicitly (`ESC[K` for a blank cell, then `\r\n`) instead of trusting the
/// terminal's automatic margins, so the screen matches this layout in every terminal, whatever
/// it does with a wide glyph at the margin or with its deferred wrap.
package struct RowLayout {
    package let columns: Int

    package init(columns: Int) { self.columns = max(columns, 2) }

    /// Where the cursor is after `text` written from `position`.
    ///
    /// - Complexity: O(*n*) to see whether `text` is printable ASCII, then O(1) for it; one
    ///   step per character otherwise.
    package func advance(_ position: ScreenPosition, over text: some StringProtocol) -> ScreenPosition {
        if Self.isPrintableASCII(text) { return advance(position, width: 1, count: text.utf8.count) }
        var position = position
        for character in text {
            let width = DisplayWidth.of(character)
            guard width > 0 else { continue }
            position = advance(position, width: width, count: 1)
        }
        return position
    }

    /// Where the cursor is after `count` characters, each `width` columns, written from `position`.
    ///
    /// - Complexity: O(1).
    package func advance(_ position: ScreenPosition, width: Int, count: Int) -> ScreenPosition {
        guard count > 0 else { return position }
        let width = min(max(width, 1), columns)
        var row = position.row, column = position.column, left = count
        let room = (columns - column) / width
        if left <= room {
            column += left * width
            return column >= columns ? ScreenPosition(row: row + 1, column: 0) : ScreenPosition(row: row, column: column)
        }
        left -= room
        row += 1
        let perRow = columns / width
        row += (left - 1) / perRow
        left -= (left - 1) / perRow * perRow
        column = left * width
        return column >= columns ? ScreenPosition(row: row + 1, column: 0) : ScreenPosition(row: row, column: column)
    }

    /// The bytes that write `text` from `position`, breaking rows as ``advance(_:over:)``
    /// places them, and where the cursor is after them. Control characters are not written.
    package func write(_ text: some StringProtocol, from position: ScreenPosition) -> (bytes: String, end: ScreenPosition) {
        var out = ""
        var position = position
        if Self.isPrintableASCII(text) {
            var rest = Substring(text)
            while !rest.isEmpty {
                let room = columns - position.column
                let chunk = rest.utf8.count <= room ? rest : rest.utf8Prefix(room)
                out += chunk
                rest = rest.utf8Suffix(from: chunk.utf8.count)
                position.column += chunk.utf8.count
                if position.column >= columns {
                    out += "\r\n"
                    position = ScreenPosition(row: position.row + 1, column: 0)
                }
            }
            return (out, position)
        }
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 {
                if let first = character.unicodeScalars.first, first.value >= 0x20 && first.value != 0x7F { out.append(character) }
                continue
            }
            put(character, width: width, at: &position, into: &out)
        }
        return (out, position)
    }

    /// The bytes that write `count` copies of `mask` from `position`, and where the cursor is after
    /// them; `width` is the mask's columns when the caller knows them.
    package func write(_ mask: Character, width: Int? = nil, count: Int, from position: ScreenPosition) -> (bytes: String, end: ScreenPosition) {
        var out = ""
        var position = position
        let width = max(1, width ?? DisplayWidth.of(mask))
        for _ in 0..<max(0, count) { put(mask, width: width, at: &position, into: &out) }
        return (out, position)
    }

    private func put(_ character: Character, width: Int, at position: inout ScreenPosition, into out: inout String) {
        if position.column > 0 && position.column + width > columns {
            out += "\u{1B}[K\r\n"
            position = ScreenPosition(row: position.row + 1, column: 0)
        }
        out.append(character)
        position.column += width
        if position.column >= columns {
            out += "\r\n"
            position = ScreenPosition(row: position.row + 1, column: 0)
        }
    }

    /// Whether every byte of `text` is printable ASCII: one column per byte.
    package static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(ASCIIScan.isPrintable) ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}
