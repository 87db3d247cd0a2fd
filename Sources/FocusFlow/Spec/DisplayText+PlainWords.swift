extension DisplayText {
    /// The first line of a host's words (a check program's refusal, a `serve` host's message) as
    /// plain words: escape sequences removed whole — CSI (`ESC [ … m`, `ESC [ 2 J`), OSC and the
    /// other strings (`ESC ] 0 ; title BEL`, up to BEL or ST), two- and three-character escapes
    /// (`ESC c`, `ESC ( B`) and their C1 forms (`U+009B`, `U+009D`, …) — then every other control
    /// character and every invisible one that ``refusedScalars(in:)`` refuses, a tab as a space,
    /// and the spaces around it trimmed. `ESC[2J ESC[31m TAKEN ESC]0;pwned BEL` is `TAKEN`.
    ///
    /// The line ends at a line feed, a carriage return, a vertical tab, a form feed, U+0085 or
    /// the line and paragraph separators.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func plainLine(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var kept: [Unicode.Scalar] = []
        var index = 0
        line: while index < scalars.count {
            let value = scalars[index].value
            switch value {
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: break line
            case 0x1B: index = afterEscape(scalars, at: index)
            case 0x9B: index = afterControlSequence(scalars, from: index + 1)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: index = afterString(scalars, from: index + 1)
            case 0x09:
                kept.append(" ")
                index += 1
            default:
                if !isControl(scalars[index]) { kept.append(scalars[index]) }
                index += 1
            }
        }
        var plain = String.UnicodeScalarView()
        var refused = refusedScalars(in: kept).makeIterator()
        var next = refused.next()
        for (position, scalar) in kept.enumerated() {
            if position == next {
                next = refused.next()
            } else {
                plain.append(scalar)
            }
        }
        let trimmed = plain.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
        return String(String.UnicodeScalarView(trimmed))
    }

    /// Where the text goes on after the escape sequence that starts with the ESC at `index`.
    private static func afterEscape(_ scalars: [Unicode.Scalar], at index: Int) -> Int {
        let next = index + 1
        guard next < scalars.count else { return next }
        switch scalars[next].value {
        case 0x5B: return afterControlSequence(scalars, from: next + 1)  // [
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return afterString(scalars, from: next + 1)  // ] P X ^ _
        case 0x20...0x2F:
            // Intermediate bytes, then one final byte (`ESC ( B`).
            var end = next
            while end < scalars.count, (0x20...0x2F).contains(scalars[end].value) { end += 1 }
            return end < scalars.count && (0x30...0x7E).contains(scalars[end].value) ? end + 1 : end
        case 0x30...0x7E: return next + 1
        default: return next
        }
    }

    /// Where the text goes on after a control sequence whose parameters start at `start`:
    /// parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F), then a final byte
    /// (0x40–0x7E). A sequence cut short ends where it stops being one.
    private static func afterControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < scalars.count, (0x30...0x3F).contains(scalars[end].value) { end += 1 }
        while end < scalars.count, (0x20...0x2F).contains(scalars[end].value) { end += 1 }
        return end < scalars.count && (0x40...0x7E).contains(scalars[end].value) ? end + 1 : end
    }

    /// Where the text goes on after a string (OSC, DCS, SOS, PM, APC) whose body starts at
    /// `start`: after BEL or ST (`ESC \` or U+009C); at an ESC that starts another sequence, or
    /// the line's end.
    private static func afterString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < scalars.count {
            switch scalars[end].value {
            case 0x07, 0x9C: return end + 1
            case 0x1B: return end + 1 < scalars.count && scalars[end + 1] == "\\" ? end + 2 : end
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return end
            default: end += 1
            }
        }
        return end
    }
}
