/// Whether a file's bytes are text, as the loader requires before it reads a flow: valid UTF-8
/// without a zero byte.
///
/// A flow file is mostly ASCII, and a large one is read on every load: eight bytes are looked
/// at a time, and only a file with a byte above 0x7F is handed to `String(validating:as:)`, which
/// builds (and so copies) a string of the whole file to say whether it is valid.
enum TextBytes {
    /// Whether `bytes` hold no zero byte and are valid UTF-8.
    ///
    /// - Complexity: O(*n*), eight bytes a step while they are ASCII.
    static func isText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
        var asciiOnly = true
        var i = 0
        while i + 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if word & high != 0 { asciiOnly = false }
            // Some byte of the word is zero exactly when this is not (the classic "has a zero
            // byte" test); the bytes are then looked at one by one.
            if (word &- ones) & ~word & high != 0 {
                for k in i..<i + 8 where base[k] == 0 { return false }
            }
            i += 8
        }
        while i < count {
            if base[i] == 0 { return false }
            if base[i] > 0x7F { asciiOnly = false }
            i += 1
        }
        return asciiOnly || String(validating: bytes, as: UTF8.self) != nil
    }
}
