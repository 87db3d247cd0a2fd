extension String {
    /// The text without ANSI escape sequences (for measuring).
    package var strippingEscapes: String {
        // ESC is a character of its own (a control breaks every grapheme): a byte scan finds it.
        guard utf8.contains(0x1B) else { return self }
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

    /// Whether a line feed is one of the text's characters (a `\r\n` pair is one character, not
    /// a line feed): the bytes are scanned first, the characters only when an LF byte is there.
    private var holdsLineFeed: Bool { utf8.contains(0x0A) && contains("\n") }

    /// The text as rows of at most `columns` visible columns: broken at spaces (the spaces at
    /// a break dropped), a word longer than a row broken between characters. Escape sequences
    /// are kept where they were; a style running over a break carries on in the next row, as
    /// the terminal keeps it over `\r\n`.
    ///
    /// - Complexity: O(*n*).
    package func wrapped(toColumns columns: Int) -> [String] {
        let columns = max(columns, 2)
        guard !holdsLineFeed, DisplayWidth.of(strippingEscapes) > columns else { return [self] }
        var rows: [String] = []
        var row = "", width = 0
        // Spaces seen since the last word, and escapes among them, kept until the next word decides.
        var spaces = 0, spaceEscapes = ""
        for word in Self.words(self) {
            if word.isSpace {
                spaces += word.width
                spaceEscapes += word.text
                continue
            }
            if width + spaces + word.width <= columns {
                row += String(repeating: " ", count: spaces) + spaceEscapes + word.text
                width += spaces + word.width
            } else {
                if width > 0 {
                    rows.append(row)
                    row = ""
                    width = 0
                }
                row += spaceEscapes
                if word.width <= columns {
                    row += word.text
                    width = word.width
                } else {
                    for unit in Self.units(word.text) {
                        if unit.width > 0 && width + unit.width > columns {
                            rows.append(row)
                            row = ""
                            width = 0
                        }
                        row += unit.text
                        width += unit.width
                    }
                }
            }
            spaces = 0
            spaceEscapes = ""
        }
        row += spaceEscapes
        if width > 0 || rows.isEmpty { rows.append(row) } else if let last = rows.popLast() { rows.append(last + row) }
        return rows
    }

    /// The text in units: an escape sequence (no width) or one character with its width.
    private static func units(_ text: String) -> [(text: String, width: Int)] {
        var units: [(text: String, width: Int)] = []
        var escape: String?
        for character in text {
            if var sequence = escape {
                sequence.append(character)
                let final = character.asciiValue.map { (0x40...0x7E).contains($0) && $0 != 0x5B } ?? false
                if final { units.append((sequence, 0)); escape = nil } else { escape = sequence }
            } else if character == "\u{1B}" {
                escape = "\u{1B}"
            } else {
                units.append((String(character), DisplayWidth.of(character)))
            }
        }
        if let escape { units.append((escape, 0)) }
        return units
    }

    /// The text in words and runs of spaces, each with its width; escapes go with the run they are in.
    private static func words(_ text: String) -> [(text: String, width: Int, isSpace: Bool)] {
        var words: [(text: String, width: Int, isSpace: Bool)] = []
        for unit in units(text) {
            let isSpace = unit.text == " "
            if unit.width == 0, let last = words.indices.last {
                words[last].text += unit.text
            } else if let last = words.indices.last, words[last].isSpace == isSpace {
                words[last].width += unit.width
                if !isSpace { words[last].text += unit.text }
            } else {
                words.append((isSpace ? "" : unit.text, unit.width, isSpace))
            }
        }
        return words
    }
}

extension StringProtocol where SubSequence == Substring {
    /// The first `count` bytes (UTF-8) of the text.
    package func utf8Prefix(_ count: Int) -> Substring {
        self[..<utf8.index(startIndex, offsetBy: count)]
    }

    /// The bytes (UTF-8) in `range`.
    package func utf8Slice(_ range: Range<Int>) -> Substring {
        self[utf8.index(startIndex, offsetBy: range.lowerBound)..<utf8.index(startIndex, offsetBy: range.upperBound)]
    }

    /// The text from byte (UTF-8) `offset` on.
    package func utf8Suffix(from offset: Int) -> Substring {
        self[utf8.index(startIndex, offsetBy: offset)...]
    }
}

extension String {
    /// The largest byte offset at or before `offset` where a character (grapheme cluster) starts.
    ///
    /// - Complexity: O(1) between two ASCII bytes; otherwise a step back per byte of the character.
    package func characterBoundary(atOrBefore offset: Int) -> Int {
        let count = utf8.count
        guard offset > 0 else { return 0 }
        guard offset < count else { return count }
        let before = utf8[utf8.index(utf8.startIndex, offsetBy: offset - 1)]
        let at = utf8[utf8.index(utf8.startIndex, offsetBy: offset)]
        if before < 0x80 && at < 0x80 && !(before == 0x0D && at == 0x0A) { return offset }
        var offset = offset
        while offset > 0, String.Index(utf8.index(utf8.startIndex, offsetBy: offset), within: self) == nil {
            offset -= 1
        }
        return offset
    }
}
