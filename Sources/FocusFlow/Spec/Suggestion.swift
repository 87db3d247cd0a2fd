/// "Did you mean …?" for a mistyped name: the closest candidate by edit distance, if close.
package enum Suggestion {
    /// The candidate nearest to `word`, when fewer edits than half its length (at least 2) and
    /// than its whole length turn one into the other.
    package static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = min(max(2, word.count / 2), word.count - 1)
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(word.lowercased(), candidate.lowercased())
            if d <= limit && d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Levenshtein distance over characters.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
