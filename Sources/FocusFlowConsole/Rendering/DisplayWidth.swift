import CConsole
import FocusFlow

/// How many terminal columns text takes, per grapheme (Hangul and emoji take two).
package enum DisplayWidth {
    /// The columns `text` takes.
    ///
    /// - Complexity: O(*n*); one pass over the bytes, eight a step, for ASCII text.
    package static func of(_ text: some StringProtocol) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable(ASCIIScan.isASCII) ?? text.utf8.allSatisfy { $0 < 0x80 }
        if ascii { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// How many characters (grapheme clusters) `text` has: what a mask counts.
    ///
    /// - Complexity: O(*n*); for ASCII text, where only `\r\n` joins two bytes into one
    ///   character, one pass over the bytes eight a step and a `memchr` for CR.
    package static func characters(in text: some StringProtocol) -> Int {
        let ascii: Int? = text.utf8.withContiguousStorageIfAvailable(ASCIIScan.characters) ?? nil
        return ascii ?? text.count
    }

    /// The columns one grapheme takes: two for wide (East Asian) and emoji-presentation
    /// characters, zero for a lone combining mark, one otherwise.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x80 { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) { return 2 }
        let width = Int(ff_wcwidth(first.value))
        return max(width, first.properties.isEmojiPresentation ? 2 : (width < 0 ? 1 : width))
    }
}
