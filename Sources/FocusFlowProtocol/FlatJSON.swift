import FocusFlow

/// Reads one flat JSON object (a request line) quickly and exactly: strings are decoded
/// verbatim, `true`/`false`, whole numbers and `null` carried as such, and other values
/// (arrays, fractions) recognised only to be refused by their key's reader; an object is kept
/// as its text, for the key that takes one whole.
enum FlatJSON {
    enum Value: Equatable {
        case string(String)
        case bool(Bool)
        case int(Int)
        case null
        /// An object, as its text (checked well-formed), for a key that carries one whole.
        case object(String)
        case other
    }

    struct Failure: Error {
        var message: String
        /// The line is not UTF-8 at all, rather than malformed JSON.
        var notUTF8 = false
    }

    /// The object's members in order.
    static func object(_ bytes: [UInt8]) throws(Failure) -> [(key: String, value: Value)] {
        var reader = Reader(bytes: bytes)
        reader.space()
        guard reader.take(UInt8(ascii: "{")) else { throw Failure(message: "expected '{'") }
        var members: [(key: String, value: Value)] = []
        reader.space()
        if !reader.take(UInt8(ascii: "}")) {
            repeat {
                reader.space()
                let key = try reader.string()
                reader.space()
                guard reader.take(UInt8(ascii: ":")) else { throw Failure(message: "expected ':' after a key") }
                reader.space()
                members.append((key, try reader.value()))
                reader.space()
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")) else { throw Failure(message: "expected ',' or '}'") }
        }
        reader.space()
        guard reader.atEnd else { throw Failure(message: "text after the object") }
        return members
    }

    private struct Reader {
        let bytes: [UInt8]
        var i = 0

        var atEnd: Bool { i >= bytes.count }

        mutating func space() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        mutating func value() throws(Failure) -> Value {
            guard i < bytes.count else { throw Failure(message: "expected a value") }
            if bytes[i] == UInt8(ascii: "\"") { return .string(try string()) }
            // Anything else must still be well-formed JSON; JSONSyntax checks it.
            let start = i
            var depth = 0
            var inString = false
            while i < bytes.count {
                let c = bytes[i]
                if inString {
                    if c == UInt8(ascii: "\\") { i += 1 } else if c == UInt8(ascii: "\"") { inString = false }
                } else if c == UInt8(ascii: "\"") {
                    inString = true
                } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                    depth += 1
                } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                    if depth == 0 { break }
                    depth -= 1
                } else if c == UInt8(ascii: ","), depth == 0 {
                    break
                }
                i += 1
            }
            var end = i
            while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            let token = Array(bytes[start..<end])
            guard JSONSyntax.firstError(in: token) == nil, end > start else { throw Failure(message: "malformed value") }
            switch token {
            case Array("true".utf8): return .bool(true)
            case Array("false".utf8): return .bool(false)
            case Array("null".utf8): return .null
            default:
                if let number = Int(String(decoding: token, as: UTF8.self)) { return .int(number) }
                if token.first == UInt8(ascii: "{") { return .object(String(decoding: token, as: UTF8.self)) }
                return .other
            }
        }

        mutating func string() throws(Failure) -> String {
            guard take(UInt8(ascii: "\"")) else { throw Failure(message: "expected a string in double quotes") }
            var out: [UInt8] = []
            var escaped = false
            var runStart = i
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") {
                    defer { i += 1 }
                    let text = escaped ? String(validating: out + bytes[runStart..<i], as: UTF8.self)
                        : String(validating: bytes[runStart..<i], as: UTF8.self)
                    guard let text else { throw Failure(message: "not UTF-8", notUTF8: true) }
                    return text
                }
                if c < 0x20 { throw Failure(message: "a control character inside a string") }
                if c == UInt8(ascii: "\\") {
                    escaped = true
                    out += bytes[runStart..<i]
                    i += 1
                    guard i < bytes.count else { break }
                    let e = bytes[i]
                    i += 1
                    if let byte = JSONEscape.byte(for: e) {
                        out.append(byte)
                    } else if e == UInt8(ascii: "u") {
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else { throw Failure(message: "a lone surrogate in \\u escapes") }
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw Failure(message: "a lone surrogate in \\u escapes") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw Failure(message: "a lone surrogate in \\u escapes") }
                        out += Array(String(Character(unicode)).utf8)
                    } else {
                        throw Failure(message: "unknown escape in a string")
                    }
                    runStart = i
                    continue
                }
                i += 1
            }
            throw Failure(message: "a string that never ends")
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard i + 4 <= bytes.count else { throw Failure(message: "expected four hex digits after \\u") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[i]
                let digit: UInt32
                switch c {
                case 0x30...0x39: digit = UInt32(c - 0x30)
                case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
                default: throw Failure(message: "expected four hex digits after \\u")
                }
                value = value << 4 | digit
                i += 1
            }
            return value
        }
    }
}
