/// Scans of UTF-8 bytes eight bytes a step, for the paths that look at every byte of something
/// large: the loader's check that a flow file is text, and the terminal's measures of a
/// 10,000-character line at every keystroke (about a microsecond, not byte by byte). Each answer
/// is exactly that of the byte-by-byte loop it stands for.
package enum ASCIIScan {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowSevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let spaces: UInt64 = 0x2020_2020_2020_2020

    /// Whether every byte is ASCII (below 0x80).
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        allWords(bytes, { $0 & highBits == 0 }, { $0 < 0x80 })
    }

    /// Whether every byte is printable ASCII, U+0020 through U+007E: one column each.
    package static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        allWords(
            bytes,
            { word in
                // A byte below 0x20 borrows into its own high bit where the byte had none (exact as
                // to whether there is one); a byte of 0x7F or more has its high bit, or seven low
                // bits that carry into it (and no further) when one is added.
                let below = (word &- spaces) & ~word & highBits
                let above = (word | ((word & lowSevenBits) &+ ones)) & highBits
                return below | above == 0
            }, { $0 >= 0x20 && $0 < 0x7F })
    }

    /// Whether some byte is zero.
    package static func containsZero(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Some byte of the word is zero exactly when this is not (the classic "has a zero byte").
        !allWords(bytes, { ($0 &- ones) & ~$0 & highBits == 0 }, { $0 != 0 })
    }

    /// Whether `word` holds for every eight bytes and `byte` for the few left at the end.
    @inline(__always)
    private static func allWords(_ bytes: UnsafeBufferPointer<UInt8>, _ word: (UInt64) -> Bool, _ byte: (UInt8) -> Bool) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            if !word(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return false }
            i += 8
        }
        while i < bytes.count {
            if !byte(base[i]) { return false }
            i += 1
        }
        return true
    }
}
