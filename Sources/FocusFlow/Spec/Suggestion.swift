/// "Did you mean …?" for a mistyped name: the closest candidate by edit distance, if close.
///
/// The search is bounded: a candidate whose length differs from the word's by more than the
/// edits allowed is skipped without comparing, the word is lowercased once, and a comparison
/// stops as soon as every cell of a row exceeds the bound. A 20 kB name over 5,000 short ids
/// compares nothing (each length differs by more than the bound).
package enum Suggestion {
    /// The candidate nearest to `word`, when fewer edits than half its length (at least 2) and
    /// than its whole length turn one into the other.
    package static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        var cells = 0
        return nearest(to: word, in: candidates, cells: &cells)
    }

    /// ``nearest(to:in:)``, adding to `cells` the number of edit-distance cells computed: the
    /// work done, for tests that hold the search to its bound.
    package static func nearest(to word: String, in candidates: some Sequence<String>, cells: inout Int) -> String? {
        let a = Array(word.lowercased())
        let limit = min(max(2, a.count / 2), a.count - 1)
        guard limit >= 0 else { return nil }
        var best: (String, Int)?
        for candidate in candidates {
            // Fewer edits than the best so far, and within the limit.
            let bound = min(limit, (best?.1 ?? .max) - 1)
            guard bound >= 0 else { break }
            let b = Array(candidate.lowercased())
            guard abs(a.count - b.count) <= bound else { continue }
            if let d = distance(a, b, bound: bound, cells: &cells) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Levenshtein distance over characters when it is at most `bound`, else `nil`: stops at
    /// the first row whose every cell exceeds the bound.
    private static func distance(_ a: [Character], _ b: [Character], bound: Int, cells: inout Int) -> Int? {
        guard !a.isEmpty else { return b.count <= bound ? b.count : nil }
        guard !b.isEmpty else { return a.count <= bound ? a.count : nil }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = min(rowMinimum, current[j])
            }
            cells += b.count
            if rowMinimum > bound { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
