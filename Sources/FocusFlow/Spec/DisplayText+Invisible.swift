extension DisplayText {
    /// Whether `scalar` is invisible: a format character (Unicode's general category Cf), the
    /// line separator U+2028 or the paragraph separator U+2029.
    ///
    /// Format characters draw nothing and change how the text around them reads: the
    /// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and marks
    /// (U+200E, U+200F, U+061C) reorder it, so that `Amount \u{202E}0001$` shows as
    /// `Amount $1000`; the zero-width space and joiners, the word joiner and invisible operators
    /// (U+200B–U+200D, U+2060–U+2064), the byte order mark U+FEFF, the soft hyphen U+00AD and
    /// the Mongolian vowel separator hide in it, so that two texts that read the same differ;
    /// tags (U+E0001, U+E0020–U+E007F) spell text nobody sees; the rest (Arabic number signs,
    /// interlinear annotations, shorthand and musical format controls) are drawn by no terminal.
    /// The two separators break the line on some terminals and not on others. None of them
    /// belongs in a label, and each is refused, but where ``refusedScalars(in:)`` keeps a joiner
    /// or a tag.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // Where Unicode has them (a test holds this to Unicode's table): most text is looked up
        // in no table.
        let value = scalar.value
        guard value == 0xAD || (0x0600...0x08FF).contains(value) || value == 0x180E || (0x200B...0x206F).contains(value) || value >= 0xFEFF
        else { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Whether the UTF-8 character that starts at `index` of `bytes` may be a C1 control or an
    /// invisible character: U+0080–U+009F and U+00AD (lead byte `C2`), U+200B–U+200F,
    /// U+2028–U+202E and U+2060–U+206F (`E2`), looked at to the byte; any character whose lead
    /// byte is that of one of the others (`D8`, `DB`, `DC`, `E0`, `E1`, `EF`, `F0`, `F3`) may be.
    static func mayBeInvisible(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        func byte(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        switch bytes[index] {
        case 0xC2: return byte(1) <= 0x9F || byte(1) == 0xAD
        case 0xE2:
            switch byte(1) {
            case 0x80: return (0x8B...0x8F).contains(byte(2)) || (0xA8...0xAE).contains(byte(2))
            case 0x81: return (0xA0...0xAF).contains(byte(2))
            default: return false
            }
        case 0xD8, 0xDB, 0xDC, 0xE0, 0xE1, 0xEF, 0xF0, 0xF3: return true
        default: return false
        }
    }

    /// The positions in `scalars` of the characters text shown on a terminal cannot hold, in
    /// order: every control character, and every invisible one but these, which join what
    /// writing needs joined and are kept:
    ///
    /// - the zero width joiner (U+200D) between two emoji (after U+FE0F or a skin tone too), as
    ///   in 👩‍💻 and 🏳️‍🌈;
    /// - a zero width joiner or non-joiner (U+200C) after a virama, as Devanagari and other
    ///   Indic scripts write half forms (the first rule of IDNA's CONTEXTJ, RFC 5892);
    /// - a zero width non-joiner between two letters of the Arabic script's blocks
    ///   (U+0600–U+08FF), as Persian and Urdu write;
    /// - tags U+E0020–U+E007E ended by the cancel tag U+E007F right after an emoji: the flags of
    ///   England, Scotland and Wales (🏴󠁧󠁢󠁥󠁮󠁧󠁿).
    static func refusedScalars(in scalars: [Unicode.Scalar]) -> [Int] {
        var refused: [Int] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isControl(scalar) {
                refused.append(index)
            } else if (0xE0020...0xE007F).contains(scalar.value) {
                // A run of tags is kept or refused whole.
                var end = index
                while end + 1 < scalars.count, (0xE0020...0xE007F).contains(scalars[end + 1].value) { end += 1 }
                if !isEmojiTagRun(scalars, from: index, to: end) { refused += Array(index...end) }
                index = end
            } else if isInvisible(scalar), !isJoining(scalars, at: index) {
                refused.append(index)
            }
            index += 1
        }
        return refused
    }

    /// Whether the joiner at `index` joins what writing needs joined (see ``refusedScalars(in:)``).
    private static func isJoining(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let value = scalars[index].value
        guard value == 0x200C || value == 0x200D, index > 0 else { return false }
        if scalars[index - 1].properties.canonicalCombiningClass == .virama { return true }
        if value == 0x200D {
            var before = index - 1
            while before > 0, (0xFE0E...0xFE0F).contains(scalars[before].value) { before -= 1 }
            return isEmoji(scalars[before]) && index + 1 < scalars.count && isEmoji(scalars[index + 1])
        }
        var before = index - 1
        while before > 0, scalars[before].properties.generalCategory == .nonspacingMark { before -= 1 }
        var after = index + 1
        while after < scalars.count, scalars[after].properties.generalCategory == .nonspacingMark { after += 1 }
        return after < scalars.count && isArabicLetter(scalars[before]) && isArabicLetter(scalars[after])
    }

    /// Whether the tags `from...to` are an emoji tag sequence's: after an emoji, tags
    /// U+E0020–U+E007E, then the cancel tag.
    private static func isEmojiTagRun(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> Bool {
        guard start > 0, end > start, isEmoji(scalars[start - 1]), scalars[end].value == 0xE007F else { return false }
        return scalars[start..<end].allSatisfy { $0.value != 0xE007F }
    }

    /// An emoji other than the ASCII ones Unicode counts (`#`, `*`, digits).
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool { !scalar.isASCII && scalar.properties.isEmoji }

    private static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x0600...0x08FF).contains(scalar.value) && scalar.properties.isAlphabetic
    }
}
