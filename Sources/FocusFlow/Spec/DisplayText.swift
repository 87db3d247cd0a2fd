/// Text a flow shows on a terminal (its title, labels, hints, placeholders, messages, the values
/// of `oneOf`, the ids) holds no control character and no invisible character that reorders or
/// hides text: ESC would start an escape sequence that clears the screen or moves the cursor, a
/// line break would tear the form apart, and a right-to-left override shows
/// `Amount \u{202E}0001$` as `Amount $1000`. The loader refuses such text with its path;
/// `Flows/flow.schema.json` says the same with a pattern. This is the one place that decides
/// which characters those are (``isControl(_:)``, ``isInvisible(_:)`` and
/// ``refusedScalars(in:)``), for what a flow holds, for the names a message quotes
/// (``escaped(_:)``) and for a host's words (``plainLine(_:)``).
package enum DisplayText {
    /// Whether `scalar` is a control character: C0 (U+0000–U+001F), DEL (U+007F) or C1
    /// (U+0080–U+009F), Unicode's general category Cc.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Checks `text`, found at `path`.
    ///
    /// - Throws: ``FlowSpecError`` naming the path and the first control or invisible character.
    ///
    /// Inlined, so that a caller builds the path (and the closure that would build it) only when
    /// the text may hold such a character: the loader checks several texts a field.
    @inline(__always)
    static func check(_ text: String, path: @autoclosure () -> String) throws(FlowSpecError) {
        guard mayHoldRefused(text) else { return }
        guard let scalar = firstRefused(in: text) else { return }
        throw FlowSpecError(path: path(), reason: isControl(scalar) ? .controlCharacter(scalar.value) : .invisibleCharacter(scalar.value))
    }

    /// The first character of `text` that text shown on a terminal cannot hold.
    static func firstRefused(in text: String) -> Unicode.Scalar? {
        for scalar in text.unicodeScalars {
            if isControl(scalar) { return scalar }
            // Whether an invisible character is kept depends on its neighbours.
            if isInvisible(scalar) {
                let scalars = Array(text.unicodeScalars)
                return refusedScalars(in: scalars).first.map { scalars[$0] }
            }
        }
        return nil
    }

    /// Whether `text` may hold a refused character, from its UTF-8: printable ASCII holds none
    /// (eight bytes are looked at a time); otherwise a control character starts with a byte below
    /// 0x20 or 0x7F, or is C1 (`C2 80`–`C2 9F`), and an invisible one is one of those
    /// ``mayBeInvisible(_:at:)`` sees. Hangul, and the punctuation of `·`, `—`, `…` and `“”`,
    /// are passed over in one scan of their bytes (a test holds this to Unicode's table).
    static func mayHoldRefused(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !ASCIIScan.isPrintable(bytes) else { return false }
            for index in bytes.indices where bytes[index] < 0x20 || bytes[index] >= 0x7F {
                if bytes[index] < 0x20 || bytes[index] == 0x7F || mayBeInvisible(bytes, at: index) { return true }
            }
            return false
        } ?? true
    }

    /// `text` with every control and invisible character written as a Swift escape (`\u{1B}`,
    /// `\u{202E}`), so that a message quoting a flow's text, a file name or a word of the
    /// command line cannot itself drive the terminal or reorder the line it is on. What a flow
    /// may hold is kept as it is; the result holds no refused character.
    package static func escaped(_ text: String) -> String {
        guard mayHoldRefused(text) else { return text }
        let scalars = Array(text.unicodeScalars)
        let refused = refusedScalars(in: scalars)
        guard !refused.isEmpty else { return text }
        var out = String.UnicodeScalarView()
        var next = refused.makeIterator()
        var escape = next.next()
        for (index, scalar) in scalars.enumerated() {
            if index == escape {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
                escape = next.next()
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
