@preconcurrency import CReadline

/// C-r and C-s in a plain field: readline's own incremental search, begun in the map it knows
/// its keys by (``Keymaps/searchMap(over:)``), and the field's map again once it ends.
enum HistorySearch {
    /// The field's map while a search runs in its search map.
    nonisolated(unsafe) private static var returnMap: Keymap?

    /// Begins the search in the search map over the map in use.
    static func begin(_ count: Int32, _ key: Int32, forward: Bool) -> Int32 {
        if returnMap == nil, let map = rl_get_keymap(), let search = ReadlineAdapter.session?.searchMap(over: map) {
            returnMap = map
            rl_set_keymap(search)
        }
        return forward ? rl_forward_search_history(count, key) : rl_reverse_search_history(count, key)
    }

    /// After a key: once the search is over, the field's map again.
    static func settle() {
        guard let map = returnMap, ff_searching() == 0 else { return }
        returnMap = nil
        if rl_get_keymap() != map { rl_set_keymap(map) }
    }

    /// Forgets the field's map: a new field sets its own.
    static func reset() { returnMap = nil }
}
