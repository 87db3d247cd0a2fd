/// A set of scalars as RE2 builds one from a `[…]` set, a `\p{…}` property, `.` or a letter
/// under `(?i)`: items, each a range, categories or a script, each negated or case-folded as
/// RE2 adds it, and the whole negated for `[^…]`.
///
/// An item is tested, never expanded: `\p{L}` is one test of a scalar's category, not the
/// thousand ranges RE2 builds, so a class costs nothing to build and a few comparisons to test.
struct ScalarClass: Sendable {
    /// What one item holds before negation and folding.
    enum Members: Sendable {
        case range(UInt32, UInt32)
        case categories([Unicode.GeneralCategory])
        case ranges([ClosedRange<UInt32>])
        case any

        func contains(_ value: UInt32) -> Bool {
            switch self {
            case .range(let low, let high): low <= value && value <= high
            case .categories(let categories): PatternUnicode.category(of: value).map(categories.contains) ?? false
            case .ranges(let ranges): ranges.contains { $0.contains(value) }
            case .any: true
            }
        }
    }

    /// One item: RE2 adds a folded item with every scalar that folds with one of its members, and
    /// a negated folded one as the complement of the folded members.
    struct Item: Sendable {
        var members: Members
        var negated = false
        var folded = false

        func contains(_ value: UInt32) -> Bool {
            var hit = members.contains(value)
            if !hit, folded { hit = PatternUnicode.orbit(of: value).contains(where: members.contains) }
            return hit != negated
        }
    }

    var items: [Item] = []
    var negated = false

    func contains(_ value: UInt32) -> Bool { items.contains { $0.contains(value) } != negated }

    /// RE2's `.`: any scalar but a line feed, or any with `(?s)`.
    static func dot(matchesLineFeed: Bool) -> ScalarClass {
        matchesLineFeed ? ScalarClass(items: [Item(members: .any)]) : ScalarClass(items: [Item(members: .range(0x0A, 0x0A))], negated: true)
    }

    /// RE2's Perl classes, `\d`, `\s` and `\w`: ASCII.
    static func perl(_ letter: Unicode.Scalar) -> [ClosedRange<UInt32>]? {
        switch letter {
        case "d", "D": [0x30...0x39]
        case "s", "S": [0x09...0x0A, 0x0C...0x0D, 0x20...0x20]
        case "w", "W": [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
        default: nil
        }
    }

    /// An ASCII word character, as RE2's `\b` reads one.
    static func isWord(_ value: UInt32?) -> Bool {
        guard let value else { return false }
        return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || value == 0x5F || (0x61...0x7A).contains(value)
    }
}
