@preconcurrency import CReadline
import CReadlineSession

/// C-v and C-q: the next key typed is inserted as it is, as readline's quoted-insert does, but
/// a key that begins with ESC (Home, Left, M-f) is refused whole: readline would insert the ESC,
/// which no field takes, and then type the rest of its sequence (`[H`) as if a person had.
enum QuotedInsert {
    nonisolated(unsafe) private static var count: Int32 = 1
    nonisolated(unsafe) private static var returnMap: Keymap?
    /// Every key bound to `nextKey`.
    nonisolated(unsafe) private static let nextMap: Keymap = {
        let map = rl_make_bare_keymap()!
        for key in 0..<Int32(KEYMAP_SIZE) { ff_set_entry(map, key, ISFUNC, ff_address(nextKey)) }
        return map
    }()

    /// Waits for the key to insert.
    static func begin(count: Int32) -> Int32 {
        Self.count = max(count, 1)
        returnMap = rl_get_keymap()
        rl_set_keymap(nextMap)
        return 0
    }

    /// The key after C-v: inserted `count` times, or, when it begins with ESC, refused with what
    /// of its sequence came with it.
    fileprivate static func next(_ key: Int32) -> Int32 {
        rl_set_keymap(returnMap)
        guard key == 0x1B else { return rl_insert(count, key) }
        dropSequence()
        ReadlineAdapter.session.map { $0.refuse($0.theme.words.keyDoesNothing) }
        return 0
    }

    /// Reads the rest of the key an ESC began, from what arrived with it: a CSI sequence (`[`,
    /// its parameters, its final byte), an SS3 one (`O` and a byte), or one character (Alt-f).
    private static func dropSequence() {
        guard ff_holding_byte() != 0 else { return }
        let first = rl_read_key()
        switch first {
        case 0x5B:  // [
            while ff_holding_byte() != 0 {
                let byte = rl_read_key()
                if byte < 0 || (0x40...0x7E).contains(byte) { return }
            }
        case 0x4F:  // O
            if ff_holding_byte() != 0 { _ = rl_read_key() }
        default:
            // A character after ESC: its UTF-8 continuation bytes too.
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            for _ in 1..<length where ff_holding_byte() != 0 { _ = rl_read_key() }
        }
    }
}

private func nextKey(_: Int32, _ key: Int32) -> Int32 { QuotedInsert.next(key) }
