#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The checked reading: the whole text walked with the cursor's own string and number readers,
/// to find the first problem and where it is, since `JSONDecoder` says only that the data "was
/// not valid JSON". It also refuses what `JSONDecoder` would take silently or without a place: a
/// key given twice in one object (the decoder keeps one of them), and a number that is not whole
/// or is beyond ``largestNumber`` where a flow holds a count (everywhere but under the keys that
/// may hold any number, ``anyNumberKeys``). For a flow it also records the order of every
/// object's keys, which `JSONDecoder` forgets.
extension JSONCursor {
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

    /// The first problem in `bytes`, or `nil` when they are one well-formed JSON value.
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

    /// Checks `bytes` as ``firstError(in:flow:uniqueKeys:)`` does and, for a flow, gives the order
    /// of the keys of every object (a text given in several languages falls back to the first
    /// language given): by the object's path, as ``path(_:)`` writes it.
    static func check(_ bytes: [UInt8], flow: Bool, uniqueKeys: Bool = false) throws(Problem) -> [String: [String]] {
        try walk(bytes, Walk(flow: flow, uniqueKeys: flow || uniqueKeys)).orders
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
        var walk = Walk(flow: true, uniqueKeys: true)
        walk.spans = [:]
        walk = try Self.walk(bytes, walk)
        return Map(orders: walk.orders, counts: walk.counts, spans: walk.spans ?? [:])
    }

    /// The `userInfo` key under which the loader hands the key orders (``check(_:flow:uniqueKeys:)``) to the decoders.
    static let keyOrderKey = CodingUserInfoKey(rawValue: "FocusFlow.JSONKeyOrder")!

    /// The path of a decoder's position (`fields[0].label`), as ``check(_:flow:uniqueKeys:)`` writes it.
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

    /// What the checked walk is asked for and what it finds.
    struct Walk {
        let flow: Bool
        /// Whether a key given twice in one object is an error.
        let uniqueKeys: Bool
        /// Whether the value being read is under one of ``anyNumberKeys``.
        var anyNumber = false
        /// For a flow: the path of the value being read, and the keys of each object read, by path.
        var path = ""
        var orders: [String: [String]] = [:]
        /// For ``map(_:)``: where each member and element is, and the counts that are not whole
        /// or too large (kept, and the reading goes on).
        var spans: [String: Range<Int>]?
        var counts: [CountProblem] = []

        init(flow: Bool, uniqueKeys: Bool) {
            self.flow = flow
            self.uniqueKeys = uniqueKeys
        }
    }

    /// Walks the one value `bytes` must hold.
    private static func walk(_ bytes: [UInt8], _ walk: Walk) throws(Problem) -> Walk {
        let result: Result<Walk, Problem> = bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            var walk = walk
            do throws(Problem) {
                cursor.skipSpace()
                try cursor.checkedValue(depth: 0, &walk)
                cursor.skipSpace()
                if cursor.offset < buffer.count { throw Problem(offset: cursor.offset, reason: .textAfterEnd) }
                return .success(walk)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func problem(_ reason: FlowSpecError.Reason) -> Problem { Problem(offset: offset, reason: reason) }

    private mutating func checkedValue(depth: Int, _ walk: inout Walk) throws(Problem) {
        guard depth < Self.deepest else { throw problem(.nestedTooDeeply) }
        switch current {
        case UInt8(ascii: "{"): try checkedObject(depth: depth, &walk)
        case UInt8(ascii: "["): try checkedArray(depth: depth, &walk)
        case UInt8(ascii: "\""): _ = try checkedString(decode: false)
        case UInt8(ascii: "t"): try checkedLiteral("true")
        case UInt8(ascii: "f"): try checkedLiteral("false")
        case UInt8(ascii: "n"): try checkedLiteral("null")
        case let c? where c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39): try checkedCount(&walk)
        case nil: throw problem(.endsWhereValueShouldBe)
        default: throw problem(.expectedValue)
        }
    }

    private mutating func checkedObject(depth: Int, _ walk: inout Walk) throws(Problem) {
        offset += 1
        skipSpace()
        if current == UInt8(ascii: "}") {
            offset += 1
            if walk.flow { walk.orders[walk.path] = [] }
            return
        }
        var keys = Set<String>()
        var order: [String] = []
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else {
                throw problem(current == UInt8(ascii: "}") ? .commaBeforeBrace : .expectedKey)
            }
            let keyStart = offset
            let key = try checkedString(decode: walk.uniqueKeys) ?? ""
            guard !walk.uniqueKeys || keys.insert(key).inserted else { throw Problem(offset: keyStart, reason: .duplicateKey(key)) }
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw problem(.expectedColon) }
            offset += 1
            skipSpace()
            let outer = (walk.anyNumber, walk.path)
            if walk.flow {
                order.append(key)
                walk.anyNumber = Self.anyNumberKeys.contains(key)
                walk.path = walk.path.isEmpty ? key : "\(walk.path).\(key)"
            }
            try checkedValue(depth: depth + 1, &walk)
            walk.spans?[walk.path] = keyStart..<offset
            (walk.anyNumber, walk.path) = outer
            skipSpace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                if walk.flow { walk.orders[walk.path] = order }
                return
            case nil: throw problem(.endsInsideObject)
            default: throw problem(.expectedCommaOrBrace)
            }
        }
    }

    private mutating func checkedArray(depth: Int, _ walk: inout Walk) throws(Problem) {
        offset += 1
        skipSpace()
        if current == UInt8(ascii: "]") { offset += 1; return }
        let outer = walk.path
        defer { walk.path = outer }
        var index = 0
        while true {
            skipSpace()
            if current == UInt8(ascii: "]") { throw problem(.commaBeforeBracket) }
            if walk.flow { walk.path = "\(outer)[\(index)]" }
            index += 1
            let start = offset
            try checkedValue(depth: depth + 1, &walk)
            walk.spans?[walk.path] = start..<offset
            skipSpace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): offset += 1; return
            case nil: throw problem(.endsInsideList)
            default: throw problem(.expectedCommaOrBracket)
            }
        }
    }

    private mutating func checkedLiteral(_ word: StaticString) throws(Problem) {
        let p = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount {
            guard current == p[k] else { throw problem(.expectedLiteral("\(word)")) }
            offset += 1
        }
    }

    /// A number; in a flow, where it is not under one of ``anyNumberKeys``, a whole one no larger
    /// than ``largestNumber``.
    private mutating func checkedCount(_ walk: inout Walk) throws(Problem) {
        let number = try checkedNumber()
        guard walk.flow, !walk.anyNumber else { return }
        let text = String(decoding: bytes[number.text.lowerBound..<min(number.text.upperBound, number.text.lowerBound + 40)], as: UTF8.self)
        let reason: FlowSpecError.Reason
        if number.fraction {
            reason = .notWholeNumber(text)
        } else if number.whole.count <= 12, let value = Int(String(decoding: bytes[number.whole], as: UTF8.self)), value <= Self.largestNumber {
            return
        } else {
            reason = .numberTooLarge(text, limit: Self.largestNumber)
        }
        let found = Problem(offset: number.text.lowerBound, reason: reason)
        guard walk.spans != nil else { throw found }
        walk.counts.append(CountProblem(problem: found, path: walk.path))
    }
}
