import FocusFlow
import Glibc

extension ASCIIScan {
    /// How many characters (grapheme clusters) ASCII bytes make: one a byte, but for CR LF,
    /// which is one; `nil` when a byte is not ASCII. What a mask counts, at every keystroke.
    package static func characters(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard isASCII(bytes) else { return nil }
        guard var at = bytes.baseAddress else { return 0 }
        let end = at + bytes.count
        var pairs = 0
        while at < end, let found = memchr(at, 0x0D, end - at) {
            let cr = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if cr + 1 < end && cr[1] == 0x0A { pairs += 1 }
            at = cr + 1
        }
        return bytes.count - pairs
    }
}
