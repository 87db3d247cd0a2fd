extension DisplayText {
    /// Whether `scalar` is invisible: a format character (Unicode's general category Cf), the
    /// line separator U+2028 or the paragraph separator U+2029.
    ///
    /// Format characters draw nothing and change how the text around them reads: the
    /// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and marks
    /// (U+200E, U+200F, U+061C) reorder it, so that `Amount ‮0001$` shows as `Amount $1000`; the
    /// zero-width space and joiners, the word joiner and invisible operators (U+200B–U+200D,
    /// U+2060–U+2064), the byte order mark U+FEFF, the soft hyphen U+00AD and the Mongolian vowel
    /// separator hide in it, so that two texts that read the same differ; tags (U+E0001,
    /// U+E0020–U+E007F) spell text nobody sees; the rest (Arabic number signs, interlinear
    /// annotations, shorthand and musical format controls) are drawn by no terminal. The two
    /// separators break the line on some terminals and not on others. None of them belongs in a
    /// label, and each is refused, but where ``refusedScalars(in:)`` keeps a joiner or a tag.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0xAD else { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Whether `byte` leads the UTF-8 of some invisible character (U+00AD, U+0600–U+08FF,
    /// U+180E, U+200B–U+206F, U+FEFF–U+FFFB, U+110BD–U+1D17A, U+E0001–U+E007F): the bytes a text
    /// without any of them is scanned for, before its characters are looked at.
    static func isInvisibleLead(_ byte: UInt8) -> Bool {
        switch byte {
        case 0xC2, 0xD8, 0xDB, 0xDC, 0xE0, 0xE1, 0xE2, 0xEF, 0xF0, 0xF3: true
        default: false
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
    ///   (U+0600–U+08FF), as Persian writes `می‌خواهم`;
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
