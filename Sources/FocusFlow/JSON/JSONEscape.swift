/// JSON's one-character escapes (RFC 8259 §7), in one place for the readers that decode
/// strings: the flow loader's syntax pass and fast path, and the protocol's request reader.
package enum JSONEscape {
    /// The byte `\` followed by `letter` stands for: `n` → line feed, `"` → `"`, …; `nil` for
    /// `u` (four hex digits follow) and for a letter JSON does not allow.
    package static func byte(for letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// The value of one hex digit of a `\u` escape, in either case.
    package static func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: UInt32(c - 0x30)
        case 0x41...0x46: UInt32(c - 0x41 + 10)
        case 0x61...0x66: UInt32(c - 0x61 + 10)
        default: nil
        }
    }
}
