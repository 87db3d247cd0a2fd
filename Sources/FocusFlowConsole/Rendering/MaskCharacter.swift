/// The character a secure field shows for each character typed: one visible grapheme that
/// takes one or two columns (`*`, `•`, Hangul, an emoji), never a control, format, space,
/// lone combining or ignorable (zero-width, filler) character, which would show nothing or
/// break the line.
public struct MaskCharacter: Sendable, Equatable {
    public let character: Character

    /// The mask `text` names, or `nil` when it is not exactly one visible character of width
    /// one or two.
    public init?(_ text: String) {
        guard text.count == 1, let character = text.first, let first = character.unicodeScalars.first else { return nil }
        switch first.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return nil
        default:
            break
        }
        guard !first.properties.isDefaultIgnorableCodePoint, !first.properties.isWhitespace,
            character.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }),
            (1...2).contains(DisplayWidth.of(character))
        else { return nil }
        self.character = character
    }
}
