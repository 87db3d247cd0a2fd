import FocusFlow

/// A made-up value that stands in for a secure one in a recording: as many characters
/// (graphemes) as the real value, accepted by the field's keyboard, and failing the field's
/// rules exactly as the real value did — passing them when it passed — so the recording walks
/// the same way without holding the secret.
///
/// Each character is replaced by a random one of its own sort: a lowercase letter by a
/// lowercase letter, a digit by a digit, a Hangul syllable by a Hangul syllable; punctuation
/// and spaces are kept at first (patterns often name them), replaced too if the candidate keeps
/// failing; anything else becomes a letter or digit the keyboard takes.
enum SecureStandIn {
    /// A stand-in for the text of the focused field in `state`, or `nil` when none was found.
    ///
    /// - Parameters:
    ///   - state: a state whose focused field holds the real value.
    ///   - avoiding: values the stand-in must not be (other secrets and their stand-ins).
    /// - Complexity: up to a few hundred candidates, each checked against the field's rules.
    static func make(for state: FlowReducer.State, reducer: FlowReducer, avoiding: Set<String>) -> String? {
        guard let focus = state.focus, let field = reducer.spec[focus] else { return nil }
        let value = state.text(of: focus)
        if value.isEmpty { return "" }
        let expected = reducer.failure(of: focus, in: state)
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<600 {
            let candidate = String(value.map { replacement(for: $0, keyboard: field.keyboard, punctuation: attempt >= 300, using: &generator) })
            guard candidate != value, !avoiding.contains(candidate), candidate.count == value.count,
                field.keyboard.accepts(candidate)
            else { continue }
            if passes(candidate, like: expected, in: state, reducer: reducer) { return candidate }
        }
        return nil
    }

    /// Whether `candidate` in the focused field fails the rules as `expected` says.
    static func passes(_ candidate: String, like expected: String?, in state: FlowReducer.State, reducer: FlowReducer) -> Bool {
        guard let focus = state.focus else { return false }
        var trial = state
        _ = reducer.reduce(into: &trial, action: .field(.textChanged(candidate)))
        return trial.text(of: focus) == candidate && reducer.failure(of: focus, in: trial) == expected
    }

    private static let lowercase = Array("abcdefghijklmnopqrstuvwxyz")
    private static let uppercase = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private static let digits = Array("0123456789")
    private static let punctuationMarks = Array("!#$%&*+-.=?@^_~")

    private static func replacement(
        for character: Character, keyboard: KeyboardType, punctuation: Bool,
        using generator: inout SystemRandomNumberGenerator
    ) -> Character {
        func pick(_ set: [Character]) -> Character { set.randomElement(using: &generator)! }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 {
            switch scalar.value {
            case 0x61...0x7A: return pick(lowercase)
            case 0x41...0x5A: return pick(uppercase)
            case 0x30...0x39: return pick(digits)
            case 0xAC00...0xD7A3: return Character(Unicode.Scalar(UInt32.random(in: 0xAC00...0xD7A3, using: &generator))!)
            case 0x20...0x7E:
                guard punctuation else { return character }
                let marks = punctuationMarks.filter(keyboard.accepts)
                return marks.isEmpty ? character : pick(marks)
            default: break
            }
        }
        // Emoji, other scripts, combining sequences: a letter or digit the keyboard takes.
        let plain = (lowercase + digits).filter(keyboard.accepts)
        return plain.isEmpty ? character : pick(plain)
    }
}
