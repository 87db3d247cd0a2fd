extension KeyboardType {
    /// The characters of `text` this keyboard refuses, each once, in the order they first
    /// appear, as a person reads them in a message: a character that shows is quoted as itself
    /// (`"é"`, `"한"`; a double quote as `'"'`), one that does not (a control character, a space, a format character)
    /// is named by its code points (`U+001B`). At most `limit` are named; `…` stands for the rest.
    ///
    /// A secure field's refusal names none of them: its characters are a secret.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public func refusedNames(in text: some StringProtocol, limit: Int = 8) -> [String] {
        refusedNames(in: text, limit: limit, all: false)
    }

    private func refusedNames(in text: some StringProtocol, limit: Int, all: Bool) -> [String] {
        var seen: [Character] = []
        var names: [String] = []
        for character in text where (all || !accepts(character)) && !seen.contains(character) {
            if names.count == limit { return names + ["…"] }
            seen.append(character)
            names.append(Self.readable(character))
        }
        return names
    }

    /// `text` as a message quotes it (`"abc"`), when every character of it shows; else each of
    /// its characters once, named as ``refusedNames(in:limit:)`` names them (`"1", U+001B`).
    /// For a message about text no keyboard refused (a number's shape refused it).
    public static func readable(_ text: some StringProtocol) -> String {
        let names = KeyboardType.default.refusedNames(in: text, limit: 8, all: true)
        if !text.isEmpty, !text.contains("\""), names.allSatisfy({ $0.hasPrefix("\"") }) { return "\"\(text)\"" }
        return names.joined(separator: ", ")
    }

    /// `character` as a message shows it: quoted when it shows, else its code points.
    static func readable(_ character: Character) -> String {
        let shows =
            character.unicodeScalars.first.map { scalar in
                switch scalar.properties.generalCategory {
                case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse,
                    .surrogate, .nonspacingMark, .enclosingMark, .spacingMark:
                    false
                default: true
                }
            } ?? false
        if shows { return character == "\"" ? "'\"'" : "\"\(character)\"" }
        return character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }
}

extension KeyboardType {
    /// The characters this keyboard refuses, as a pattern class ECMA-262 and Python's `re` read
    /// alike (for a JSON Schema's `not`), and whether it names them all: a name-phone pad's
    /// letters are Unicode's Alphabetic, which neither can spell, so only the control
    /// characters every keyboard refuses are named for it.
    package var refusedClass: (pattern: String, exact: Bool) {
        switch self {
        case .default, .twitter, .webSearch: (#"[\u0000-\u001F\u007F-\u009F]"#, true)
        case .asciiCapable: (#"[^ -~]"#, true)
        case .emailAddress, .url: (#"[^!-~]"#, true)
        case .numberPad, .asciiCapableNumberPad: ("[^0-9]", true)
        case .decimalPad: ("[^0-9.,]", true)
        case .phonePad: (#"[^0-9 +*#()\-]"#, true)
        case .namePhonePad: (#"[\u0000-\u001F\u007F-\u009F]"#, false)
        case .numbersAndPunctuation: (#"[^0-9 !-\/:-@\[-`{-~]"#, true)
        }
    }

    /// Whether every character this keyboard types is ASCII, so that a character is one
    /// Unicode scalar and a pattern's `\d` and `\w` mean ASCII's.
    package var typesASCIIOnly: Bool {
        switch self {
        case .default, .twitter, .webSearch, .namePhonePad: false
        default: true
        }
    }
}
