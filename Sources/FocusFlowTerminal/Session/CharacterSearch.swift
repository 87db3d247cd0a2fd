@preconcurrency import CReadline

/// C-] and M-C-]: the next character typed is searched for, forward or backward, as readline
/// does. Readline's own version waits for that character through its callback machinery, and
/// crashes when the character is ESC and the key after it aborts (C-] M-y). Here the next key
/// goes to a keymap of its own instead; an ESC ends the search and begins the key it starts.
enum CharacterSearch {
    nonisolated(unsafe) private static var count: Int32 = 1
    nonisolated(unsafe) private static var returnMap: Keymap?
    /// Every key bound to `targetKey`.
    nonisolated(unsafe) private static let targetMap: Keymap = {
        let map = rl_make_bare_keymap()!
        for key in 0..<Int32(KEYMAP_SIZE) { ff_set_entry(map, key, ISFUNC, ff_address(targetKey)) }
        return map
    }()

    /// Waits for the character: a count below zero turns the direction round.
    static func begin(count: Int32, forward: Bool) -> Int32 {
        Self.count = forward ? count : -count
        returnMap = rl_get_keymap()
        rl_set_keymap(targetMap)
        return 0
    }

    /// The key after C-]: the first byte of the character to search for.
    fileprivate static func target(_ key: Int32) -> Int32 {
        rl_set_keymap(returnMap)
        // ESC begins a key (Home, Left, M-f, M-2), not a character to look for: as readline does,
        // the search ends and the key runs, its escape sequence read whole, so that none of it is
        // typed into the field.
        guard key != 0x1B else { return rl_execute_next(key) }
        var bytes = [CChar(bitPattern: UInt8(truncatingIfNeeded: key))]
        let lead = UInt8(truncatingIfNeeded: key)
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        while bytes.count < length {
            let next = rl_read_key()
            guard next >= 0 else { return 1 }
            bytes.append(CChar(bitPattern: UInt8(truncatingIfNeeded: next)))
        }
        let size = Int32(bytes.count)
        bytes.append(0)
        return count < 0 ? _rl_char_search_internal(-count, -2, &bytes, size) : _rl_char_search_internal(count, 2, &bytes, size)
    }
}

private func targetKey(_: Int32, _ key: Int32) -> Int32 { CharacterSearch.target(key) }
