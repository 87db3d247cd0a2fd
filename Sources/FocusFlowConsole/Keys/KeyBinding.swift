/// One key of a screen, said once: the key sequences it answers to, its words on the key line,
/// and what it does. A screen's ``FieldScreen/bindings`` are its table: the keymap binds every
/// sequence in it to the one adapter (``ReadlineAdapter``), the key line reads the hints, and a
/// key runs the first binding that names it.
///
/// The keys readline's editing commands answer to (typing, Backspace, Ctrl-U …) and the session's
/// own (Enter, Tab, Shift-Tab, Ctrl-T, Ctrl-L, Ctrl-C) are not in a screen's table.
package struct KeyBinding {
    /// What a binding answers to.
    package enum Keys {
        /// These key sequences, as readline names them (`"\u{1B}[A"`, `"y"`).
        case sequences([String])
        /// Every character key (a printable byte, or a byte of a UTF-8 character) that no other
        /// binding of the table names: a screen with no text to type refuses them this way.
        case otherCharacters
    }

    package let keys: Keys
    /// Its words on the key line (`↑/↓ move`), or `nil` for a key the line leaves out.
    package let hint: String?
    /// What the key does, in the screen's context.
    package let act: (ScreenContext) -> Void

    /// A binding for `keys`; a single letter answers to the jamo the Korean 2-set keyboard
    /// types on its key as well (`y` and `ㅛ`, `s` and `ㄴ`), so that a key works with the Korean
    /// input method on.
    package init(_ keys: [String], hint: String? = nil, act: @escaping (ScreenContext) -> Void) {
        var all = keys
        for key in keys {
            if let jamo = KeyNames.korean2Set[key], !all.contains(jamo) { all.append(jamo) }
        }
        self.keys = .sequences(all)
        self.hint = hint
        self.act = act
    }

    package init(otherCharacters hint: String? = nil, act: @escaping (ScreenContext) -> Void) {
        keys = .otherCharacters
        self.hint = hint
        self.act = act
    }

    /// The key sequences named, empty for ``Keys/otherCharacters``.
    package var sequences: [String] {
        if case .sequences(let sequences) = keys { sequences } else { [] }
    }
}

extension [KeyBinding] {
    /// The binding a key runs: the first that names `sequence`, else the one for other
    /// characters when `sequence` is one character byte.
    package func binding(for sequence: [UInt8]) -> KeyBinding? {
        if let named = first(where: { $0.sequences.contains { $0.utf8.elementsEqual(sequence) } }) { return named }
        guard sequence.count == 1, sequence[0] >= 32, sequence[0] != 127 else { return nil }
        return first { if case .otherCharacters = $0.keys { true } else { false } }
    }

    /// The key line's words for these keys, in order.
    package var hints: [String] { compactMap(\.hint) }
}

/// The key sequences the bindings name, by readline's names for the common keys.
package enum KeyNames {
    package static let up = ["\u{1B}[A", "\u{1B}OA"]
    package static let down = ["\u{1B}[B", "\u{1B}OB"]
    package static let right = ["\u{1B}[C", "\u{1B}OC"]
    package static let left = ["\u{1B}[D", "\u{1B}OD"]
    package static let pageUp = ["\u{1B}[5~"]
    package static let pageDown = ["\u{1B}[6~"]
    package static let home = ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~"]
    package static let end = ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"]
    package static let ctrlP = "\u{10}", ctrlN = "\u{0E}"

    /// What each letter key types with the Korean 2-set (두벌식) layout, the one Korean keyboards
    /// and input methods use; with Shift, the five doubled consonants and two vowels, the others
    /// as without.
    package static let korean2Set: [String: String] = {
        let letters = Array("qwertyuiopasdfghjklzxcvbnm").map(String.init)
        let jamo = Array("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡ").map(String.init)
        var table = Dictionary(uniqueKeysWithValues: zip(letters, jamo))
        let shifted = ["Q": "ㅃ", "W": "ㅉ", "E": "ㄸ", "R": "ㄲ", "T": "ㅆ", "O": "ㅒ", "P": "ㅖ"]
        for (letter, jamo) in zip(letters, jamo) { table[letter.uppercased()] = shifted[letter.uppercased()] ?? jamo }
        return table
    }()

    /// F1–F12, PgUp/PgDn, and the cursor keys, Home, End, PgUp and PgDn with Shift, Alt or
    /// Ctrl, as xterm, tmux, GNU screen, rxvt and the Linux console send them. Each new prefix is
    /// a keymap readline allocates (4 KB) in every copy of the map, so the list holds the keys
    /// people press, not every modifier of every key.
    package static let functionKeys: [String] = {
        var keys = ["\u{1B}OP", "\u{1B}OQ", "\u{1B}OR", "\u{1B}OS"]
        keys += ["A", "B", "C", "D", "E"].map { "\u{1B}[[" + $0 }
        keys += [5, 6, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24].map { "\u{1B}[\($0)~" }
        for modifier in [2, 3, 5] {
            keys += ["A", "B", "C", "D", "H", "F"].map { "\u{1B}[1;\(modifier)\($0)" }
            keys += [5, 6].map { "\u{1B}[\($0);\(modifier)~" }
        }
        return keys
    }()
}
