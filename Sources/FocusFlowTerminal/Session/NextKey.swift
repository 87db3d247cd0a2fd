@preconcurrency import CReadline

/// The key after one that reads it (C-] the character to search for, C-v the key to insert):
/// it goes to a handler instead of the field's keymap, which is back in place when the handler
/// runs. Readline's own way waits through its callback machinery, which crashes in callback mode
/// when that key is ESC and the one after it aborts (C-] M-y).
enum NextKey {
    nonisolated(unsafe) private static var handler: ((Int32) -> Int32)?
    nonisolated(unsafe) private static var returnMap: Keymap?
    /// Every key bound to ``take(_:)``.
    nonisolated(unsafe) private static let map: Keymap = {
        let map = rl_make_bare_keymap()!
        for key in 0..<Int32(KEYMAP_SIZE) { ff_set_entry(map, key, ISFUNC, ff_address(nextKeyEntry)) }
        return map
    }()

    /// Hands the next key typed to `handler`.
    static func read(_ handler: @escaping (Int32) -> Int32) -> Int32 {
        self.handler = handler
        returnMap = rl_get_keymap()
        rl_set_keymap(map)
        return 0
    }

    /// How many bytes the UTF-8 character that `lead` begins has.
    static func length(lead: Int32) -> Int { lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1 }

    /// The field's keymap again, then the handler with `key`.
    fileprivate static func take(_ key: Int32) -> Int32 {
        rl_set_keymap(returnMap)
        return handler.take()?(key) ?? 0
    }
}

private func nextKeyEntry(_: Int32, _ key: Int32) -> Int32 { NextKey.take(key) }
