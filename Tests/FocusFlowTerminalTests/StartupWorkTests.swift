@preconcurrency import CReadline
import Glibc
@testable import FocusFlowConsole
@testable import FocusFlowTerminal
import Testing

/// What a walk does before its first prompt, and what it leaves until it is needed: the keymaps
/// of secure fields and of the review are copied when a field first asks for them, and the
/// locale's name is read without the string-processing module. Serialized: a session binds
/// readline's own keymap, the process's, in place.
@Suite("Work before the first prompt", .serialized)
struct StartupWorkTests {
    /// Every entry of `map` and its sub-keymaps: a command by its address, a macro by its text,
    /// a sub-keymap by its address and then its own entries.
    static func entries(of map: Keymap) -> [String] {
        var out: [String] = []
        for key in 0..<Int32(KEYMAP_SIZE) {
            let type = ff_entry_type(map, key), address = ff_entry_address(map, key)
            switch type {
            case ISKMAP:
                out.append("\(key) map \(String(describing: address))")
                out += entries(of: ff_entry_keymap(map, key)).map { "\(key) " + $0 }
            case ISMACR:
                out.append("\(key) macro \(address.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "nil")")
            default:
                out.append("\(key) \(String(describing: address))")
            }
        }
        return out
    }

    @Test("A session binds readline's own map in place and leaves it as it found it, a macro it bound over and the function keys' maps included")
    func plainMapInPlace() throws {
        let own = try #require(rl_get_keymap())
        // Ctrl-T, which the session binds to show/hide, holding a macro: readline frees the
        // macro's text when the session binds over it.
        let (ctrlT, type, command) = (Int32(0x14), ff_entry_type(own, 0x14), ff_entry_address(own, 0x14))
        #expect(rl_macro_bind("\\C-t", "hey", own) == 0)
        defer { ff_set_entry(own, ctrlT, type, command) }
        let before = Self.entries(of: own)
        // An inputrc's vi mode: the session is in emacs mode while it runs, and gives vi back.
        let mode = ff_editing_mode()
        ff_set_editing_mode(0)
        defer { ff_set_editing_mode(mode) }
        let keymaps = Keymaps()
        #expect(keymaps.plain == own, "the plain map is a copy of readline's, which a start pays some thirty pages for")
        #expect(ff_editing_mode() == 1, "the session runs in the inputrc's vi mode")
        let enter = rl_function_of_keyseq("\r", own, nil).map { ff_address($0) }
        #expect(enter != nil && enter != ff_address(rl_newline), "Enter is not the session's in readline's map")
        // The function keys, bound when the first ESC reaches a map, and a secure copy of it.
        rl_set_keymap(own)
        keymaps.bindFunctionKeysInCurrentMap()
        #expect(rl_function_of_keyseq("\u{1B}[1;5A", own, nil) != nil)
        #expect(keymaps.secure != own)
        let bound = Self.entries(of: own) != before
        #expect(bound, "the session bound nothing in readline's map")
        keymaps.free()
        #expect(rl_get_keymap() == own)
        #expect(ff_editing_mode() == 0, "the session did not give readline its vi mode back")
        let after = Self.entries(of: own)
        let unchanged = after == before
        #expect(unchanged, "readline's map differs after the session at \(zip(before, after).first { $0 != $1 }.map { "\($0) → \($1)" } ?? "its length")")
        let second = Keymaps()
        #expect(rl_function_of_keyseq("\r", own, nil).map { ff_address($0) } == enter, "a second session binds readline's map otherwise")
        let macro = ff_entry_address(own, ctrlT).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
        #expect(ff_entry_type(own, ctrlT) == ISFUNC && macro != "hey", "the second session did not bind Ctrl-T")
        second.free()
        #expect(ff_entry_type(own, ctrlT) == ISMACR)
        // Put Ctrl-T's macro text away before the deferred restore of its command.
        if ff_entry_type(own, ctrlT) == ISMACR { Glibc.free(UnsafeMutableRawPointer(mutating: ff_entry_address(own, ctrlT))) }
    }

    @Test("The secure and review keymaps are copied when first asked for, once, not with the plain one")
    func keymapsOnDemand() {
        let keymaps = Keymaps()
        defer { keymaps.free() }
        #expect(keymaps.secureMap == nil, "the secure keymap was copied before a secure field asked for it")
        #expect(keymaps.reviewMap == nil, "the review keymap was copied before the review asked for it")
        let secure = keymaps.secure
        #expect(keymaps.secureMap == secure)
        #expect(keymaps.secure == secure, "the secure keymap was copied twice")
        #expect(keymaps.reviewMap == nil)
        let bindings = ReviewScreen().bindings(.english)
        let review = keymaps.review(bindings)
        #expect(keymaps.review(bindings) == review, "the review keymap was copied twice")
        #expect(review != secure && secure != keymaps.plain)
    }

    @Test("A secure field's keymap made on demand still refuses history, the kill ring and yanking")
    func secureOnDemandIsSecure() {
        let keymaps = Keymaps()
        defer { keymaps.free() }
        // Ctrl-P, Ctrl-R and Ctrl-Y: history, history search (the session's, which runs readline's
        // in its search map) and yank in the plain map.
        let search = rl_function_of_keyseq("\u{12}", keymaps.plain, nil).map { ff_address($0) }
        #expect(search != nil && search != ff_address(rl_reverse_search_history))
        let commands = [("\u{10}", ff_address(rl_get_previous_history)), ("\u{12}", search), ("\u{19}", ff_address(rl_yank))]
        for (key, command) in commands {
            let plain = rl_function_of_keyseq(key, keymaps.plain, nil).map { ff_address($0) }
            let secure = rl_function_of_keyseq(key, keymaps.secure, nil).map { ff_address($0) }
            #expect(plain == command, "key \(key.unicodeScalars.first!.value) in the plain map")
            #expect(secure != command && secure != nil, "key \(key.unicodeScalars.first!.value) in the secure map")
        }
    }

    @Test("A copied keymap owns its sub-keymaps and its macros' text, so that freeing the copy and its original frees each once")
    func deepCopyOwnsMacros() throws {
        // A map of its own, not readline's: other tests copy readline's map at the same time.
        let original = try #require(rl_make_bare_keymap())
        #expect(rl_macro_bind("\\C-xq", "hello", original) == 0)
        let copy = Keymaps.deepCopy(original)
        let ctlX = Int32(0x18), q = Int32(Character("q").asciiValue!)
        try #require(ff_entry_type(original, ctlX) == ISKMAP && ff_entry_type(copy, ctlX) == ISKMAP)
        let (from, to) = (ff_entry_keymap(original, ctlX)!, ff_entry_keymap(copy, ctlX)!)
        #expect(from != to, "the copy shares the Ctrl-X keymap")
        #expect(ff_entry_type(to, q) == ISMACR)
        let text = { (map: Keymap) in ff_entry_address(map, q).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } }
        #expect(text(to) == "hello")
        let shared = ff_entry_address(from, q) == ff_entry_address(to, q)
        #expect(!shared, "the copy shares the macro's text, which rl_free_keymap frees with each map: a double free")
        if shared { ff_set_entry(to, q, ISFUNC, nil) }
        rl_free_keymap(copy)
        #expect(text(from) == "hello")
        rl_free_keymap(original)
    }

    @Test(
        "A locale name says UTF-8 in any case, with or without the dash",
        arguments: [
            ("C.UTF-8", true), ("en_US.utf8", true), ("ko_KR.UTF8", true), ("de_DE.Utf-8", true), ("UTF-8", true),
            ("C", false), ("POSIX", false), ("en_US.ISO-8859-1", false), ("", false), ("UTF", false), ("utf-16", false),
        ])
    func utf8Locale(name: String, isUTF8: Bool) {
        #expect(TerminalLocale.isUTF8(name) == isUTF8, "\(name)")
    }
}
