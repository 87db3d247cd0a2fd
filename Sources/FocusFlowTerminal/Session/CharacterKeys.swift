@preconcurrency import CReadline

// The keys that act on one character — Backspace, Delete (and Ctrl-D on a non-empty line), Left,
// Right — stepping by grapheme clusters (``LineGraphemes``). Otherwise they do what readline's
// own do: a count (M-3) repeats them, a counted or explicit-argument deletion goes to the kill
// ring in a plain field, a negative count turns the direction round, and Backspace in overwrite
// mode is readline's. In a secure field nothing goes to the kill ring.

func characterBackspaceKey(_ count: Int32, _ key: Int32) -> Int32 { backspace(count, key, killRing: true) }
func characterDeleteKey(_ count: Int32, _ key: Int32) -> Int32 { delete(count, key, killRing: true) }
func secureBackspaceKey(_ count: Int32, _ key: Int32) -> Int32 { backspace(count, key, killRing: false) }
func secureDeleteKey(_ count: Int32, _ key: Int32) -> Int32 { delete(count, key, killRing: false) }

func characterLeftKey(_ count: Int32, _ key: Int32) -> Int32 {
    if count < 0 { return characterRightKey(-count, key) }
    let point = Int(ff_point())
    if point == 0 { rl_ding(); return 0 }
    ff_set_point(Int32(LineGraphemes.offset(Int(count), before: point)))
    return 0
}

func characterRightKey(_ count: Int32, _ key: Int32) -> Int32 {
    if count < 0 { return characterLeftKey(-count, key) }
    let point = Int(ff_point())
    if point >= Int(ff_end()) { rl_ding(); return 0 }
    ff_set_point(Int32(LineGraphemes.offset(Int(count), after: point)))
    return 0
}

private func backspace(_ count: Int32, _ key: Int32, killRing: Bool) -> Int32 {
    if count < 0 { return delete(-count, key, killRing: killRing) }
    if ff_overwriting() != 0 { return overwriteBackspace(count, key, killRing: killRing) }
    let point = Int(ff_point())
    if point == 0 { rl_ding(); return 1 }
    let start = LineGraphemes.offset(Int(count), before: point)
    remove(start, point, killRing: killRing && (count > 1 || ff_explicit_arg() != 0))
    ff_set_point(Int32(start))
    return 0
}

/// Backspace in overwrite mode: readline's own (the characters before the cursor become spaces),
/// except that in a secure field a counted one deletes without the kill ring.
private func overwriteBackspace(_ count: Int32, _ key: Int32, killRing: Bool) -> Int32 {
    if killRing || (count == 1 && ff_explicit_arg() == 0) { return rl_rubout(count, key) }
    let point = Int(ff_point())
    if point == 0 { rl_ding(); return 1 }
    let start = max(0, point - Int(count))
    rl_begin_undo_group()
    rl_delete_text(Int32(start), Int32(point))
    if start < Int(ff_end()) {
        ff_set_point(Int32(start))
        rl_insert_text(String(repeating: " ", count: point - start))
    }
    ff_set_point(Int32(start))
    rl_end_undo_group()
    return 0
}

private func delete(_ count: Int32, _ key: Int32, killRing: Bool) -> Int32 {
    if count < 0 { return backspace(-count, key, killRing: killRing) }
    let point = Int(ff_point())
    if point >= Int(ff_end()) { rl_ding(); return 1 }
    let end = LineGraphemes.offset(Int(count), after: point)
    remove(point, end, killRing: killRing && (count > 1 || ff_explicit_arg() != 0))
    ff_set_point(Int32(point))
    return 0
}

private func remove(_ start: Int, _ end: Int, killRing: Bool) {
    if killRing {
        rl_kill_text(Int32(start), Int32(end))
    } else {
        rl_delete_text(Int32(start), Int32(end))
    }
}
