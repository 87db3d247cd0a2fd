@preconcurrency import CReadline

/// C-] and M-C-]: the next character typed (``NextKey``) is searched for, forward or backward,
/// as readline does; an ESC ends the search and begins the key it starts.
enum CharacterSearch {
    /// Waits for the character: a count below zero turns the direction round.
    static func begin(count: Int32, forward: Bool) -> Int32 {
        let count = forward ? count : -count
        return NextKey.read { target($0, count: count) }
    }

    /// The key after C-]: the first byte of the character to search for.
    private static func target(_ key: Int32, count: Int32) -> Int32 {
        // ESC begins a key (Home, Left, M-f, M-2), not a character to look for: as readline does,
        // the search ends and the key runs, its escape sequence read whole, so that none of it is
        // typed into the field.
        guard key != 0x1B else { return rl_execute_next(key) }
        var bytes = [CChar(bitPattern: UInt8(truncatingIfNeeded: key))]
        let length = NextKey.length(lead: key & 0xFF)
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
