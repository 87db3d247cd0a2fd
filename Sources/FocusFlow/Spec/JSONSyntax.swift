/// Finds the first JSON syntax error and where it is, since `JSONDecoder` says only that the
/// data "was not valid JSON". Used on the error path only.
package enum JSONSyntax {
    package struct Problem: Error, Equatable {
        package var offset: Int
        package var message: String
    }

    /// The first syntax error in `bytes`, or `nil` when they are one well-formed JSON value.
    package static func firstError(in bytes: [UInt8]) -> Problem? {
        var scanner = Scanner(bytes: bytes)
        do throws(Problem) {
            scanner.skipSpace()
            try scanner.value(depth: 0)
            scanner.skipSpace()
            if scanner.i < bytes.count { throw scanner.problem("unexpected text after the end of the flow object") }
            return nil
        } catch {
            return error
        }
    }

    /// The 1-based line and column (in characters) of a byte offset.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let before = bytes[..<min(offset, bytes.count)]
        let line = before.count(where: { $0 == 0x0A }) + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return (line, column)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func problem(_ message: String) -> Problem { Problem(offset: i, message: message) }

        var current: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipSpace() {
            while let c = current, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1 }
        }

        mutating func value(depth: Int) throws(Problem) {
            guard depth < 512 else { throw problem("nested too deeply") }
            switch current {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case let c? where c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39): try number()
            case nil: throw problem("the file ends where a value should be")
            default: throw problem("expected a value (a string, number, object, list, true, false or null)")
            }
        }

        mutating func object(depth: Int) throws(Problem) {
            i += 1
            skipSpace()
            if current == UInt8(ascii: "}") { i += 1; return }
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else {
                    throw problem(current == UInt8(ascii: "}") ? "a comma before '}' is not allowed" : "expected a key in double quotes")
                }
                try string()
                skipSpace()
                guard current == UInt8(ascii: ":") else { throw problem("expected ':' after the key") }
                i += 1
                skipSpace()
                try value(depth: depth + 1)
                skipSpace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "}"): i += 1; return
                case nil: throw problem("the file ends inside an object; expected '}'")
                default: throw problem("expected ',' or '}' after a value in an object")
                }
            }
        }

        mutating func array(depth: Int) throws(Problem) {
            i += 1
            skipSpace()
            if current == UInt8(ascii: "]") { i += 1; return }
            while true {
                skipSpace()
                if current == UInt8(ascii: "]") { throw problem("a comma before ']' is not allowed") }
                try value(depth: depth + 1)
                skipSpace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "]"): i += 1; return
                case nil: throw problem("the file ends inside a list; expected ']'")
                default: throw problem("expected ',' or ']' after a value in a list")
                }
            }
        }

        mutating func string() throws(Problem) {
            let start = i
            i += 1
            while let c = current {
                switch c {
                case UInt8(ascii: "\""): i += 1; return
                case UInt8(ascii: "\\"):
                    i += 1
                    guard let e = current, Array("\"\\/bfnrtu".utf8).contains(e) else {
                        throw problem("unknown escape in a string")
                    }
                    i += 1
                    if e == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            guard let h = current, (0x30...0x39).contains(h) || (0x41...0x46).contains(h) || (0x61...0x66).contains(h) else {
                                throw problem("expected four hex digits after \\u")
                            }
                            i += 1
                        }
                    }
                case 0..<0x20: throw problem("a line break or control character inside a string; write it as an escape")
                default: i += 1
                }
            }
            i = start
            throw problem("a string that never ends; expected a closing '\"'")
        }

        mutating func literal(_ word: String) throws(Problem) {
            for expected in word.utf8 {
                guard current == expected else { throw problem("expected \(word)") }
                i += 1
            }
        }

        mutating func number() throws(Problem) {
            if current == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw problem("expected a digit") }
            if current == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw problem("expected a digit after '.'") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                i += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw problem("expected a digit in the exponent") }
            }
        }

        /// Skips digits and says how many there were.
        mutating func digits() -> Int {
            var n = 0
            while let c = current, c >= 0x30 && c <= 0x39 { i += 1; n += 1 }
            return n
        }
    }
}
