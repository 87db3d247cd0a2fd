/// Whether a host's words repeat a secret it was given, changed as a program changes text: in
/// another case (`HUNTER2`), spaced out (`h u n t e r 2`), reversed (`2retnuh`), with separators
/// (`h-u-n-t-e-r-2`), zero-width or escape characters between the letters, in full-width forms
/// (`ｈｕｎｔｅｒ２`) or with combining marks over them, whole or half of it. A refusal that does
/// is not shown.
///
/// Both texts are compared in two folded forms (``letters(_:)``, ``visible(_:)``), the words read
/// forwards and backwards: they repeat the secret when they hold a run of its folded characters
/// as long as half of it, and at least ``shortest`` (the whole secret in any of those forms is
/// such a run). The exact secret anywhere in the words counts too, whatever its length.
///
/// Half: a run of half a secret's characters leaves about the square root of the search for it
/// (the other half, and where the run sits), which is a leak worth a lost sentence; a shorter
/// run is what a strength checker's words share with a password by chance (`enter` and
/// `hunter`). At least three: one or two letters or digits turn up in any sentence (`a`, `is`,
/// `10`), so every refusal of a short password would be lost, and a secret of one or two is found
/// by trying its 1,296 values anyway; a chance match of three in a refusal of a few words is
/// rare (a three-character string is one of 46,656), and it only shows the field's own words in
/// place of the program's.
///
/// Not caught: less than half of the secret (`the password hunt…`), its characters scattered
/// (every other one), and the secret written in another way (encoded, spelled out, look-alike
/// letters of another script).
enum SecretEcho {
    /// The fewest characters a run must have, in a folded form.
    static let shortest = 3

    /// Whether `text` repeats `secret`, as it is or changed.
    ///
    /// - Complexity: O(*n* × *m*) in the two folded lengths, looked at only when half the secret
    ///   fits in the words (a shown refusal is at most 200 characters).
    static func repeats(_ secret: String, in text: String) -> Bool {
        guard !secret.isEmpty else { return false }
        if text.contains(secret) { return true }
        for form in [letters, visible] {
            let folded = form(secret), said = form(text)
            let run = max(shortest, folded.count / 2)
            guard folded.count >= run, said.count >= run else { continue }
            if longestRun(folded, said) >= run || longestRun(folded, said.reversed()) >= run { return true }
        }
        return false
    }

    /// The letters and digits of `text`, case folded: everything else — spaces, punctuation,
    /// symbols, separators, marks, control and invisible characters — dropped.
    static func letters(_ text: String) -> [Unicode.Scalar] {
        folded(text).filter { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                true
            default: false
            }
        }
    }

    /// The visible characters of `text`, case folded: spaces, separators, marks, control and
    /// invisible characters dropped, punctuation and symbols kept (a secret of `!@#$%` has no
    /// letters to compare).
    static func visible(_ text: String) -> [Unicode.Scalar] {
        folded(text).filter { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .surrogate, .privateUse, .unassigned,
                .nonspacingMark, .spacingMark, .enclosingMark:
                false
            default: true
            }
        }
    }

    /// `text` upper-cased then lower-cased — the case folding that meets `ß` and `SS`, `ς` and
    /// `Σ` — with full-width ASCII (U+FF01–U+FF5E) as ASCII.
    private static func folded(_ text: String) -> [Unicode.Scalar] {
        text.uppercased().lowercased().unicodeScalars.map { scalar in
            (0xFF01...0xFF5E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar : scalar
        }
    }

    /// The length of the longest run of characters `a` and `b` have in common.
    private static func longestRun(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        // The run ending at a[i] and b[j], a row of a's at a time.
        var previous = [Int](repeating: 0, count: b.count + 1), current = previous
        var longest = 0
        for scalar in a {
            for j in b.indices {
                current[j + 1] = scalar == b[j] ? previous[j] + 1 : 0
                longest = max(longest, current[j + 1])
            }
            swap(&previous, &current)
        }
        return longest
    }
}
