@preconcurrency import CReadline

/// Where the characters a person counts (grapheme clusters: `👍🏽`, `👨‍👩‍👧`, a Hangul syllable,
/// `e` with a combining accent) begin and end in readline's line buffer, as byte offsets.
///
/// Readline steps by code point, so Backspace after `👍🏽` would take the skin tone and leave the
/// thumb; the session's character keys step by these boundaries instead.
enum LineGraphemes {
    /// The byte offset `count` characters before `point` (0 at the most).
    static func offset(_ count: Int, before point: Int) -> Int {
        let bounds = boundaries()
        guard let index = bounds.lastIndex(where: { $0 < point }) else { return 0 }
        return bounds[max(0, index - (count - 1))]
    }

    /// The byte offset `count` characters after `point` (the line's end at the most).
    static func offset(_ count: Int, after point: Int) -> Int {
        let bounds = boundaries()
        guard let index = bounds.firstIndex(where: { $0 > point }) else { return Int(ff_end()) }
        return bounds[min(bounds.count - 1, index + (count - 1))]
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
