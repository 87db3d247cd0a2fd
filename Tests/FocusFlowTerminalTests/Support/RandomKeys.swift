/// Random key sequences for the differential tests: seeded, so a failing case is replayed from
/// its seed, and named, so a failure prints keys a person can read.
struct RandomKeys {
    /// One key: the name printed on failure and the bytes a terminal sends.
    struct Key: CustomStringConvertible {
        let name: String
        let bytes: String
        var description: String { name }
    }

    /// SplitMix64: small, fast, and the same on every machine.
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// Characters to type: words, spaces and punctuation, so word motions have boundaries.
    static let printable = Array("abcxyz ABC  .-_/,'9")

    /// Readline's editing keys whose behaviour plain fields promise to keep. Left out on purpose,
    /// because they are the session's own: Enter, Tab, Ctrl-T, Shift-Tab, Ctrl-C, Ctrl-D (cancel
    /// on an empty line), the history keys (Up, Down, Ctrl-R, M-p …), Ctrl-L.
    static let editing: [Key] = [
        Key(name: "C-a", bytes: "\u{1}"), Key(name: "C-b", bytes: "\u{2}"), Key(name: "C-e", bytes: "\u{5}"),
        Key(name: "C-f", bytes: "\u{6}"), Key(name: "C-h", bytes: "\u{8}"), Key(name: "BSpace", bytes: "\u{7F}"),
        Key(name: "C-k", bytes: "\u{B}"), Key(name: "C-u", bytes: "\u{15}"), Key(name: "C-w", bytes: "\u{17}"),
        Key(name: "C-y", bytes: "\u{19}"), Key(name: "M-y", bytes: "\u{1B}y"), Key(name: "C-_", bytes: "\u{1F}"),
        Key(name: "M-b", bytes: "\u{1B}b"), Key(name: "M-f", bytes: "\u{1B}f"), Key(name: "M-d", bytes: "\u{1B}d"),
        Key(name: "M-DEL", bytes: "\u{1B}\u{7F}"), Key(name: "M-u", bytes: "\u{1B}u"), Key(name: "M-l", bytes: "\u{1B}l"),
        Key(name: "M-c", bytes: "\u{1B}c"), Key(name: "M-t", bytes: "\u{1B}t"), Key(name: "M-\\", bytes: "\u{1B}\\"),
        Key(name: "Left", bytes: "\u{1B}[D"), Key(name: "Right", bytes: "\u{1B}[C"), Key(name: "Home", bytes: "\u{1B}[H"),
        Key(name: "End", bytes: "\u{1B}[F"), Key(name: "Delete", bytes: "\u{1B}[3~"), Key(name: "Insert", bytes: "\u{1B}[2~"),
        Key(name: "C-x C-x", bytes: "\u{18}\u{18}"),
    ]

    /// The keys that read the key after them (a character to search for, a count, a prefix).
    static let readers: [Key] = [
        Key(name: "C-]", bytes: "\u{1D}"), Key(name: "M-C-]", bytes: "\u{1B}\u{1D}"), Key(name: "M-2", bytes: "\u{1B}2"),
        Key(name: "C-x", bytes: "\u{18}"),
    ]
    /// The keys that insert the key after them as it is (quoted-insert): a field takes no
    /// control character, so one that begins with ESC is refused whole, where stock readline
    /// inserts the ESC and then types the rest of its sequence. (C-q is the terminal's flow
    /// control, XON, before it is a key.)
    static let quoting: [Key] = [Key(name: "C-v", bytes: "\u{16}")]
    /// The keys that send an escape sequence.
    static let sequences: [Key] = [
        Key(name: "Home", bytes: "\u{1B}[H"), Key(name: "End", bytes: "\u{1B}[F"), Key(name: "Left", bytes: "\u{1B}[D"),
        Key(name: "Right", bytes: "\u{1B}[C"), Key(name: "Delete", bytes: "\u{1B}[3~"), Key(name: "M-f", bytes: "\u{1B}f"),
        Key(name: "M-b", bytes: "\u{1B}b"), Key(name: "M-2", bytes: "\u{1B}2"),
    ]

    /// The keys of a secure field's test: typing, motions, deletions and kills, undo.
    static let secureEditing: [Key] = editing.filter { !["C-y", "M-y", "M-u", "M-l", "M-c", "M-t"].contains($0.name) }

    /// A sequence of `count` keys from `keys`, with typing, numeric arguments (M-digit),
    /// character searches (C-] and M-C-] with their character) and a key that reads the next
    /// followed by an escape sequence mixed in.
    mutating func sequence(count: Int, from keys: [Key]) -> [Key] {
        var result: [Key] = []
        while result.count < count {
            switch below(10) {
            case 0...3:
                let character = Self.printable[below(Self.printable.count)]
                // A digit right after M-digit would lengthen the count instead of being typed.
                if character.isNumber, result.last?.name.hasPrefix("M-") == true, result.last?.name.count == 3 { continue }
                result.append(Key(name: character == " " ? "Space" : String(character), bytes: String(character)))
            case 4:
                let digit = 1 + below(4)
                result.append(Key(name: "M-\(digit)", bytes: "\u{1B}\(digit)"))
            case 6:
                // A key that reads the next one, then one that sends an escape sequence.
                let reader = Self.readers[below(Self.readers.count)], sequence = Self.sequences[below(Self.sequences.count)]
                result.append(Key(name: "\(reader.name) \(sequence.name)", bytes: reader.bytes + sequence.bytes))
            case 5:
                let target = Self.printable[below(Self.printable.count)]
                let backward = below(2) == 0
                result.append(Key(name: (backward ? "M-C-] " : "C-] ") + String(target), bytes: (backward ? "\u{1B}\u{1D}" : "\u{1D}") + String(target)))
            default:
                result.append(keys[below(keys.count)])
            }
        }
        // Enter with a numeric argument is not an editing key (and stock readline in callback
        // mode does not hand the line over then).
        while let key = result.last?.name.split(separator: " ").last, key.count == 3, key.hasPrefix("M-"), key.last?.isNumber == true {
            result.removeLast()
        }
        return result
    }
}
