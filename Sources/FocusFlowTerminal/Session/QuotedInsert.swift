@preconcurrency import CReadline
import CReadlineSession

/// C-v and C-q: the next key typed is inserted as it is, as readline's quoted-insert does, but
/// a key that begins with ESC (Home, Left, M-f) is refused whole: readline would insert the ESC,
/// which no field takes, and then type the rest of its sequence (`[H`) as if a person had.
enum QuotedInsert {
    /// Waits for the key to insert (``NextKey``).
    static func begin(count: Int32) -> Int32 {
        let count = max(count, 1)
        return NextKey.read { next($0, count: count) }
    }

    /// The key after C-v: inserted `count` times, or, when it begins with ESC, refused with what
    /// of its sequence came with it.
    private static func next(_ key: Int32, count: Int32) -> Int32 {
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
            for _ in 1..<NextKey.length(lead: first) where ff_holding_byte() != 0 { _ = rl_read_key() }
        }
    }
}
