/// The one hand-written JSON reader, strict and forward-only, beside Foundation's `JSONDecoder`.
///
/// It reads in two ways. Typed, for speed: the loader's fast path
/// (`FlowSpec+DirectDecoding.swift`) and the protocol's request reader
/// (`FocusFlowProtocol/RequestJSON.swift`) take values one by one, and a read gives up with `nil`
/// or `false` at the first thing it does not take (a syntax error, an unexpected type, a count
/// that is not whole, written with a leading zero or above ``largestNumber``). Checked
/// (`JSONCursor+Check.swift`): ``firstError(in:flow:uniqueKeys:)`` and ``check(_:flow:uniqueKeys:)``
/// walk the whole text with the same string and number readers, and say where and why it is not
/// what a flow, an answers file or a request must be. A typed read that gives up is followed by
/// a checked one, which finds the problem and words it; so the error messages are the checked
/// walk's alone.
///
/// The caller has already checked that the bytes are valid UTF-8.
package struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The deepest nesting ``skipValue()`` and the checked walk follow.
    static let deepest = 512

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

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
        guard digits > 0, !(digits > 1 && bytes[start] == 0x30), value <= Self.largestNumber else { return nil }
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

    /// A string, its escapes read (`nil` for anything that is not a string).
    package mutating func string() -> String? {
        if let raw = plainString() { return String(decoding: raw, as: UTF8.self) }
        // Not plain: an escape to read, or a control character or no closing quote, which
        // the checked reading refuses as well.
        guard current == UInt8(ascii: "\"") else { return nil }
        return try? checkedString(decode: true)
    }

    /// The string at the cursor (its opening quote), as JSON's grammar has it: the cursor moves
    /// past its closing quote, and its text with the escapes read is given when `decode` (`nil`
    /// otherwise). Throws where and why it is not one: an unknown escape, a `\u` without four
    /// hex digits, a surrogate without its pair, a control character, no closing quote.
    mutating func checkedString(decode: Bool) throws(Problem) -> String? {
        let start = offset
        var out: [UInt8] = []
        var i = offset + 1
        var run = i
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\""):
                offset = i + 1
                guard decode else { return nil }
                out.append(contentsOf: bytes[run..<i])
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                if decode { out.append(contentsOf: bytes[run..<i]) }
                let escape = i
                i += 1
                guard i < bytes.count else { throw Problem(offset: i, reason: .unknownEscape) }
                let letter = bytes[i]
                guard letter == UInt8(ascii: "u") || JSONEscape.byte(for: letter) != nil else { throw Problem(offset: i, reason: .unknownEscape) }
                i += 1
                if letter != UInt8(ascii: "u") {
                    if decode, let byte = JSONEscape.byte(for: letter) { out.append(byte) }
                } else {
                    var scalar = try hex4(at: &i)
                    if (0xDC00..<0xE000).contains(scalar) { throw Problem(offset: escape, reason: .loneSurrogate) }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw Problem(offset: escape, reason: .loneSurrogate)
                        }
                        i += 2
                        let low = try hex4(at: &i)
                        guard (0xDC00..<0xE000).contains(low) else { throw Problem(offset: escape, reason: .loneSurrogate) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    if decode, let unicode = Unicode.Scalar(scalar) { UTF8.encode(unicode) { out.append($0) } }
                }
                run = i
            case 0..<0x20:
                throw Problem(offset: i, reason: .controlInString)
            default:
                i += 1
            }
        }
        throw Problem(offset: start, reason: .unterminatedString)
    }

    /// The four hex digits at `i`, as a UTF-16 code unit; `i` moves past them.
    private func hex4(at i: inout Int) throws(Problem) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let digit = JSONEscape.hexDigit(bytes[i]) else { throw Problem(offset: i, reason: .expectedHexDigits) }
            unit = unit << 4 | digit
            i += 1
        }
        return unit
    }

    /// A number as written, any size, fraction and exponent included (`-1.5e3`).
    package mutating func number() -> UnsafeBufferPointer<UInt8>? {
        skipSpace()
        guard let number = try? checkedNumber() else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[number.text])
    }

    /// The number at the cursor, as JSON's grammar has it: its bytes, the digits before any
    /// point, and whether it has a fraction or an exponent; the cursor moves past it. Throws
    /// where a digit should be and is not.
    mutating func checkedNumber() throws(Problem) -> (text: Range<Int>, whole: Range<Int>, fraction: Bool) {
        let start = offset
        var i = offset
        func digits() -> Int {
            let from = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - from
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let wholeStart = i
        guard digits() > 0 else { throw Problem(offset: i, reason: .expectedDigit) }
        let whole = wholeStart..<i
        var fraction = false
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw Problem(offset: i, reason: .expectedDigitAfterPoint) }
            fraction = true
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw Problem(offset: i, reason: .expectedDigitInExponent) }
            fraction = true
        }
        offset = i
        return (start..<i, whole, fraction)
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
