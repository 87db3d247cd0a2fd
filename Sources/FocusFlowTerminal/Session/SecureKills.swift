@preconcurrency import CReadline

// Kill commands for a secure field. Each deletes exactly what readline's own kill would (its
// word boundaries — alphanumeric for M-DEL and M-d, whitespace for C-w — and its numeric
// arguments, and where it leaves the mark), but never copies the text to the kill ring; a kill that deletes nothing dings or
// does nothing, as readline does, and adds no undo step.

/// C-u (`unix-line-discard`).
func secureLineDiscardKey(_: Int32, _: Int32) -> Int32 {
    let point = ff_point()
    if point == 0 { rl_ding(); return 0 }
    secureDelete(0, point)
    ff_set_point(0)
    ff_set_mark(0)
    return 0
}

/// C-x DEL (`backward-kill-line`): what C-u deletes; with a negative argument, what C-k deletes.
func secureBackwardKillLineKey(_ direction: Int32, _ key: Int32) -> Int32 {
    direction < 0 ? secureKillLineKey(1, key) : secureLineDiscardKey(direction, key)
}

/// C-k (`kill-line`).
func secureKillLineKey(_ direction: Int32, _ key: Int32) -> Int32 {
    if direction < 0 { return secureBackwardKillLineKey(1, key) }
    let point = ff_point()
    secureDelete(point, ff_end())
    ff_set_point(point)
    ff_set_mark(point)
    return 0
}

/// `kill-whole-line` and `kill-region` (not bound by default): the whole line.
func secureKillWholeLineKey(_: Int32, _: Int32) -> Int32 {
    secureDelete(0, ff_end())
    ff_set_point(0)
    ff_set_mark(0)
    return 0
}

/// M-DEL (`backward-kill-word`): readline's own word motion finds the start.
func secureBackwardKillWordKey(_ count: Int32, _ key: Int32) -> Int32 {
    count < 0 ? secureKillWordKey(-count, key) : secureKill(movingWith: rl_backward_word, count, key)
}

/// M-d (`kill-word`): readline's own word motion finds the end.
func secureKillWordKey(_ count: Int32, _ key: Int32) -> Int32 {
    count < 0 ? secureBackwardKillWordKey(-count, key) : secureKill(movingWith: rl_forward_word, count, key)
}

/// Deletes from the point to where readline's `motion` takes it, leaving point and mark at
/// the start of what was deleted, as readline's kills do.
private func secureKill(movingWith motion: (Int32, Int32) -> Int32, _ count: Int32, _ key: Int32) -> Int32 {
    let point = ff_point()
    _ = motion(count, key)
    let start = min(point, ff_point()), end = max(point, ff_point())
    secureDelete(start, end)
    ff_set_point(start)
    ff_set_mark(start)
    return 0
}

/// C-w (`unix-word-rubout`): words end at spaces and tabs.
func secureUnixWordRuboutKey(_ count: Int32, _: Int32) -> Int32 {
    let point = Int(ff_point())
    guard point > 0, let buffer = ff_line_buffer() else { rl_ding(); return 0 }
    func blank(_ i: Int) -> Bool { buffer[i] == 0x20 || buffer[i] == 0x09 }
    var start = point
    for _ in 0..<max(1, Int(count)) {
        while start > 0 && blank(start - 1) { start -= 1 }
        while start > 0 && !blank(start - 1) { start -= 1 }
    }
    secureDelete(Int32(start), Int32(point))
    ff_set_point(Int32(start))
    ff_set_mark(Int32(start))
    return 0
}

/// Deletes `line[from, to)` (in either order) with one undo step, or does nothing when empty.
private func secureDelete(_ from: Int32, _ to: Int32) {
    guard from != to else { return }
    rl_delete_text(min(from, to), max(from, to))
}
