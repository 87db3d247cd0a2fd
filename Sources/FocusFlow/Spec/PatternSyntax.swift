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
    /// (`[:alpha:]` is ICU's Alphabetic, here its letters and letter numbers). RE2 reads these
    /// names as ASCII; `[:ascii:]` is ASCII in both. `[:graph:]`, `[:print:]` and `[:xdigit:]`
    /// have no such spelling and are refused.
    static let posixClasses: [(name: String, unicode: String)] = [
        ("digit", #"\p{Nd}"#), ("alpha", #"\p{L}\p{Nl}"#), ("upper", #"\p{Lu}"#), ("lower", #"\p{Ll}"#),
        ("alnum", #"\p{L}\p{Nl}\p{Nd}"#), ("punct", #"\p{P}"#), ("cntrl", #"\p{Cc}"#), ("space", #"\t\n\x{0B}\f\r\x{85}\p{Z}"#),
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

    /// Translates `pattern`, or says what it has that RE2 cannot match, at which character.
    static func translate(_ pattern: String) throws(CompiledPattern.PatternError) -> Translation {
        // Nothing to translate or to find without an escape, a parenthesis or a set: most patterns.
        guard pattern.utf8.contains(where: { $0 == 0x5C || $0 == 0x28 || $0 == 0x29 || $0 == 0x5B }) else {  // \ ( ) [
            return Translation(text: pattern)
        }
        let scalars = Array(pattern.unicodeScalars)
        var out = Translation(text: "")
        func emit(_ text: String, from scalar: Int) {
            out.origins.append((out.text.utf8.count, scalar))
            out.text += text
        }
        func refuse(_ problem: PatternProblem, at scalar: Int) -> CompiledPattern.PatternError {
            CompiledPattern.PatternError(problem: problem, column: column(ofScalar: scalar, in: pattern))
        }
        func at(_ index: Int) -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        /// The `count` hexadecimal digits from `index`, if they are all there.
        func hex(_ index: Int, _ count: Int) -> String? {
            guard index + count <= scalars.count else { return nil }
            let digits = scalars[index..<index + count]
            return digits.allSatisfy(\.properties.isASCIIHexDigit) ? String(String.UnicodeScalarView(digits)) : nil
        }
        var index = 0
        // The groups open, by where they open: RE2 names the whole pattern for a parenthesis
        // without its pair, and this names the parenthesis.
        var groups: [Int] = []
        // Inside a set: where it started (a `]` first in a set is itself, as in Perl and RE2).
        var setFirst: Int?
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                guard let next = at(index + 1) else { throw refuse(.escape, at: index) }
                var length = 2
                switch next {
                case "d": emit(#"\p{Nd}"#, from: index)
                case "D": emit(#"\P{Nd}"#, from: index)
                case "w": emit(setFirst == nil ? "[\(word)]" : word, from: index)
                case "s": emit(setFirst == nil ? "[\(space)]" : space, from: index)
                case "W", "S":
                    guard setFirst == nil else { throw refuse(.negatedClassInSet, at: index) }
                    emit("[^\(next == "W" ? word : space)]", from: index)
                case "1"..."9" where setFirst == nil: throw refuse(.backReference, at: index)
                case "k" where setFirst == nil && at(index + 2) == "<": throw refuse(.backReference, at: index)
                case "u" where hex(index + 2, 4) != nil:
                    emit("\\x{\(hex(index + 2, 4)!)}", from: index)
                    length = 6
                case "U" where hex(index + 2, 8) != nil:
                    emit("\\x{\(hex(index + 2, 8)!)}", from: index)
                    length = 10
                case "Q":
                    // Quoted up to \E (or the end), as RE2 reads it too.
                    var end = index + 2
                    while end < scalars.count, !(scalars[end] == "\\" && at(end + 1) == "E") { end += 1 }
                    length = Swift.min(end + 2, scalars.count) - index
                    emit(String(String.UnicodeScalarView(scalars[index..<index + length])), from: index)
                default: emit("\\" + String(next), from: index)
                }
                index += length
                continue
            }
            if let first = setFirst {
                if scalar == "]", index > first {
                    setFirst = nil
                } else if scalar == "[", at(index + 1) == ":" {
                    // A POSIX class ([:digit:], [:^alpha:]) means Unicode's, as in ICU.
                    var end = index + 2
                    while end + 1 < scalars.count, !(scalars[end] == ":" && scalars[end + 1] == "]") { end += 1 }
                    let stop = Swift.min(end + 2, scalars.count)
                    var name = String(String.UnicodeScalarView(scalars[Swift.min(index + 2, stop)..<Swift.max(index + 2, stop - 2)]))
                    let negated = name.hasPrefix("^")
                    if negated { name.removeFirst() }
                    if let unicode = posixClasses.first(where: { $0.name == name })?.unicode {
                        if !negated {
                            emit(unicode, from: index)
                        } else if let one = unicode.wholeProperty {
                            emit(#"\P"# + one, from: index)
                        } else {
                            throw refuse(.negatedClassInSet, at: index)
                        }
                    } else if ["ascii"].contains(name) {
                        emit(String(String.UnicodeScalarView(scalars[index..<stop])), from: index)
                    } else {
                        throw refuse(.posixClass, at: index)
                    }
                    index = stop
                    continue
                } else if scalar == "[" || (scalar == "&" && at(index + 1) == "&") {
                    throw refuse(.setInSet, at: index)
                }
                emit(String(scalar), from: index)
                index += 1
                continue
            }
            switch scalar {
            case "[":
                let caret = at(index + 1) == "^"
                emit(caret ? "[^" : "[", from: index)
                index += caret ? 2 : 1
                setFirst = index
                continue
            case ")":
                guard groups.popLast() != nil else { throw refuse(.parenthesis, at: index) }
            case "(" where at(index + 1) == "?":
                groups.append(index)
                switch (at(index + 2), at(index + 3)) {
                case ("=", _), ("!", _), ("<", "="), ("<", "!"): throw refuse(.lookaround, at: index)
                case (">", _): throw refuse(.atomicGroup, at: index)
                case ("<", _):
                    emit("(?P<", from: index)
                    index += 3
                    continue
                default: break
                }
            case "(": groups.append(index)
            default: break
            }
            emit(String(scalar), from: index)
            index += 1
        }
        if let open = groups.last { throw refuse(.parenthesis, at: open) }
        return out
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
}
