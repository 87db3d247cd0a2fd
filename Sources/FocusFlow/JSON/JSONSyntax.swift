#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds the first JSON syntax error and where it is, since `JSONDecoder` says only that the
/// data "was not valid JSON". Also refuses what `JSONDecoder` would take silently or without a
/// place: a key given twice in one object (the decoder keeps one of them), and a number that is
/// not whole or is beyond ``largestNumber`` where a flow holds a count (everywhere but under the
/// keys that may hold any number, ``anyNumberKeys``). For a flow it also records the order of
/// every object's keys, which `JSONDecoder` forgets.
package enum JSONSyntax {
    package struct Problem: Error, Equatable {
        package var offset: Int
        package var reason: FlowSpecError.Reason
        /// The English sentence.
        package var message: String { reason.message(in: .en) }
    }

    /// The largest number a flow may hold anywhere (lengths and counts have smaller caps of their own).
    package static let largestNumber = Int(Int32.max)

    /// The keys whose values may be any number, not only a count: a range's bounds, a step, an
    /// answer (`default`, a `when`'s `equals` and `in`).
    static let anyNumberKeys: Set<String> = ["min", "max", "step", "default", "equals", "in"]

    /// The first syntax error in `bytes`, or `nil` when they are one well-formed JSON value.
    ///
    /// - Parameter flow: refuse duplicate keys and numbers that are not whole counts, as a flow
    ///   file must; other JSON (a `serve` request's values) is checked for its syntax only.
    /// - Parameter uniqueKeys: refuse duplicate keys (a flow's are refused anyway), as an answers
    ///   file must: which of two answers for a field counts would be a guess.
    package static func firstError(in bytes: [UInt8], flow: Bool = false, uniqueKeys: Bool = false) -> Problem? {
        do throws(Problem) {
            _ = try check(bytes, flow: flow, uniqueKeys: uniqueKeys)
            return nil
        } catch {
            return error
        }
    }

    /// Checks `bytes` as ``firstError(in:flow:)`` does and, for a flow, gives the order of the
    /// keys of every object, which `JSONDecoder` forgets (a text given in several languages falls
    /// back to the first language given): by the object's path, as ``path(_:)`` writes it.
    static func check(_ bytes: [UInt8], flow: Bool, uniqueKeys: Bool = false) throws(Problem) -> [String: [String]] {
        var scanner = Scanner(bytes: bytes, flow: flow, uniqueKeys: flow || uniqueKeys)
        scanner.skipSpace()
        try scanner.value(depth: 0)
        scanner.skipSpace()
        if scanner.i < bytes.count { throw scanner.problem(.textAfterEnd) }
        return scanner.orders
    }

    /// A count that is not whole or is too large, and the path of the value (`fields[1].rules.maxLength`).
    package struct CountProblem {
        package var problem: Problem
        package var path: String
    }

    /// What ``map(_:)`` finds in a flow: for `validate`, which reads on past a problem.
    struct Map {
        /// Every object's keys in the order written, by path (as ``check(_:flow:uniqueKeys:)`` gives).
        var orders: [String: [String]]
        /// Every count that is not whole or is too large.
        var counts: [CountProblem]
        /// The bytes of every member (from its key to the end of its value) and list element, by path.
        var spans: [String: Range<Int>]
    }

    /// Checks a flow's `bytes` as ``check(_:flow:uniqueKeys:)`` does, but reads on past a count
    /// that is not whole or too large and keeps it, and says where every member and element is:
    /// `validate` says every problem of a file, in file order.
    static func map(_ bytes: [UInt8]) throws(Problem) -> Map {
        var scanner = Scanner(bytes: bytes, flow: true, uniqueKeys: true)
        scanner.spans = [:]
        scanner.skipSpace()
        try scanner.value(depth: 0)
        scanner.skipSpace()
        if scanner.i < bytes.count { throw scanner.problem(.textAfterEnd) }
        return Map(orders: scanner.orders, counts: scanner.counts, spans: scanner.spans ?? [:])
    }

    /// The `userInfo` key under which the loader hands the key orders (``check(_:flow:)``) to the decoders.
    static let keyOrderKey = CodingUserInfoKey(rawValue: "FocusFlow.JSONKeyOrder")!

    /// The path of a decoder's position (`fields[0].label`), as ``check(_:flow:)`` writes it.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { text, key in
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
    }

    /// The 1-based line and column (in characters) of a byte offset.
    package static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let before = bytes[..<min(offset, bytes.count)]
        let line = before.count(where: { $0 == 0x0A }) + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return (line, column)
    }

    private struct Scanner {
        let bytes: [UInt8]
        let flow: Bool
        /// Whether a key given twice in one object is an error.
        let uniqueKeys: Bool
        var i = 0
        /// Whether the value being read is under one of ``anyNumberKeys``.
        var anyNumber = false
        /// For a flow: the path of the value being read, and the keys of each object read, by path.
        var path = ""
        var orders: [String: [String]] = [:]
        /// For ``map(_:)``: where each member and element is, and the counts that are not whole
        /// or too large (kept, and the reading goes on).
        var spans: [String: Range<Int>]?
        var counts: [CountProblem] = []

        init(bytes: [UInt8], flow: Bool, uniqueKeys: Bool) {
            self.bytes = bytes
            self.flow = flow
            self.uniqueKeys = uniqueKeys
        }

        func problem(_ reason: FlowSpecError.Reason) -> Problem { Problem(offset: i, reason: reason) }

        var current: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipSpace() {
            while let c = current, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1 }
        }

        mutating func value(depth: Int) throws(Problem) {
            guard depth < 512 else { throw problem(.nestedTooDeeply) }
            switch current {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case let c? where c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39): try number()
            case nil: throw problem(.endsWhereValueShouldBe)
            default: throw problem(.expectedValue)
            }
        }

        mutating func object(depth: Int) throws(Problem) {
            i += 1
            skipSpace()
            if current == UInt8(ascii: "}") {
                i += 1
                if flow { orders[path] = [] }
                return
            }
            var keys = Set<String>()
            var order: [String] = []
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else {
                    throw problem(current == UInt8(ascii: "}") ? .commaBeforeBrace : .expectedKey)
                }
                let keyStart = i
                try string()
                let key = uniqueKeys ? Self.unescape(bytes[(keyStart + 1)..<(i - 1)]) : ""
                guard !uniqueKeys || keys.insert(key).inserted else {
                    i = keyStart
                    throw problem(.duplicateKey(key))
                }
                skipSpace()
                guard current == UInt8(ascii: ":") else { throw problem(.expectedColon) }
                i += 1
                skipSpace()
                let outer = (anyNumber, path)
                if flow {
                    order.append(key)
                    anyNumber = JSONSyntax.anyNumberKeys.contains(key)
                    path = path.isEmpty ? key : "\(path).\(key)"
                }
                try value(depth: depth + 1)
                spans?[path] = keyStart..<i
                (anyNumber, path) = outer
                skipSpace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "}"):
                    i += 1
                    if flow { orders[path] = order }
                    return
                case nil: throw problem(.endsInsideObject)
                default: throw problem(.expectedCommaOrBrace)
                }
            }
        }

        mutating func array(depth: Int) throws(Problem) {
            i += 1
            skipSpace()
            if current == UInt8(ascii: "]") { i += 1; return }
            let outer = path
            defer { path = outer }
            var index = 0
            while true {
                skipSpace()
                if current == UInt8(ascii: "]") { throw problem(.commaBeforeBracket) }
                if flow { path = "\(outer)[\(index)]" }
                index += 1
                let start = i
                try value(depth: depth + 1)
                spans?[path] = start..<i
                skipSpace()
                switch current {
                case UInt8(ascii: ","): i += 1
                case UInt8(ascii: "]"): i += 1; return
                case nil: throw problem(.endsInsideList)
                default: throw problem(.expectedCommaOrBracket)
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
                        throw problem(.unknownEscape)
                    }
                    i += 1
                    if e == UInt8(ascii: "u") {
                        let escape = i - 2
                        let unit = try hex4()
                        if (0xDC00..<0xE000).contains(unit) { i = escape; throw problem(.loneSurrogate) }
                        if (0xD800..<0xDC00).contains(unit) {
                            guard current == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else {
                                i = escape
                                throw problem(.loneSurrogate)
                            }
                            i += 2
                            guard (0xDC00..<0xE000).contains(try hex4()) else { i = escape; throw problem(.loneSurrogate) }
                        }
                    }
                case 0..<0x20: throw problem(.controlInString)
                default: i += 1
                }
            }
            i = start
            throw problem(.unterminatedString)
        }

        /// Four hex digits, as a UTF-16 code unit.
        mutating func hex4() throws(Problem) -> UInt32 {
            var unit: UInt32 = 0
            for _ in 0..<4 {
                guard let h = current, let digit = JSONEscape.hexDigit(h) else { throw problem(.expectedHexDigits) }
                unit = unit << 4 | digit
                i += 1
            }
            return unit
        }

        mutating func literal(_ word: String) throws(Problem) {
            for expected in word.utf8 {
                guard current == expected else { throw problem(.expectedLiteral(word)) }
                i += 1
            }
        }

        mutating func number() throws(Problem) {
            let start = i
            if current == UInt8(ascii: "-") { i += 1 }
            let digitsStart = i
            guard digits() > 0 else { throw problem(.expectedDigit) }
            let whole = bytes[digitsStart..<i]
            var fraction = false
            if current == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw problem(.expectedDigitAfterPoint) }
                fraction = true
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                i += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw problem(.expectedDigitInExponent) }
                fraction = true
            }
            guard flow, !anyNumber else { return }
            let text = String(decoding: bytes[start..<min(i, start + 40)], as: UTF8.self)
            let reason: FlowSpecError.Reason
            if fraction {
                reason = .notWholeNumber(text)
            } else if let value = whole.count > 12 ? nil : Int(String(decoding: whole, as: UTF8.self)), value <= JSONSyntax.largestNumber {
                return
            } else {
                reason = .numberTooLarge(text, limit: JSONSyntax.largestNumber)
            }
            guard spans != nil else {
                i = start
                throw problem(reason)
            }
            counts.append(CountProblem(problem: Problem(offset: start, reason: reason), path: path))
        }

        /// A key's text with its escapes read (keys are short; this runs once per key).
        static func unescape(_ raw: ArraySlice<UInt8>) -> String {
            guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
            var units: [UInt16] = []
            var j = raw.startIndex
            func hex(_ at: Int) -> UInt16 { UInt16(String(decoding: raw[at..<at + 4], as: UTF8.self), radix: 16) ?? 0xFFFD }
            while j < raw.endIndex {
                let c = raw[j]
                if c == UInt8(ascii: "\\") {
                    let e = raw[j + 1]
                    if e == UInt8(ascii: "u") { units.append(hex(j + 2)); j += 6; continue }
                    units.append(UInt16(JSONEscape.byte(for: e) ?? e))
                    j += 2
                } else {
                    // Copy a run of plain bytes as UTF-16.
                    var k = j
                    while k < raw.endIndex, raw[k] != UInt8(ascii: "\\") { k += 1 }
                    units.append(contentsOf: String(decoding: raw[j..<k], as: UTF8.self).utf16)
                    j = k
                }
            }
            return String(decoding: units, as: UTF16.self)
        }

        /// Skips digits and says how many there were.
        mutating func digits() -> Int {
            var n = 0
            while let c = current, c >= 0x30 && c <= 0x39 { i += 1; n += 1 }
            return n
        }
    }
}
