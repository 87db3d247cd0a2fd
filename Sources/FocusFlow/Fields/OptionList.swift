#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A choice field's options with every label folded once, when the flow is loaded, so that a
/// keystroke in the filter folds only the query.
///
/// A query with a lone Hangul consonant is searched by initials instead (``InitialConsonants``:
/// `ㄷㅎㅁㄱ` finds 대한민국), label by label.
///
/// The folded labels sit in one buffer, each ended by a zero byte (which no folded query
/// contains, so no match spans two labels); a filter is one `memchr`/`memcmp` pass over it.
final class OptionList: Sendable {
    let options: [FieldOption]
    private let folded: [UInt8]
    /// Where each option's folded label starts in ``folded``, and one past the last.
    private let starts: [Int]
    private let positionByValue: [String: Int]
    /// Whether every option shows whatever the filter holds: a list a service searched for the
    /// filter (``OptionSource/search``) is what matches it, by the service's own rule.
    let showsAll: Bool

    init(_ options: [FieldOption], showsAll: Bool = false) {
        self.options = options
        self.showsAll = showsAll
        var folded: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(options.count + 1)
        for option in options {
            starts.append(folded.count)
            folded += SearchFold.bytes(option.label).filter { $0 != 0 }
            folded.append(0)
        }
        starts.append(folded.count)
        self.folded = folded
        self.starts = starts
        positionByValue = Dictionary(options.enumerated().map { ($1.value, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The list of no options, shared by every field without any (most fields).
    static let none = OptionList([])

    /// The list of `options`, or ``none`` for no options.
    static func of(_ options: [FieldOption]) -> OptionList { options.isEmpty ? none : OptionList(options) }

    var count: Int { options.count }

    /// The position of the option whose value is `value`.
    func position(of value: String) -> Int? {
        guard let position = positionByValue[value], options[position].value.isIdentical(to: value) else {
            return options.firstIndex { $0.value.isIdentical(to: value) }
        }
        return position
    }

    /// The positions of the options whose folded label contains the folded `query`, in option
    /// order; every option for an empty query.
    ///
    /// - Complexity: O(*q*) to fold the query, then one `memchr`/`memcmp` pass over the folded labels
    ///   and O(log *n*) per matching option.
    func visible(query: String) -> [Int] {
        showsAll ? Array(options.indices) : matching(query: query)
    }

    /// The positions of the options whose folded label contains the folded `query`, whether
    /// or not the list ``showsAll``: what the labels themselves say.
    func matching(query: String) -> [Int] {
        if query.isEmpty { return Array(options.indices) }
        if InitialConsonants.applies(to: query) {
            let initials = InitialConsonants.Query(query)
            return options.indices.filter { initials.matches(options[$0].label) }
        }
        let needle = Self.needle(query)
        if needle.isEmpty { return Array(options.indices) }
        var result: [Int] = []
        folded.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { n in
                guard let base = hay.baseAddress, let nb = n.baseAddress else { return }
                var offset = 0
                while offset < hay.count {
                    guard let at = Self.find(nb, n.count, in: base, from: offset, to: hay.count) else { break }
                    let option = optionContaining(at)
                    result.append(option)
                    offset = starts[option + 1]
                }
            }
        }
        return result
    }

    /// The options visible under `query`, found among `previous.visible` when `previous.query`
    /// folds to a prefix of what `query` folds to: every label that contains the longer needle
    /// contains the shorter, so only the options the last keystroke showed are searched again.
    /// Otherwise (a deletion, a Hangul syllable recomposed) the whole list is searched.
    ///
    /// - Complexity: O(*q*) to fold both queries, then linear in `previous.visible`'s labels
    ///   when it narrows, else as ``visible(query:)``.
    func visible(query: String, narrowing previous: (query: String, visible: [Int])) -> [Int] {
        if showsAll { return Array(options.indices) }
        if InitialConsonants.applies(to: query) || InitialConsonants.applies(to: previous.query) { return visible(query: query) }
        let needle = Self.needle(query)
        let shorter = Self.needle(previous.query)
        guard !needle.isEmpty, needle.starts(with: shorter) else { return visible(query: query) }
        var result: [Int] = []
        folded.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { n in
                guard let base = hay.baseAddress, let nb = n.baseAddress else { return }
                for option in previous.visible where Self.find(nb, n.count, in: base, from: starts[option], to: starts[option + 1]) != nil {
                    result.append(option)
                }
            }
        }
        return result
    }

    /// What a query searches for: folded (``SearchFold``), without the spaces it starts with, so
    /// that a space typed first (to see what it does) hides nothing; a space inside (`new z`)
    /// and at the end (`new `) counts.
    private static func needle(_ query: String) -> [UInt8] {
        let start = query.utf8.firstIndex { $0 != 0x20 } ?? query.utf8.endIndex
        return SearchFold.bytes(String(query[start...])).filter { $0 != 0 }
    }

    /// Whether the option at `position` is visible under `query`: one search of its label.
    func shows(_ position: Int, query: String) -> Bool {
        if showsAll { return true }
        if InitialConsonants.applies(to: query) {
            return !options.indices.contains(position) || InitialConsonants.Query(query).matches(options[position].label)
        }
        let needle = Self.needle(query)
        guard !needle.isEmpty, options.indices.contains(position) else { return true }
        return folded.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { n in
                guard let base = hay.baseAddress, let nb = n.baseAddress else { return false }
                return Self.find(nb, n.count, in: base, from: starts[position], to: starts[position + 1]) != nil
            }
        }
    }

    /// The first option visible under `query`, found by a search that stops at it.
    func firstShown(query: String) -> Int? {
        if showsAll { return options.isEmpty ? nil : 0 }
        if InitialConsonants.applies(to: query) {
            let initials = InitialConsonants.Query(query)
            return options.indices.first { initials.matches(options[$0].label) }
        }
        let needle = Self.needle(query)
        guard !needle.isEmpty else { return options.isEmpty ? nil : 0 }
        return folded.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { n in
                guard let base = hay.baseAddress, let nb = n.baseAddress else { return nil }
                return Self.find(nb, n.count, in: base, from: 0, to: hay.count).map { optionContaining($0) }
            }
        }
    }

    /// Whether the option at `position` is visible under `query`.
    func isVisible(_ position: Int, query: String) -> Bool {
        query.isEmpty || visible(query: query).contains(position)
    }

    /// The offset of the first occurrence of the needle in `hay[from..<to]`: `memchr` to the
    /// needle's first byte, `memcmp` for the rest.
    private static func find(_ needle: UnsafePointer<UInt8>, _ count: Int, in hay: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        var offset = from
        let first = Int32(needle[0])
        while to - offset >= count {
            guard let hit = memchr(hay + offset, first, to - offset - count + 1) else { return nil }
            let at = UnsafeRawPointer(hit) - UnsafeRawPointer(hay)
            if memcmp(hay + at, needle, count) == 0 { return at }
            offset = at + 1
        }
        return nil
    }

    private func optionContaining(_ offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid } else { high = mid }
        }
        return low
    }

    static func == (lhs: OptionList, rhs: OptionList) -> Bool { lhs.options == rhs.options }
}
