/// Initial-consonant search (초성 검색): a query that holds a lone Hangul consonant (`ㅎ`,
/// `ㄷㅎㅁㄱ`, `대ㅎ`) finds the labels where each consonant stands for a syllable that starts
/// with it, as Korean users search a list of names: `ㅎ` finds 한국, `ㄷㅎㅁㄱ` and `대ㅎ` find
/// 대한민국. The other characters of the query match as the filter's fold matches them (case,
/// diacritics and width folded), and its last syllable may still be being composed (`대하`
/// finds 대한민국, as `하` does).
///
/// A query without a lone consonant is searched by the fold alone (``SearchFold``); this is the
/// one other rule, used only for the queries that need it, character by character.
enum InitialConsonants {
    /// The initial consonants (choseong) in their order in a syllable's code point, as the
    /// compatibility jamo a keyboard types them.
    private static let compatibility: [UInt32] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145,
        0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]

    /// The index (0…18) of the initial consonant `scalar` spells alone: a compatibility jamo
    /// (`ㅎ`, U+314E) or a conjoining choseong (U+1112).
    static func initial(_ scalar: UInt32) -> Int? {
        if (0x1100...0x1112).contains(scalar) { return Int(scalar - 0x1100) }
        return compatibility.firstIndex(of: scalar)
    }

    /// Whether `query` holds a lone consonant, so that it is searched by initials.
    static func applies(to query: String) -> Bool {
        query.unicodeScalars.contains { initial($0.value) != nil }
    }

    /// One character of a label or a query, as the search compares it.
    fileprivate enum Unit: Equatable {
        /// A precomposed syllable (U+AC00…U+D7A3).
        case syllable(UInt32)
        /// A lone initial consonant.
        case initial(Int)
        /// Anything else, folded.
        case other([UInt8])
    }

    fileprivate static func units(_ text: String) -> [Unit] {
        text.unicodeScalars.compactMap { scalar in
            let v = scalar.value
            if (0xAC00...0xD7A3).contains(v) { return .syllable(v) }
            if let initial = initial(v) { return .initial(initial) }
            let folded = SearchFold.bytes(String(scalar)).filter { $0 != 0 }
            return folded.isEmpty ? nil : .other(folded)
        }
    }

    /// Whether the label unit `label` answers to the query unit `query`; `last` when `query` is
    /// the query's last unit, whose syllable may still be being composed.
    fileprivate static func answers(_ label: Unit, to query: Unit, last: Bool) -> Bool {
        switch (query, label) {
        case (.initial(let wanted), .syllable(let syllable)): return Int((syllable - 0xAC00) / 588) == wanted
        case (.syllable(let wanted), .syllable(let syllable)) where last:
            // The syllable typed so far is the label's, or its start: 하 (no final) for 한.
            return wanted == syllable || ((wanted - 0xAC00) % 28 == 0 && (syllable - 0xAC00) / 28 == (wanted - 0xAC00) / 28)
        default: return label == query
        }
    }

    /// A query made ready to search many labels.
    struct Query {
        fileprivate let units: [Unit]

        init(_ query: String) {
            let start = query.unicodeScalars.firstIndex { $0 != " " } ?? query.unicodeScalars.endIndex
            units = InitialConsonants.units(String(query.unicodeScalars[start...]))
        }

        /// Whether `label` holds the query, each consonant standing for a syllable it starts.
        ///
        /// - Complexity: O(*n* × *q*) for a label of *n* characters and a query of *q*.
        func matches(_ label: String) -> Bool {
            guard !units.isEmpty else { return true }
            let labelUnits = InitialConsonants.units(label)
            guard labelUnits.count >= units.count else { return false }
            for start in 0...(labelUnits.count - units.count) {
                var all = true
                for (k, unit) in units.enumerated() where !InitialConsonants.answers(labelUnits[start + k], to: unit, last: k == units.count - 1) {
                    all = false
                    break
                }
                if all { return true }
            }
            return false
        }
    }
}
