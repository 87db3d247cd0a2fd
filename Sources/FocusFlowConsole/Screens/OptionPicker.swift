import FocusFlow

/// A list's filter answers: each recent query (a prefix of the next) and the options it shows.
///
/// - Complexity: the filter runs once per query (a keystroke redraws, settles the highlight and
///   draws again with the same query), over what the query before it showed when it only
///   extends it; a key typed at the end searches only what the last one showed, and Backspace
///   finds its answer kept.
package struct OptionPicker {
    private var filters: [(query: String, visible: [Int])] = []
    /// Which options show under the filter.
    package var window = OptionWindow()

    /// Forgets what each query showed: the options changed (a list from the service).
    package mutating func forgetFilters() { filters = [] }

    /// The positions (in `field.options`) of the options `query` shows.
    package mutating func visible(_ field: FieldSpec, query: String) -> [Int] {
        while let last = filters.last, !query.hasPrefixIdentical(last.query) { filters.removeLast() }
        if let last = filters.last, last.query.isIdentical(to: query) { return last.visible }
        let visible = filters.last.map { field.visibleOptions(query: query, narrowing: $0) } ?? field.visibleOptions(query: query)
        filters.append((query, visible))
        return visible
    }
}
