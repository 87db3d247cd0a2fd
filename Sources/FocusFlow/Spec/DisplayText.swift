/// Text a flow shows on a terminal (its title, labels, hints, placeholders, messages, the values
/// of `oneOf`, the ids) holds no control character: ESC would start an escape sequence that
/// clears the screen or moves the cursor, a line break would tear the form apart. The loader
/// refuses such text with its path; `Flows/flow.schema.json` says the same with a pattern.
package enum DisplayText {
    /// Whether `scalar` is a control character: C0 (U+0000–U+001F), DEL (U+007F) or C1
    /// (U+0080–U+009F), Unicode's general category Cc.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Checks `text`, found at `path`.
    ///
    /// - Throws: ``FlowSpecError`` naming the path and the first control character.
    ///
    /// Inlined, so that a caller builds the path (and the closure that would build it) only when
    /// the text may hold a control character: the loader checks several texts a field.
    @inline(__always)
    static func check(_ text: String, path: @autoclosure () -> String) throws(FlowSpecError) {
        guard mayHoldControl(text) else { return }
        guard let scalar = text.unicodeScalars.first(where: isControl) else { return }
        throw FlowSpecError(path: path(), reason: .controlCharacter(scalar.value))
    }

    /// Whether `text` may hold a control character: a control character's UTF-8 starts with a
    /// byte below 0x20, 0x7F, or 0xC2 (C1).
    private static func mayHoldControl(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
        } ?? true
    }

    /// `text` with every control character written as a Swift escape (`\u{1B}`), so that a
    /// message quoting a flow's text cannot itself drive the terminal.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
