@preconcurrency import CReadline
import Glibc
import FocusFlowConsole

/// The keymaps of a session: readline's own map with the flow's keys bound in it (put back as
/// it was when the session ends, ``KeymapJournal``), a deep copy of it for secure fields with
/// everything that could carry a secret elsewhere — history, history search, the kill ring,
/// yanking, completion — taken out, and the copies a field's screen binds its own keys in
/// (``screen(_:base:bindings:)``).
///
/// All maps step over characters as a person counts them (``LineGraphemes``), never leave
/// emacs mode (ESC Enter would switch readline to vi mode), complete nothing (a field is not a
/// file name), and search for a character (C-]) without readline's callback-mode crash
/// (``CharacterSearch``).
///
/// The terminals' function keys (``bindFunctionKeys(in:)``: some thirty keymaps of their own,
/// a tenth of a start) are bound in a map when the first ESC reaches readline in it
/// (``bindFunctionKeysInCurrentMap()``, called by the session's input before readline looks the
/// ESC up), with the map's commands replaced as when it was made: a map is then as it would be
/// with them bound from the start.
final class Keymaps {
    /// Readline's own emacs map, bound in place, whatever editing mode an inputrc chose: a form
    /// has no vi mode, whose Escape would leave the session's keys for readline's own.
    let plain: Keymap
    /// The map and editing mode readline was in, given back by ``free()``.
    private let before: (map: Keymap?, mode: Int32)
    /// What binding ``plain`` changed in readline's maps, put back by ``free()``.
    private let journal = KeymapJournal()
    /// The secure fields' map, made the first time a secure field asks for it: a flow without one
    /// (or a walk that shows its first field) copies no more keymaps than it needs.
    var secure: Keymap {
        if let secureMap { return secureMap }
        let map = Self.deepCopy(plain)
        Self.replace(in: map, Self.secureTable, macros: ff_address(dingKey))
        rl_bind_keyseq_in_map("\u{04}", secureEndOfInputKey, map)
        secureMap = map
        record(map, from: plain, secure: true)
        return map
    }
    /// The review's map (``ReviewScreen``): the secure map (nothing of a field's history or
    /// kill ring reaches it) with the review's table bound. Made when the review is first shown.
    func review(_ bindings: [KeyBinding]) -> Keymap {
        if let reviewMap { return reviewMap }
        let map = Self.deepCopy(secure)
        Self.bind(bindings, in: map)
        reviewMap = map
        record(map, from: secure, secure: true)
        return map
    }

    /// The maps made here, each with whether it is a secure field's (its commands replaced by
    /// ``secureTable`` too) and whether the function keys are bound in it yet.
    private var maps: [(map: Keymap, secure: Bool, functionKeys: Bool)] = []

    /// Records `map`, made as a copy of `base` (`nil`: readline's own map).
    private func record(_ map: Keymap, from base: Keymap?, secure: Bool) {
        let inherited = base.map { base in maps.contains { $0.map == base && $0.functionKeys } } ?? false
        maps.append((map, secure, inherited))
    }

    /// Whether `map` is one of the fields' maps (or the review's): not a map a key is read in for
    /// a command (``NextKey``), nor a search's.
    func isFieldMap(_ map: Keymap?) -> Bool { maps.contains { $0.map == map } }

    /// Binds the function keys in the map readline is in, unless they are bound there already
    /// or the map is not one of these (a key read by ``NextKey``, an incremental search's):
    /// then replaces the map's commands with every field's (and a secure field's) again, as
    /// they were replaced when the map was made, so that the keys bound now run the same
    /// commands as the map's other keys.
    func bindFunctionKeysInCurrentMap() {
        guard let map = rl_get_keymap(), let index = maps.firstIndex(where: { $0.map == map }), !maps[index].functionKeys else { return }
        maps[index].functionKeys = true
        let journal = map == plain ? journal : nil
        Self.bindFunctionKeys(in: map, journal: journal)
        Self.replace(in: map, Self.everyFieldTable, macros: nil, journal: journal)
        if maps[index].secure { Self.replace(in: map, Self.secureTable, macros: ff_address(dingKey)) }
    }

    /// What every field's map does its own way (``lineAccepts(_:)``, ``editing(_:)``).
    private static var everyFieldTable: CommandTable {
        var table = CommandTable()
        lineAccepts(&table)
        editing(&table)
        return table
    }

    /// What a secure field's map takes out besides (``secretCarriers(_:)``).
    private static var secureTable: CommandTable {
        var table = CommandTable()
        secretCarriers(&table)
        return table
    }
    private(set) var secureMap: Keymap?
    private(set) var reviewMap: Keymap?
    /// The screens' maps, by name, made once a session.
    private var derivedMaps: [String: Keymap] = [:]
    /// The maps an incremental search runs in, by the map it began in (see ``searchMap(over:)``).
    private var searchMaps: [UnsafeMutableRawPointer: Keymap] = [:]

    /// The map readline's incremental search (C-r, C-s) reads its keys in, over `map`: the same,
    /// but with readline's own rubout and search commands where the session has its own, for
    /// readline's search knows its keys by those commands (Backspace shortens the search string,
    /// C-r searches again). Every other key ends the search and runs as it does in `map`.
    func searchMap(over map: Keymap) -> Keymap {
        if let known = searchMaps[UnsafeMutableRawPointer(map)] { return known }
        let copy = rl_make_bare_keymap()!
        var table = CommandTable()
        table.replace([ff_address(characterBackspaceKey)], with: ff_address(rl_rubout))
        table.replace([ff_address(reverseSearchKey)], with: ff_address(rl_reverse_search_history))
        table.replace([ff_address(forwardSearchKey)], with: ff_address(rl_forward_search_history))
        for key in 0..<Int32(KEYMAP_SIZE) {
            let type = ff_entry_type(map, key), address = ff_entry_address(map, key)
            // The ESC and Ctrl-X sub-keymaps are the field's own (freed with it): shared, not copied.
            if type == ISFUNC, let address, let replacement = table[address] {
                ff_set_entry(copy, key, type, replacement)
            } else if type == ISKMAP {
                ff_set_entry_keymap(copy, key, ff_entry_keymap(map, key))
            } else {
                ff_set_entry(copy, key, type, address)
            }
        }
        searchMaps[UnsafeMutableRawPointer(map)] = copy
        return copy
    }

    /// The arrow keys' sequences, in both cursor-key modes.

    init() {
        before = (rl_get_keymap(), ff_editing_mode())
        plain = ff_emacs_keymap()
        ff_set_editing_mode(1)
        journal.bind("\r", submitKey, in: plain)
        journal.bind("\n", submitKey, in: plain)
        journal.bind("\u{1B}[Z", previousKey, in: plain)
        journal.bind("\u{14}", revealKey, in: plain)
        journal.bind("\t", submitKey, in: plain)  // Tab: the next field, as Enter (gum, huh, Inquirer)
        journal.bind("\u{0C}", redrawKey, in: plain)  // Ctrl-L: clear the screen, draw the whole form
        Self.replace(in: plain, Self.everyFieldTable, macros: nil, journal: journal)
        // A stray ESC before Enter (an Escape pressed to close something, Alt held) still submits:
        // readline would read ESC Enter as one key, M-C-m or M-C-j, and do nothing with it.
        for key in ["\u{1B}\r", "\u{1B}\n"] { journal.bind(key, submitKey, in: plain) }
        // Ctrl-D: cancel on an empty line, delete the character under the cursor otherwise.
        journal.bind("\u{04}", endOfInputKey, in: plain)
        record(plain, from: nil, secure: false)
    }

    /// The map of a screen whose table is `bindings`, over `base` (``plain`` or ``secure``):
    /// every key the table names runs ``screenKey``, which hands it back to the screen. Made the
    /// first time `name` is asked for and kept (and freed) with the others; a screen with no
    /// table of its own uses `base` itself.
    func screen(_ name: String, base: Keymap, bindings: [KeyBinding]) -> Keymap {
        guard !bindings.isEmpty else { return base }
        if let map = derivedMaps[name] { return map }
        let map = Self.deepCopy(base)
        Self.bind(bindings, in: map)
        derivedMaps[name] = map
        record(map, from: base, secure: maps.contains { $0.map == base && $0.secure })
        return map
    }

    /// Binds every key of `bindings` in `map` to ``screenKey``: the character keys first when
    /// the table takes them, then each sequence it names.
    private static func bind(_ bindings: [KeyBinding], in map: Keymap) {
        if bindings.contains(where: { if case .otherCharacters = $0.keys { true } else { false } }) {
            for key in Array(32..<127) + Array(128..<256) { setCommand(map, Int32(key), ff_address(screenKey)) }
        }
        for key in bindings.flatMap(\.sequences) { rl_bind_keyseq_in_map(key, screenKey, map) }
    }

    /// Frees the maps made here and puts readline's own back as they were, readline in the map
    /// and editing mode it was in.
    func free() {
        // A search map shares its sub-keymaps with its field's: only its own entries are freed.
        for map in searchMaps.values { Glibc.free(map) }
        searchMaps = [:]
        journal.restore()
        rl_set_keymap(before.map ?? plain)
        ff_set_editing_mode(before.mode)
        if let secureMap { rl_free_keymap(secureMap) }
        for map in derivedMaps.values { rl_free_keymap(map) }
        derivedMaps = [:]
        if let reviewMap { rl_free_keymap(reviewMap) }
        secureMap = nil
        reviewMap = nil
        maps = []
    }

    /// `rl_copy_keymap` shares the ESC and Ctrl-X sub-keymaps and the macros' text (an inputrc's
    /// `"\C-xq": "text"`), which `rl_free_keymap` frees with each map; this copies them too, so
    /// that each map owns what it frees (``ff_deep_copy_keymap``, in C: a start copies seventeen
    /// maps of 257 entries).
    static func deepCopy(_ map: Keymap) -> Keymap {
        guard let copy = ff_deep_copy_keymap(map) else { fatalError("focusflow: out of memory copying a keymap") }
        return copy
    }

    /// Binds `key` in `map` to `command`, freeing the text of a macro it replaces (the map's own,
    /// ``deepCopy(_:)``), as readline's own binding does.
    private static func setCommand(_ map: Keymap, _ key: Int32, _ command: UnsafeRawPointer?) {
        if ff_entry_type(map, key) == ISMACR { Glibc.free(UnsafeMutableRawPointer(mutating: ff_entry_address(map, key))) }
        ff_set_entry(map, key, ISFUNC, command)
    }

    /// Replaces, in `map` and every sub-keymap, each command `table` names, and each macro
    /// with `macros` when given; each change is noted in `journal` first (readline's own map).
    private static func replace(in map: Keymap, _ table: CommandTable, macros: UnsafeRawPointer?, journal: KeymapJournal? = nil) {
        // A map binds most of its keys to a few commands, side by side (every character key to
        // self-insert): the table is asked once a run, not once a key.
        var last: (command: UnsafeRawPointer, replacement: UnsafeRawPointer??)?
        for key in 0..<Int32(KEYMAP_SIZE) {
            switch ff_entry_type(map, key) {
            case ISKMAP:
                replace(in: ff_entry_keymap(map, key), table, macros: macros, journal: journal)
            case ISFUNC:
                guard let command = ff_entry_address(map, key) else { continue }
                let replacement = last?.command == command ? last!.replacement : table[command]
                last = (command, replacement)
                if let replacement {
                    journal?.note(map, key)
                    ff_set_entry(map, key, ISFUNC, replacement)
                }
            default:
                if let macros {
                    journal?.note(map, key)
                    setCommand(map, key, macros)
                }
            }
        }
    }

    /// Readline's own ways to accept a line, in every field: accepting would hand the line to
    /// readline's handler and drop raw mode, so Enter's binding stands in, and the others ding.
    /// Binds the keys terminals send that readline leaves unbound: without a binding, readline
    /// rings the bell at the first byte it cannot place and types the rest of the sequence into
    /// the line (`~` for F5, `A` for Shift-Up, `5~` for Ctrl-PgUp) — into a password too, where
    /// nobody sees it. Insert switches overwrite mode and Delete deletes, as readline's terminfo
    /// bindings do where the terminal says so; Ctrl- and Alt-Left/Right move by words; every
    /// other function key and modified cursor key only says that it does nothing here.
    ///
    /// Insert is overwrite mode even where `/etc/inputrc` makes it `quoted-insert` (Debian's
    /// does): there the ESC of the next key (Left) would be taken as a character, refused, and
    /// the rest of its sequence (`[D`) typed into the field.
    private static func bindFunctionKeys(in map: Keymap, journal: KeymapJournal?) {
        func bind(_ key: String, _ command: @escaping @convention(c) (Int32, Int32) -> Int32, always: Bool = false) {
            guard always || rl_function_of_keyseq(key, map, nil) == nil else { return }
            if let journal { journal.bind(key, command, in: map) } else { rl_bind_keyseq_in_map(key, command, map) }
        }
        bind("\u{1B}[2~", rl_overwrite_mode, always: true)
        bind("\u{1B}[3~", rl_delete)
        for modifier in [3, 5] {
            bind("\u{1B}[1;\(modifier)D", rl_backward_word)
            bind("\u{1B}[1;\(modifier)C", rl_forward_word)
        }
        for key in KeyNames.functionKeys { bind(key, dingKey) }
    }

    private static func lineAccepts(_ table: inout CommandTable) {
        table.replace([ff_address(rl_newline)], with: ff_address(submitKey))
        table.replace([ff_address(rl_insert_comment), ff_address(rl_operate_and_get_next)], with: ff_address(dingKey))
    }

    /// Readline commands that the session does its own way in every field.
    private static func editing(_ table: inout CommandTable) {
        table.replace([ff_address(rl_rubout)], with: ff_address(characterBackspaceKey))
        table.replace([ff_address(rl_delete)], with: ff_address(characterDeleteKey))
        table.replace([ff_address(rl_backward_char)], with: ff_address(characterLeftKey))
        table.replace([ff_address(rl_forward_char)], with: ff_address(characterRightKey))
        table.replace([ff_address(rl_char_search)], with: ff_address(charSearchKey))
        table.replace([ff_address(rl_quoted_insert)], with: ff_address(quotedInsertKey))
        table.replace([ff_address(rl_reverse_search_history)], with: ff_address(reverseSearchKey))
        table.replace([ff_address(rl_forward_search_history)], with: ff_address(forwardSearchKey))
        table.replace([ff_address(rl_backward_char_search)], with: ff_address(backwardCharSearchKey))
        table.replace(
            [
                ff_address(rl_vi_editing_mode), ff_address(rl_complete), ff_address(rl_possible_completions),
                ff_address(rl_insert_completions), ff_address(rl_menu_complete), ff_address(rl_backward_menu_complete),
                ff_address(rl_tilde_expand),
            ], with: ff_address(dingKey))
    }

    /// What could carry a secure field's text elsewhere: history, history search, the kill ring,
    /// yanking, completion, keyboard macros. Kill commands become plain deletions.
    private static func secretCarriers(_ table: inout CommandTable) {
        table.replace(
            [
                ff_address(rl_get_previous_history), ff_address(rl_get_next_history), ff_address(rl_beginning_of_history),
                ff_address(rl_end_of_history), ff_address(rl_reverse_search_history), ff_address(rl_forward_search_history),
                ff_address(reverseSearchKey), ff_address(forwardSearchKey),
                ff_address(rl_noninc_forward_search), ff_address(rl_noninc_reverse_search),
                ff_address(rl_noninc_forward_search_again), ff_address(rl_noninc_reverse_search_again),
                ff_address(rl_history_search_forward), ff_address(rl_history_search_backward), ff_address(rl_fetch_history),
                ff_address(rl_yank), ff_address(rl_yank_pop), ff_address(rl_yank_nth_arg), ff_address(rl_yank_last_arg),
                ff_address(rl_copy_region_to_kill), ff_address(rl_copy_backward_word), ff_address(rl_copy_forward_word),
                ff_address(rl_complete), ff_address(rl_possible_completions), ff_address(rl_insert_completions),
                ff_address(rl_menu_complete), ff_address(rl_backward_menu_complete), ff_address(rl_start_kbd_macro),
                ff_address(rl_call_last_kbd_macro), ff_address(rl_re_read_init_file), ff_address(rl_dump_functions),
                ff_address(rl_dump_variables), ff_address(rl_dump_macros),
            ], with: ff_address(dingKey))
        table.replace([ff_address(characterBackspaceKey)], with: ff_address(secureBackspaceKey))
        table.replace([ff_address(characterDeleteKey)], with: ff_address(secureDeleteKey))
        table.replace([ff_address(rl_unix_line_discard)], with: ff_address(secureLineDiscardKey))
        table.replace([ff_address(rl_backward_kill_line)], with: ff_address(secureBackwardKillLineKey))
        table.replace([ff_address(rl_kill_line)], with: ff_address(secureKillLineKey))
        table.replace([ff_address(rl_kill_full_line), ff_address(rl_kill_region)], with: ff_address(secureKillWholeLineKey))
        table.replace([ff_address(rl_backward_kill_word)], with: ff_address(secureBackwardKillWordKey))
        table.replace([ff_address(rl_kill_word)], with: ff_address(secureKillWordKey))
        table.replace([ff_address(rl_unix_word_rubout), ff_address(rl_unix_filename_rubout)], with: ff_address(secureUnixWordRuboutKey))
    }
}

// C-r and C-s: readline's incremental search, in the map it knows its keys by (see ``Keymaps/searchMap(over:)``).
private func reverseSearchKey(_ count: Int32, _ key: Int32) -> Int32 { HistorySearch.begin(count, key, forward: false) }
private func forwardSearchKey(_ count: Int32, _ key: Int32) -> Int32 { HistorySearch.begin(count, key, forward: true) }

// C-v and C-q (see ``QuotedInsert``).
private func quotedInsertKey(_ count: Int32, _: Int32) -> Int32 { QuotedInsert.begin(count: count) }

// C-] and M-C-] (see ``CharacterSearch``).
private func charSearchKey(_ count: Int32, _: Int32) -> Int32 { CharacterSearch.begin(count: count, forward: true) }
private func backwardCharSearchKey(_ count: Int32, _: Int32) -> Int32 { CharacterSearch.begin(count: count, forward: false) }
