/// The one hand-written JSON reader: strict and forward-only, it gives up at the first thing it
/// does not take. The loader's fast path (`FlowSpec+DirectDecoding.swift`) and the protocol's
/// request reader (`FocusFlowProtocol/RequestJSON.swift`) read with it.
///
/// It takes a subset of what ``JSONSyntax`` accepts: standard JSON whose counts (``int()``) are
/// whole, written without a leading zero and at most ``JSONSyntax/largestNumber`` in size.
/// Anything else (a syntax error, a lone surrogate, an unexpected type) makes a read return
/// `nil` or `false`, and the caller asks ``JSONSyntax`` where and why: the loader by decoding
/// the file the slow way, the request reader for the located reason. So this reader never has
/// to explain anything, and cannot change an error message.
///
/// The caller has already checked that the bytes are valid UTF-8.
package struct JSONCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The deepest nesting ``skipValue()`` follows, as ``JSONSyntax`` allows.
    static let deepest = 512

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    @inline(__always)
    package mutating func skipSpace() {
        while offset < bytes.count {
            let c = bytes[offset]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            offset += 1
        }
    }

    /// Whether only white space is left.
    package mutating func atEnd() -> Bool {
        skipSpace()
        return offset == bytes.count
    }

    /// The next value is `null` (consumed) — `decodeIfPresent` reads it as absent.
    @inline(__always)
    package mutating func takeNull() -> Bool { peek() == UInt8(ascii: "n") && take("null") }

    /// What kind of value comes next, without consuming it.
    package mutating func peek() -> UInt8? {
        skipSpace()
        return current
    }

    private mutating func take(_ word: StaticString) -> Bool {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let p = word.utf8Start
        for k in 0..<count where bytes[offset + k] != p[k] { return false }
        offset += count
        return true
    }

    /// One byte of punctuation (`{`, `:`, `,`…): the reader takes several for every value, so
    /// this is inlined where it is used.
    @inline(__always)
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    /// `true` or `false`.
    package mutating func bool() -> Bool? {
        if take("true") { return true }
        if take("false") { return false }
        return nil
    }

    /// A whole number in `-largestNumber...largestNumber`, without a fraction, an exponent or a
    /// leading zero.
    mutating func int() -> Int? {
        skipSpace()
        var i = offset
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let start = i
        var value = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            value = value * 10 + Int(bytes[i] - 0x30)
            i += 1
            if i - start > 10 { return nil }
        }
        let digits = i - start
        guard digits > 0, !(digits > 1 && bytes[start] == 0x30), value <= JSONSyntax.largestNumber else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") { return nil }
        offset = i
        return negative ? -value : value
    }

    /// A string's raw bytes (between the quotes) when it holds no escape, else `nil` with
    /// nothing consumed; for keys, which are compared as bytes.
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        skipSpace()
        guard current == UInt8(ascii: "\"") else { return nil }
        var i = offset + 1
        let start = i
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                offset = i + 1
                return UnsafeBufferPointer(rebasing: bytes[start..<i])
            }
            if c == UInt8(ascii: "\\") || c < 0x20 { return nil }
            i += 1
        }
        return nil
    }

    /// A string, its escapes read (`nil` for a lone surrogate).
    package mutating func string() -> String? {
        if let raw = plainString() { return String(decoding: raw, as: UTF8.self) }
        // Not plain: an escape to read, or a control character or no closing quote, which
        // the escaped reading refuses as well.
        guard current == UInt8(ascii: "\"") else { return nil }
        return escapedString(from: offset + 1)
    }

    private mutating func escapedString(from start: Int) -> String? {
        var out: [UInt8] = []
        var i = start
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\""):
                offset = i + 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count else { return nil }
                if let byte = JSONEscape.byte(for: bytes[i + 1]) {
                    out.append(byte)
                    i += 2
                    continue
                }
                guard bytes[i + 1] == UInt8(ascii: "u"), var scalar = hex4(at: i + 2) else { return nil }
                i += 6
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                          let low = hex4(at: i + 2), (0xDC00..<0xE000).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                out += Array(String(Character(unicode)).utf8)
            case 0..<0x20: return nil
            default:
                out.append(c)
                i += 1
            }
        }
        return nil
    }

    /// The four hex digits at `at`, as a UTF-16 code unit.
    private func hex4(at start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var unit: UInt32 = 0
        for k in start..<(start + 4) {
            guard let digit = JSONEscape.hexDigit(bytes[k]) else { return nil }
            unit = unit << 4 | digit
        }
        return unit
    }

    /// A number as written, any size, fraction and exponent included (`-1.5e3`).
    package mutating func number() -> UnsafeBufferPointer<UInt8>? {
        skipSpace()
        let start = offset
        var i = offset
        func digits() -> Int {
            let from = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - from
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard digits() > 0 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return nil }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        offset = i
        return UnsafeBufferPointer(rebasing: bytes[start..<i])
    }

    /// Reads an object whose keys may hold escapes, handing each key, read, to `member`, which
    /// must read the value and say whether it took it.
    package mutating func members(_ member: (inout JSONCursor, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        while true {
            guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
            guard let another = more(closing: UInt8(ascii: "}")) else { return false }
            if !another { return true }
        }
    }

    /// Skips one well-formed value, nested at most ``deepest`` deep, and gives its bytes.
    package mutating func skipValue() -> UnsafeBufferPointer<UInt8>? {
        skipSpace()
        let start = offset
        guard skip(depth: 0) else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[start..<offset])
    }

    private mutating func skip(depth: Int) -> Bool {
        guard depth < Self.deepest else { return false }
        switch peek() {
        case UInt8(ascii: "{"): return members { cursor, _ in cursor.skip(depth: depth + 1) }
        case UInt8(ascii: "["): return array { $0.skip(depth: depth + 1) }
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool() != nil
        case UInt8(ascii: "n"): return takeNull()
        default: return number() != nil
        }
    }

    /// Reads an object, handing each key (raw bytes, no escapes) to `member`, which must read
    /// the value and say whether it took it. `false` for anything else, a key given twice
    /// included (`member` is told the keys; ``object(_:)`` checks repeats among keys it is
    /// given through `seen`).
    mutating func object(_ member: (inout JSONCursor, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        while true {
            guard let key = plainString(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
            guard let another = more(closing: UInt8(ascii: "}")) else { return false }
            if !another { return true }
        }
    }

    /// Reads a list, `element` reading each value and saying whether it took it.
    mutating func array(_ element: (inout JSONCursor) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        while true {
            guard element(&self) else { return false }
            guard let another = more(closing: UInt8(ascii: "]")) else { return false }
            if !another { return true }
        }
    }

    /// After a member or an element: `true` for a comma (another follows), `false` for
    /// `closing` (the object or list ends), `nil` for anything else.
    @inline(__always)
    private mutating func more(closing: UInt8) -> Bool? {
        if take(UInt8(ascii: ",")) { return true }
        return take(closing) ? false : nil
    }

    /// How many elements a list will hold that holds `count` from `start` to here, when the
    /// rest of the bytes hold elements of the same size: an estimate, for `reserveCapacity`,
    /// with an eighth to spare, and never more than the rest of the bytes could hold (an element
    /// and its comma take two bytes at least).
    func estimatedCount(_ count: Int, since start: Int) -> Int {
        let read = offset - start, left = bytes.count - offset
        guard count > 0, read > 0 else { return count }
        let extrapolated = count + left * count / read
        return min(extrapolated + extrapolated / 8 + 1, count + left / 2)
    }

    /// A list of strings.
    mutating func strings() -> [String]? {
        var list: [String] = []
        let ok = array { cursor in
            guard let text = cursor.string() else { return false }
            list.append(text)
            return true
        }
        return ok ? list : nil
    }
}

/// The keys of one object, to refuse a key given twice: each known key is a bit.
struct JSONKeySet {
    private var seen: UInt64 = 0

    /// Marks the key at `position` (its place in the reader's key table); `false` when it was
    /// seen already.
    mutating func insert(_ position: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(position)
        guard seen & bit == 0 else { return false }
        seen |= bit
        return true
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes spell `word`.
    @inline(__always)
    func spells(_ word: StaticString) -> Bool {
        guard count == word.utf8CodeUnitCount else { return false }
        let p = word.utf8Start
        for k in 0..<count where self[k] != p[k] { return false }
        return true
    }
}
