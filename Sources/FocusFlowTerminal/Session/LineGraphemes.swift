@preconcurrency import CReadline

/// Where the characters a person counts (grapheme clusters: `👍🏽`, `👨‍👩‍👧`, a Hangul syllable,
/// `e` with a combining accent) begin and end in readline's line buffer, as byte offsets.
///
/// Readline steps by code point, so Backspace after `👍🏽` would take the skin tone and leave the
/// thumb; the session's character keys step by these boundaries instead.
enum LineGraphemes {
    /// The byte offset `count` characters before `point` (0 at the most).
    static func offset(_ count: Int, before point: Int) -> Int {
        if count == 1, point > 0, plainASCII(from: point - 2, to: point + 1) { return point - 1 }
        let bounds = boundaries()
        guard let index = bounds.lastIndex(where: { $0 < point }) else { return 0 }
        return bounds[max(0, index - (count - 1))]
    }

    /// The byte offset `count` characters after `point` (the line's end at the most).
    static func offset(_ count: Int, after point: Int) -> Int {
        if count == 1, point < Int(ff_end()), plainASCII(from: point - 1, to: point + 2) { return point + 1 }
        let bounds = boundaries()
        guard let index = bounds.firstIndex(where: { $0 > point }) else { return Int(ff_end()) }
        return bounds[min(bounds.count - 1, index + (count - 1))]
    }

    /// Whether the line's bytes in `start..<end` (cut to the line) are all printable ASCII: then
    /// every byte between them is a character of its own (no ASCII character joins another, and a
    /// byte that could, a combining mark or a prepended one, is not ASCII), and a key stepping
    /// one character there needs no boundaries of the whole line, which a 10,000-character line
    /// took a Backspace 0.1 ms to find.
    private static func plainASCII(from start: Int, to end: Int) -> Bool {
        let lineEnd = Int(ff_end())
        guard let buffer = ff_line_buffer() else { return false }
        let bytes = UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
        for offset in max(0, start)..<min(end, lineEnd) where !(0x20...0x7E).contains(bytes[offset]) { return false }
        return true
    }

    /// Every character boundary of the line, 0 and the end included. Bytes that are not UTF-8
    /// are a character each, as readline takes them.
    private static func boundaries() -> [Int] {
        let end = Int(ff_end())
        guard let buffer = ff_line_buffer(), end > 0 else { return [0] }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: end)
        var bounds = [0]
        if let text = String(validating: bytes, as: UTF8.self) {
            var offset = 0
            for character in text {
                offset += character.utf8.count
                bounds.append(offset)
            }
        } else {
            bounds += (1...end).map { $0 }
        }
        return bounds
    }
}
