@preconcurrency import CReadline
import Glibc

/// What a session changed in readline's own keymaps, entry by entry, so that its end puts them
/// back as it found them: ``Keymaps/plain`` is readline's map itself, bound in place, for a copy
/// of it and its sixteen sub-keymaps would cost every start some thirty pages of memory. A
/// program that goes on with readline after a walk, or walks again, finds readline's maps as
/// they were.
final class KeymapJournal {
    /// An entry as it was before its first change. A macro's text is kept as a copy of the
    /// journal's own: readline frees the text of a macro it binds over.
    private struct Entry {
        var map: Keymap
        var key: Int32
        var type: Int32
        var function: UnsafeRawPointer?
        var macroCopy: UnsafeMutablePointer<CChar>?
    }
    private var entries: [Entry] = []

    /// Notes `key` of `map` before it is written.
    func note(_ map: Keymap, _ key: Int32) {
        let type = ff_entry_type(map, key), function = ff_entry_address(map, key)
        let copy = type == ISMACR ? function.flatMap { strdup($0.assumingMemoryBound(to: CChar.self)) } : nil
        entries.append(Entry(map: map, key: key, type: type, function: function, macroCopy: copy))
    }

    /// Binds `sequence` (its bytes as typed: no backslash escapes) to `command` in `map`, as
    /// `rl_bind_keyseq_in_map` does, having noted each entry on its way: the ones it passes
    /// through and the one it binds (an entry that readline turns into a keymap of its own is
    /// noted as what it was, and that keymap is freed when the entry is put back).
    func bind(_ sequence: String, _ command: @convention(c) (Int32, Int32) -> Int32, in map: Keymap) {
        let bytes = Array(sequence.utf8)
        // Readline reads a backslash as an escape and a byte past ASCII as ESC and the byte: its
        // path would not be the one noted here.
        assert(bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\\") }, "a key sequence the journal cannot follow")
        var current = map
        for (index, byte) in bytes.enumerated() {
            let key = Int32(byte)
            let isMap = ff_entry_type(current, key) == ISKMAP
            if index == bytes.count - 1 {
                // Binding a prefix binds what its keymap does with any other key.
                if isMap { note(ff_entry_keymap(current, key), Int32(ANYOTHERKEY)) } else { note(current, key) }
                break
            }
            note(current, key)
            guard isMap else { break }
            current = ff_entry_keymap(current, key)
        }
        rl_bind_keyseq_in_map(sequence, command, map)
    }

    /// Puts every noted entry back, the last noted first, so that an entry noted twice ends as
    /// it was first found; frees each keymap made in place of an entry that was none.
    func restore() {
        for entry in entries.reversed() {
            let type = ff_entry_type(entry.map, entry.key), function = ff_entry_address(entry.map, entry.key)
            if type == ISKMAP && entry.type != ISKMAP, let made = ff_entry_keymap(entry.map, entry.key) {
                rl_free_keymap(made)
            }
            if entry.type == ISMACR && !(type == ISMACR && function == entry.function) {
                // The text readline held was freed when it was bound over: the copy takes its
                // place (and the copy a later note put back gives way to it).
                if type == ISMACR { Glibc.free(UnsafeMutableRawPointer(mutating: function)) }
                ff_set_entry(entry.map, entry.key, ISMACR, entry.macroCopy.map { UnsafeRawPointer($0) })
            } else {
                Glibc.free(entry.macroCopy)
                ff_set_entry(entry.map, entry.key, entry.type, entry.function)
            }
        }
        entries = []
    }
}
