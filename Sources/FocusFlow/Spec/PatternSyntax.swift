/// A flow's pattern as RE2 reads it.
///
/// Flows write the Perl-like syntax ICU, Java and JavaScript share, where `\d`, `\w` and `\s`
/// are Unicode's digits, word characters and spaces (`\d` takes `٣` and `３`, `\w+` takes
/// `한글`); RE2 reads those three as ASCII. The translation spells them as Unicode classes RE2
/// knows, writes ICU's `\uhhhh` and `(?<name>…)` as RE2 does, and refuses what no linear-time
/// engine can match (back references, look-ahead and look-behind, atomic groups) or what RE2
/// would read silently otherwise (a set inside a set), with the character where it starts.
enum PatternSyntax {
    /// `\w`: letters, letter numbers, marks, decimal digits, connectors, and the joiners (ICU's).
    static let word = #"\p{L}\p{Nl}\p{M}\p{Nd}\p{Pc}\x{200C}\x{200D}"#
    /// `\s`: tab, line feed, form feed, carriage return and Unicode's separators (ICU's).
    static let space = #"\t\n\f\r\p{Z}"#

    /// The POSIX classes, as ICU reads them: Unicode's properties, written as RE2 knows them
    /// (`[:alpha:]`, ICU's Alphabetic, is here letters, letter numbers and marks, so that the
    /// vowel signs of हिंदी are in it). RE2 reads these names as ASCII; `[:ascii:]` is ASCII in
    /// both. `[:graph:]`, `[:print:]` and `[:xdigit:]` have no such spelling and are refused.
    static let posixClasses: [(name: String, unicode: String)] = [
        ("digit", #"\p{Nd}"#), ("alpha", #"\p{L}\p{Nl}\p{M}"#), ("upper", #"\p{Lu}"#), ("lower", #"\p{Ll}"#),
        ("alnum", #"\p{L}\p{Nl}\p{M}\p{Nd}"#), ("punct", #"\p{P}"#), ("cntrl", #"\p{Cc}"#), ("space", #"\t\n\x{0B}\f\r\x{85}\p{Z}"#),
        ("blank", #"\t\p{Zs}"#), ("word", word),
    ]

    /// A pattern in RE2's syntax, with where each part of it came from in the flow's pattern.
    struct Translation {
        /// The pattern RE2 compiles.
        var text: String
        /// The offset in `text`'s UTF-8 where each part starts, with the flow pattern's scalar
        /// it came from; empty when `text` is the flow's pattern unchanged.
        var origins: [(byte: Int, scalar: Int)] = []

        /// The flow pattern's scalar the byte at `offset` of ``text`` came from.
        func scalar(atByte offset: Int) -> Int {
            guard !origins.isEmpty else {
                let bytes = text.utf8
                return text.unicodeScalars[..<bytes.index(bytes.startIndex, offsetBy: offset)].count
            }
            return origins.last { $0.byte <= offset }?.scalar ?? 0
        }
    }

    /// ICU's line terminators, which its `.` does not match (RE2's `.` stops only at `\n`).
    static let lineTerminators = #"\n\x{0B}\f\r\x{85}\x{2028}\x{2029}"#
    /// The Unicode classes (`\p{…}`) one pattern may name, `\w` counting as its five: each is a
    /// few hundred ranges for RE2 to build, and thousands take seconds and gigabytes.
    static let largestClassCount = 500

    /// What came before in a set: a character (its value and where it is, for a range's order),
    /// a class (after which `-` is a hyphen, as in ICU), or neither.
    private enum SetItem {
        case none, character(UInt32, at: Int), set
    }

    /// Translates `pattern`, or says what it has that RE2 cannot match, at which character.
    static func translate(_ pattern: String) throws(CompiledPattern.PatternError) -> Translation {
        // Nothing to translate or to check without one of \ ( ) [ { . * + ?: most patterns.
        // (A switch, not a Set: a start would pay a scan of every conformance for the Set.)
        let special = { (byte: UInt8) in
            switch byte {
            case 0x5C, 0x28, 0x29, 0x5B, 0x7B, 0x2E, 0x2A, 0x2B, 0x3F: true
            default: false
            }
        }
        guard pattern.utf8.contains(where: special) else { return Translation(text: pattern) }
        let scalars = Array(pattern.unicodeScalars)
        var out = Translation(text: "")
        var classes = 0
        func emit(_ text: String, from scalar: Int) {
            out.origins.append((out.text.utf8.count, scalar))
            out.text += text
        }
        func refuse(_ problem: PatternProblem, at scalar: Int) -> CompiledPattern.PatternError {
            CompiledPattern.PatternError(problem: problem, column: column(ofScalar: scalar, in: pattern))
        }
        /// A class, counted against ``largestClassCount``.
        func emitClass(_ text: String, from scalar: Int) throws(CompiledPattern.PatternError) {
            var escaped = false
            for byte in text.utf8 {
                if escaped, byte == UInt8(ascii: "p") || byte == UInt8(ascii: "P") { classes += 1 }
                escaped = !escaped && byte == UInt8(ascii: "\\")
            }
            guard classes <= largestClassCount else { throw refuse(.tooLarge, at: scalar) }
            emit(text, from: scalar)
        }
        func at(_ index: Int) -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        /// The value of the `count` hexadecimal digits from `index`, if they are all there.
        func hex(_ index: Int, _ count: Int) -> UInt32? {
            guard index + count <= scalars.count, scalars[index..<index + count].allSatisfy(\.properties.isASCIIHexDigit) else { return nil }
            return UInt32(text(index..<index + count), radix: 16)
        }
        func character(_ value: UInt32) -> String { "\\x{" + String(value, radix: 16, uppercase: true) + "}" }
        /// The length of the escape at `index` with its braces (`\p{…}`), when a brace follows its letter.
        func braced(_ index: Int) -> Int? {
            guard at(index + 2) == "{" else { return nil }
            var end = index + 3
            while end < scalars.count, scalars[end] != "}" { end += 1 }
            return Swift.min(end + 1, scalars.count) - index
        }
        // `.` keeps RE2's meaning in a pattern that turns `s` on anywhere (`(?s)`).
        let dotMatchesAll = pattern.contains("(?") && Self.turnsOnDotAll(scalars)
        var index = 0
        // The groups open, by where they open: RE2 names the whole pattern for a parenthesis
        // without its pair, and this names the parenthesis.
        var groups: [Int] = []
        // Inside a set: where it started (a `]` first in a set is itself, as in Perl and RE2).
        var setFirst: Int?
        var previous = SetItem.none
        // Outside a set: whether a count may follow, and, when the last thing was a count,
        // whether it took its lazy `?`.
        var repeatable = false
        var countedLazy: Bool?
        while index < scalars.count {
            let scalar = scalars[index]
            let inSet = setFirst != nil
            if scalar == "\\" {
                guard let next = at(index + 1) else { throw refuse(.escape, at: index) }
                var length = 2
                var item = SetItem.set
                /// A class with its negation (`\W` of `\w`), written as sets.
                func classEscape(_ items: String, negated: Bool) throws(CompiledPattern.PatternError) {
                    if !negated {
                        try emitClass(inSet ? items : "[\(items)]", from: index)
                    } else if !inSet {
                        try emitClass("[^\(items)]", from: index)
                    } else {
                        throw refuse(.negatedClassInSet, at: index)
                    }
                }
                switch next {
                case "d": try emitClass(#"\p{Nd}"#, from: index)
                case "D": try emitClass(#"\P{Nd}"#, from: index)
                case "w", "W": try classEscape(word, negated: next == "W")
                case "s", "S": try classEscape(space, negated: next == "S")
                case "h", "H": try classEscape(#"\t\p{Zs}"#, negated: next == "H")
                case "v", "V": try classEscape(lineTerminators, negated: next == "V")
                case "p", "P":
                    // A property, \pL or \p{…}, as RE2 reads it.
                    length = braced(index) ?? (at(index + 2) != nil ? 3 : 2)
                    try emitClass(text(index..<index + length), from: index)
                case "x", "N":
                    // \x{…} (or \xhh) and \N{…} are RE2's to read, braces and all.
                    length = braced(index) ?? 2
                    emit(text(index..<index + length), from: index)
                    if next == "x", let value = UInt32(text(index + 2..<index + length).trimmingBraces, radix: 16) {
                        item = .character(value, at: index)
                    }
                case "1"..."9" where !inSet: throw refuse(.backReference, at: index)
                case "1"..."9":
                    // In a set ICU reads \1 as the digit; RE2 would read an octal code.
                    emit(String(next), from: index)
                    item = .character(next.value, at: index)
                case "k" where !inSet && at(index + 2) == "<": throw refuse(.backReference, at: index)
                case "0":
                    // ICU's octal \0ooo; RE2 has none.
                    var end = index + 2
                    while end < index + 5, let digit = at(end), ("0"..."7").contains(digit) { end += 1 }
                    let value = UInt32(text(index + 2..<end), radix: 8) ?? 0
                    emit(character(value), from: index)
                    length = end - index
                    item = .character(value, at: index)
                case "u", "U":
                    // \uhhhh and \Uhhhhhhhh; a surrogate pair written as two \u is one character.
                    let digits = next == "u" ? 4 : 8
                    guard var value = hex(index + 2, digits) else {
                        emit("\\" + String(next), from: index)
                        break
                    }
                    length = 2 + digits
                    if next == "u", (0xD800..<0xDC00).contains(value), at(index + 6) == "\\", at(index + 7) == "u",
                        let low = hex(index + 8, 4), (0xDC00..<0xE000).contains(low)
                    {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        length = 12
                    }
                    guard Unicode.Scalar(value) != nil else { throw refuse(.escape, at: index) }
                    emit(character(value), from: index)
                    item = .character(value, at: index)
                case "e":
                    emit(character(0x1B), from: index)
                    item = .character(0x1B, at: index)
                case "Q":
                    // Quoted up to \E (or the end), as RE2 reads it too.
                    var end = index + 2
                    while end < scalars.count, !(scalars[end] == "\\" && at(end + 1) == "E") { end += 1 }
                    length = Swift.min(end + 2, scalars.count) - index
                    emit(text(index..<index + length), from: index)
                default:
                    emit("\\" + String(next), from: index)
                    // An escaped sign (\-, \.) is that character.
                    if next.isASCII, !next.properties.isAlphabetic, !("0"..."9").contains(next) { item = .character(next.value, at: index) }
                }
                index += length
                previous = item
                repeatable = true
                countedLazy = nil
                continue
            }
            if let first = setFirst {
                if scalar == "]", index > first {
                    setFirst = nil
                    emit("]", from: index)
                    index += 1
                    repeatable = true
                    continue
                }
                if scalar == "[", at(index + 1) == ":" {
                    guard let (written, stop) = try posixClass(at: index, in: scalars, inSet: true, refuse: refuse) else {
                        throw refuse(.setInSet, at: index)
                    }
                    try emitClass(written, from: index)
                    index = stop
                    previous = .set
                    continue
                }
                if scalar == "[" || (scalar == "&" && at(index + 1) == "&") { throw refuse(.setInSet, at: index) }
                if scalar == "-", index > first, at(index + 1) != "]" {
                    switch previous {
                    case .set:
                        // After a class, ICU's `-` is a hyphen; RE2 would take a range from the
                        // class's last character.
                        emit(#"\-"#, from: index)
                        previous = .character(scalar.value, at: index)
                        index += 1
                        continue
                    case .character(let low, let start):
                        if let high = at(index + 1), high != "\\", high != "[", high.value < low { throw refuse(.range, at: start) }
                        previous = .none
                    case .none: break
                    }
                    emit("-", from: index)
                    index += 1
                    continue
                }
                emit(String(scalar), from: index)
                previous = .character(scalar.value, at: index)
                index += 1
                continue
            }
            switch scalar {
            case "*", "+", "?", "{":
                var length = 1
                if scalar == "{" {
                    // A count, {n}, {n,} or {n,m}: ICU refuses any other, RE2 would take it as text.
                    var end = index + 1
                    while let c = at(end), c != "}" { end += 1 }
                    guard end < scalars.count else { throw refuse(.interval, at: index) }
                    let bounds = text(index + 1..<end).split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
                    guard let least = Int(bounds[0]), bounds[0].allSatisfy({ ("0"..."9").contains($0) }),
                        bounds.count == 1 || bounds[1].isEmpty || (bounds[1].allSatisfy({ ("0"..."9").contains($0) }) && Int(bounds[1]) != nil)
                    else { throw refuse(.interval, at: index) }
                    let most = bounds.count == 2 ? Int(bounds[1]) : least
                    if least > 1000 || (most ?? 0) > 1000 { throw refuse(.interval, at: index) }
                    if let most, most < least { throw refuse(.maxBelowMin, at: index) }
                    length = end + 1 - index
                }
                if let lazy = countedLazy {
                    // A count's lazy `?` is once; anything more repeats a repetition.
                    guard scalar == "?", !lazy else { throw refuse(.repeatedRepetition, at: index) }
                    countedLazy = true
                } else {
                    guard repeatable else { throw refuse(.nothingToRepeat, at: index) }
                    countedLazy = false
                }
                emit(text(index..<index + length), from: index)
                index += length
                continue
            case "[":
                countedLazy = nil
                repeatable = true
                if at(index + 1) == ":", let (written, stop) = try posixClass(at: index, in: scalars, inSet: false, refuse: refuse) {
                    // [:alpha:] alone is a set in ICU.
                    try emitClass(written, from: index)
                    index = stop
                    continue
                }
                let caret = at(index + 1) == "^"
                emit(caret ? "[^" : "[", from: index)
                index += caret ? 2 : 1
                setFirst = index
                previous = .none
                continue
            case ".":
                if dotMatchesAll { emit(".", from: index) } else { emit("[^\(lineTerminators)]", from: index) }
                index += 1
                repeatable = true
                countedLazy = nil
                continue
            case ")":
                guard groups.popLast() != nil else { throw refuse(.parenthesis, at: index) }
                repeatable = true
            case "(" where at(index + 1) == "?":
                groups.append(index)
                repeatable = false
                countedLazy = nil
                switch (at(index + 2), at(index + 3)) {
                case ("=", _), ("!", _), ("<", "="), ("<", "!"): throw refuse(.lookaround, at: index)
                case (">", _): throw refuse(.atomicGroup, at: index)
                case ("<", _):
                    emit("(?P<", from: index)
                    index += 3
                default:
                    emit("(?", from: index)
                    index += 2
                }
                continue
            case "(":
                groups.append(index)
                repeatable = false
            case "|":
                repeatable = false
            default:
                repeatable = true
            }
            countedLazy = nil
            emit(String(scalar), from: index)
            index += 1
        }
        if let open = groups.last { throw refuse(.parenthesis, at: open) }
        return out
    }

    /// The POSIX class at `index` (`[:digit:]`, `[:^alpha:]`) written as Unicode's, and the index
    /// after it; `nil` when what follows `[:` is not a name and `:]`; refused when the name is
    /// unknown, or negated over several properties inside a set.
    private static func posixClass(
        at index: Int, in scalars: [Unicode.Scalar], inSet: Bool,
        refuse: (PatternProblem, Int) -> CompiledPattern.PatternError
    ) throws(CompiledPattern.PatternError) -> (String, Int)? {
        var end = index + 2
        if end < scalars.count, scalars[end] == "^" { end += 1 }
        while end < scalars.count, scalars[end].properties.isAlphabetic { end += 1 }
        guard end + 1 < scalars.count, scalars[end] == ":", scalars[end + 1] == "]" else { return nil }
        var name = String(String.UnicodeScalarView(scalars[index + 2..<end]))
        let negated = name.hasPrefix("^")
        if negated { name.removeFirst() }
        let stop = end + 2
        if name == "ascii" { return (inSet ? "\\x00-\\x7F" : "[\(negated ? "^" : "")\\x00-\\x7F]", stop) }
        guard let unicode = posixClasses.first(where: { $0.name == name })?.unicode else { throw refuse(.posixClass, index) }
        if !negated { return (inSet ? unicode : "[\(unicode)]", stop) }
        if let one = unicode.wholeProperty { return (#"\P"# + one, stop) }
        guard !inSet else { throw refuse(.negatedClassInSet, index) }
        return ("[^\(unicode)]", stop)
    }

    /// Whether a `(?…)` group anywhere turns on `s` (dot matches all).
    private static func turnsOnDotAll(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        while index + 1 < scalars.count {
            if scalars[index] == "(", scalars[index + 1] == "?" {
                var end = index + 2
                while end < scalars.count, scalars[end].properties.isAlphabetic { end += 1 }
                if scalars[index + 2..<end].contains("s") { return true }
            }
            index += 1
        }
        return false
    }

    /// The character (from 1) at the flow pattern's scalar `scalar`, as a person counts them.
    static func column(ofScalar scalar: Int, in pattern: String) -> Int {
        let scalars = pattern.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: scalar, limitedBy: scalars.endIndex) ?? scalars.endIndex
        return pattern[..<end].count + 1
    }
}

extension String {
    /// `{Nd}` when this is one property, `\p{Nd}`, to negate as `\P{Nd}`; `nil` for a list.
    fileprivate var wholeProperty: String? {
        guard hasPrefix(#"\p{"#), let close = firstIndex(of: "}"), index(after: close) == endIndex else { return nil }
        return String(dropFirst(2))
    }

    /// `1F600` of `{1F600}`, or the text itself without braces (`41` of `\x41`).
    fileprivate var trimmingBraces: String { hasPrefix("{") && hasSuffix("}") ? String(dropFirst().dropLast()) : self }
}
