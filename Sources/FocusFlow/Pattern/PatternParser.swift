/// A pattern as the engine's own matcher reads it, node by node.
indirect enum PatternNode: Sendable {
    case empty
    case scalar(UInt32)
    case set(ScalarClass)
    case assertion(PatternAssertion)
    case concatenation([PatternNode])
    case alternation([PatternNode])
    /// `node` from `least` to `most` times (`nil`: no bound). Greed is not kept: a pattern
    /// answers whether it matches, never where.
    case repetition(PatternNode, least: Int, most: Int?)
}

/// What an empty-width part of a pattern asks of the place between two scalars.
enum PatternAssertion: Sendable {
    case beginText, endText, beginLine, endLine, wordBoundary, notWordBoundary

    func holds(before: UInt32?, after: UInt32?) -> Bool {
        switch self {
        case .beginText: before == nil
        case .endText: after == nil
        case .beginLine: before == nil || before == 0x0A
        case .endLine: after == nil || after == 0x0A
        case .wordBoundary: ScalarClass.isWord(before) != ScalarClass.isWord(after)
        case .notWordBoundary: ScalarClass.isWord(before) == ScalarClass.isWord(after)
        }
    }
}

/// Why a pattern does not compile, by RE2's own error codes, so that both matchers name the
/// same problem; and what only RE2 matches.
enum PatternRefusal: Sendable {
    case escape, trailingBackslash, characterRange, missingBracket, missingParenthesis, unexpectedParenthesis
    case repeatArgument, repeatSize, repeatOperator, perlOperator, namedCapture, tooLarge, other
    /// Something RE2 matches and the engine's matcher does not match as RE2 does.
    case needsRE2
}

/// Reads RE2's syntax (the text ``PatternSyntax/translate(_:)`` writes) as RE2's parser reads it
/// (`re2/parse.cc`, with RE2's default options: Perl classes, `\b`, `(?flags)`, UTF-8), into a
/// ``PatternNode``; a pattern RE2 refuses is refused with RE2's code and the part RE2 names.
struct PatternParser {
    /// Why and the part of the pattern named, as RE2 names it (its `error_arg`).
    struct Failure: Error {
        var refusal: PatternRefusal
        var part: String
    }

    private struct Flags {
        var foldCase = false
        var oneLine = true
        var dotMatchesLineFeed = false
    }

    /// RE2's bound on a count, and on the product of nested counts.
    static let largestCount = 1000
    /// How deep groups may nest: far beyond a pattern a person writes, and shallow enough that
    /// the parser's and the compiler's recursion fit a secondary thread's stack.
    static let deepestNesting = 100

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var flags = Flags()
    /// The groups open where the parser reads.
    private var depth = 0

    private init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// The pattern `text` as nodes.
    /// - Throws: ``Failure`` with RE2's code and part, or ``PatternRefusal/needsRE2``.
    static func parse(_ text: String) throws(Failure) -> PatternNode {
        var parser = PatternParser(text)
        let node = try parser.alternation()
        if parser.index < parser.scalars.count { throw Failure(refusal: .unexpectedParenthesis, part: text) }
        return node
    }

    private func text(_ range: Range<Int>) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[range.clamped(to: 0..<scalars.count)])
        return String(out)
    }

    private func at(_ offset: Int) -> Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

    private mutating func alternation() throws(Failure) -> PatternNode {
        var branches = [try concatenation()]
        while at(index) == "|" {
            index += 1
            branches.append(try concatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func concatenation() throws(Failure) -> PatternNode {
        var items: [PatternNode] = []
        // Where the repetition just read began, when the last thing read was one.
        var lastRepetition: Int?
        while let scalar = at(index), scalar != "|", scalar != ")" {
            let start = index
            var repetition: (least: Int, most: Int?)?
            switch scalar {
            case "(":
                index += 1
                let saved = flags
                if at(index) == "?" {
                    guard try perlFlags(from: start) else {
                        lastRepetition = nil
                        continue
                    }
                }
                guard depth < Self.deepestNesting else { throw Failure(refusal: .tooLarge, part: "") }
                depth += 1
                let inner = try alternation()
                depth -= 1
                guard at(index) == ")" else { throw Failure(refusal: .missingParenthesis, part: text(0..<scalars.count)) }
                index += 1
                flags = saved
                items.append(inner)
            case "^":
                index += 1
                items.append(.assertion(flags.oneLine ? .beginText : .beginLine))
            case "$":
                index += 1
                items.append(.assertion(flags.oneLine ? .endText : .endLine))
            case ".":
                index += 1
                items.append(.set(.dot(matchesLineFeed: flags.dotMatchesLineFeed)))
            case "[":
                items.append(.set(try characterClass()))
            case "*", "+", "?":
                index += 1
                repetition = scalar == "*" ? (0, nil) : scalar == "+" ? (1, nil) : (0, 1)
            case "{":
                guard let count = count() else {
                    index += 1
                    items.append(literal(scalar.value))
                    break
                }
                repetition = count
            case "\\":
                items.append(try escape())
            default:
                index += 1
                items.append(literal(scalar.value))
            }
            guard let (least, most) = repetition else {
                lastRepetition = nil
                continue
            }
            if at(index) == "?" { index += 1 }
            if let previous = lastRepetition { throw Failure(refusal: .repeatOperator, part: text(previous..<index)) }
            let part = text(start..<index)
            if scalar == "{", least > Self.largestCount || (most.map { $0 < least || $0 > Self.largestCount } ?? false) {
                throw Failure(refusal: .repeatSize, part: part)
            }
            guard let last = items.popLast() else { throw Failure(refusal: .repeatArgument, part: part) }
            let repeated = PatternNode.repetition(last, least: least, most: most)
            if scalar == "{", least >= 2 || (most ?? 0) >= 2, Self.countLeft(repeated, Self.largestCount) == 0 {
                throw Failure(refusal: .repeatSize, part: part)
            }
            items.append(repeated)
            lastRepetition = start
        }
        return items.isEmpty ? .empty : items.count == 1 ? items[0] : .concatenation(items)
    }

    /// RE2's check of nested counts: `budget` divided by every count on the way down (its
    /// maximum, or minimum when unbounded), the least over every path; 0 is too many.
    private static func countLeft(_ node: PatternNode, _ budget: Int) -> Int {
        switch node {
        case .repetition(let inner, let least, let most):
            // `*`, `+` and `?` are not counts to RE2; they are written with these bounds only.
            let isCount = !(least <= 1 && (most == nil || most == 1))
            var left = budget
            if isCount, let times = most ?? Optional(least), times > 0 { left /= times }
            return countLeft(inner, left)
        case .concatenation(let nodes), .alternation(let nodes): return nodes.map { countLeft($0, budget) }.min() ?? budget
        default: return budget
        }
    }

    /// A `{n}`, `{n,}` or `{n,m}` at `index`, read past; `nil` (and nothing read) when it is not
    /// one, and RE2 takes the `{` as itself.
    private mutating func count() -> (least: Int, most: Int?)? {
        var cursor = index + 1
        func integer() -> Int? {
            guard let first = at(cursor), ("0"..."9").contains(first) else { return nil }
            if first == "0", let second = at(cursor + 1), ("0"..."9").contains(second) { return nil }
            var value = 0
            while let digit = at(cursor), ("0"..."9").contains(digit) {
                if value >= 100_000_000 { return nil }
                value = value * 10 + Int(digit.value - 0x30)
                cursor += 1
            }
            return value
        }
        guard let least = integer() else { return nil }
        var most: Int? = least
        if at(cursor) == "," {
            cursor += 1
            if at(cursor) == "}" {
                most = nil
            } else {
                guard let bound = integer() else { return nil }
                most = bound
            }
        }
        guard at(cursor) == "}" else { return nil }
        index = cursor + 1
        return (least, most)
    }

    /// `(?flags)`, `(?flags:`, or `(?P<name>` after the `(` at `start`: `true` when a group opens
    /// (its flags in effect), `false` when only the flags changed.
    private mutating func perlFlags(from start: Int) throws(Failure) -> Bool {
        index += 1
        if at(index) == "P", at(index + 1) == "<", index + 2 < scalars.count {
            guard let close = scalars[(index + 2)...].firstIndex(of: ">") else {
                throw Failure(refusal: .namedCapture, part: text(start..<scalars.count))
            }
            let name = scalars[(index + 2)..<close]
            let wordCategories: [Unicode.GeneralCategory] = [
                .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber, .nonspacingMark,
                .spacingMark, .decimalNumber, .connectorPunctuation,
            ]
            guard !name.isEmpty, name.allSatisfy({ PatternUnicode.category(of: $0.value).map(wordCategories.contains) ?? false }) else {
                throw Failure(refusal: .namedCapture, part: text(start..<close + 1))
            }
            index = close + 1
            return true
        }
        var negated = false, sawFlag = false
        var changed = flags
        while true {
            guard let scalar = at(index) else { throw Failure(refusal: .perlOperator, part: text(start..<index)) }
            index += 1
            switch scalar {
            case "i": changed.foldCase = !negated
            case "m": changed.oneLine = negated
            case "s": changed.dotMatchesLineFeed = !negated
            case "U": break
            case "-":
                if negated { throw Failure(refusal: .perlOperator, part: text(start..<index)) }
                negated = true
                sawFlag = false
                continue
            case ":", ")":
                if negated, !sawFlag { throw Failure(refusal: .perlOperator, part: text(start..<index)) }
                flags = changed
                return scalar == ":"
            default: throw Failure(refusal: .perlOperator, part: text(start..<index))
            }
            sawFlag = true
        }
    }

    /// A scalar as itself, or with every scalar it folds with under `(?i)`.
    private func literal(_ value: UInt32) -> PatternNode {
        guard flags.foldCase, !PatternUnicode.orbit(of: value).isEmpty else { return .scalar(value) }
        return .set(ScalarClass(items: [ScalarClass.Item(members: .range(value, value), folded: true)]))
    }

    /// What follows a `\` outside a set.
    private mutating func escape() throws(Failure) -> PatternNode {
        let start = index
        switch at(index + 1) {
        case "b":
            index += 2
            return .assertion(.wordBoundary)
        case "B":
            index += 2
            return .assertion(.notWordBoundary)
        case "A":
            index += 2
            return .assertion(.beginText)
        case "z":
            index += 2
            return .assertion(.endText)
        case "C": throw Failure(refusal: .needsRE2, part: text(start..<start + 2))
        case "Q":
            index += 2
            var quoted: [PatternNode] = []
            while let scalar = at(index) {
                if scalar == "\\", at(index + 1) == "E" {
                    index += 2
                    break
                }
                quoted.append(literal(scalar.value))
                index += 1
            }
            return quoted.count == 1 ? quoted[0] : .concatenation(quoted)
        case "p", "P": return .set(ScalarClass(items: [try unicodeGroup()]))
        case let letter? where ScalarClass.perl(letter) != nil:
            return .set(ScalarClass(items: [perlClass()]))
        default: return literal(try escapedScalar())
        }
    }

    /// `\d`, `\s`, `\w` or a negation, as RE2 reads them (ASCII).
    private mutating func perlClass() -> ScalarClass.Item {
        let letter = scalars[index + 1]
        index += 2
        return ScalarClass.Item(
            members: .ranges(ScalarClass.perl(letter) ?? []), negated: letter.properties.isUppercase, folded: flags.foldCase)
    }

    /// `\pL`, `\p{Greek}`, `\P{^Lu}` at `index`.
    private mutating func unicodeGroup() throws(Failure) -> ScalarClass.Item {
        let start = index
        var negated = scalars[index + 1] == "P"
        index += 2
        guard let first = at(index) else { throw Failure(refusal: .characterRange, part: text(start..<index)) }
        index += 1
        var name: String
        if first != "{" {
            name = String(first)
        } else {
            guard let close = scalars[index...].firstIndex(of: "}") else {
                throw Failure(refusal: .characterRange, part: text(start..<scalars.count))
            }
            name = text(index..<close)
            index = close + 1
        }
        if name.hasPrefix("^") {
            negated.toggle()
            name.removeFirst()
        }
        let part = text(start..<index)
        let members: ScalarClass.Members
        if name == "Any" {
            members = .any
        } else if let categories = PatternUnicode.categories(named: name) {
            members = .categories(categories)
        } else if let ranges = PatternUnicode.scripts[name] {
            members = .ranges(ranges)
        } else {
            throw Failure(refusal: PatternUnicode.re2Scripts.contains(name) ? .needsRE2 : .characterRange, part: part)
        }
        return ScalarClass.Item(members: members, negated: negated, folded: flags.foldCase)
    }

    /// A `[…]` set at `index`.
    private mutating func characterClass() throws(Failure) -> ScalarClass {
        let start = index
        index += 1
        var set = ScalarClass()
        if at(index) == "^" {
            index += 1
            set.negated = true
        }
        var first = true
        while let scalar = at(index), scalar != "]" || first {
            first = false
            if scalar == "[", at(index + 1) == ":", index + 2 < scalars.count, text(index..<scalars.count).contains(":]") {
                // RE2's ASCII [:alpha:]: the translation writes Unicode's instead, always.
                throw Failure(refusal: .needsRE2, part: text(index..<index + 2))
            }
            if scalar == "\\", index + 2 < scalars.count, at(index + 1) == "p" || at(index + 1) == "P" {
                set.items.append(try unicodeGroup())
                continue
            }
            if scalar == "\\", let letter = at(index + 1), ScalarClass.perl(letter) != nil {
                set.items.append(perlClass())
                continue
            }
            let rangeStart = index
            let low = try classCharacter(from: start)
            var high = low
            if at(index) == "-", let next = at(index + 1), next != "]" {
                index += 1
                high = try classCharacter(from: start)
                if high < low { throw Failure(refusal: .characterRange, part: text(rangeStart..<index)) }
            }
            set.items.append(ScalarClass.Item(members: .range(low, high), folded: flags.foldCase))
        }
        guard index < scalars.count else { throw Failure(refusal: .missingBracket, part: text(start..<scalars.count)) }
        index += 1
        return set
    }

    private mutating func classCharacter(from start: Int) throws(Failure) -> UInt32 {
        guard let scalar = at(index) else { throw Failure(refusal: .missingBracket, part: text(start..<scalars.count)) }
        if scalar == "\\" { return try escapedScalar() }
        index += 1
        return scalar.value
    }

    /// The scalar an escape at `index` stands for: octal, `\x…`, C's, or a sign.
    private mutating func escapedScalar() throws(Failure) -> UInt32 {
        let start = index
        guard let letter = at(index + 1) else { throw Failure(refusal: .trailingBackslash, part: "") }
        index += 2
        func bad(_ end: Int) -> Failure { Failure(refusal: .escape, part: text(start..<end)) }
        func isOctal(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."7").contains($0) } ?? false }
        switch letter {
        case "1"..."7", "0":
            if letter != "0", !isOctal(at(index)) { throw bad(index) }
            var value = letter.value - 0x30
            for _ in 0..<2 where isOctal(at(index)) {
                value = value * 8 + scalars[index].value - 0x30
                index += 1
            }
            return value
        case "x":
            guard let next = at(index) else { throw bad(index) }
            index += 1
            if next == "{" {
                // RE2 reads a rune past the end here, and names no part.
                guard var digit = at(index) else { throw Failure(refusal: .other, part: "") }
                index += 1
                var value: UInt32 = 0, digits = 0
                while let hex = digit.properties.isASCIIHexDigit ? UInt32(String(digit), radix: 16) : nil {
                    digits += 1
                    value = value * 16 + hex
                    if value > 0x10FFFF { throw bad(index) }
                    guard let following = at(index) else { throw bad(index) }
                    digit = following
                    index += 1
                }
                if digit != "}" || digits == 0 { throw bad(index) }
                return value
            }
            guard let second = at(index) else { throw bad(index) }
            index += 1
            guard let high = UInt32(String(next), radix: 16), let low = UInt32(String(second), radix: 16),
                next.properties.isASCIIHexDigit, second.properties.isASCIIHexDigit
            else { throw bad(index) }
            return high * 16 + low
        case "n": return 0x0A
        case "r": return 0x0D
        case "t": return 0x09
        case "a": return 0x07
        case "f": return 0x0C
        case "v": return 0x0B
        default:
            guard letter.isASCII, !letter.properties.isAlphabetic, !("0"..."9").contains(letter) else { throw bad(index) }
            return letter.value
        }
    }
}
