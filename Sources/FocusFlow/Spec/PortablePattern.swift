/// A flow's pattern spelt so that a JSON Schema validator reads it as the flow does: in the
/// part of the syntax ECMA-262 (with the `u` flag, as JSON Schema asks) and Python's `re`
/// both read alike, or `nil` when the pattern uses something they would read otherwise.
///
/// The translation knows the values it is held to: text a field's keyboard takes, never a
/// control character. So `\s` can be spelt as the separators it means in the flow, and `\d`
/// and `\w` (Unicode's in a flow, ASCII's in ECMA-262) only for a keyboard that types ASCII
/// alone, where the two agree.
enum PortablePattern {
    /// `\s` in a flow (tab, line feed, form feed, carriage return and Unicode's separators),
    /// spelt out: ECMA-262's `\s` adds U+FEFF, Python's some control characters.
    static let spaces = #"\t\n\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"#
    /// Any character at all, for an end that no line break fools (Python's `$` also matches
    /// before a last line feed).
    static let end = #"(?![\s\S])"#
    /// `.` in a flow: any character but a line terminator (ICU's: line feed, vertical tab, form
    /// feed, carriage return, U+0085, U+2028, U+2029).
    static let dot = #"[^\n\u000B\f\r\u0085\u2028\u2029]"#
    /// The characters ECMA-262 lets a pattern escape outside a class (with `u`, no others).
    private static let syntax: Set<Character> = ["^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/"]

    /// `pattern` (a flow's), matching the whole value when `whole`, anywhere in it otherwise.
    static func translated(_ pattern: String, whole: Bool, asciiOnly: Bool) -> String? {
        let characters = Array(pattern)
        var out = ""
        var index = 0
        var inClass = false
        var classStart = 0
        func escape(_ letter: Character) -> String? {
            switch letter {
            case "t", "n", "r", "f": return "\\\(letter)"
            case "s": return inClass ? spaces : "[\(spaces)]"
            case "S": return inClass ? nil : "[^\(spaces)]"
            case "d": return asciiOnly ? (inClass ? "0-9" : "[0-9]") : nil
            case "D": return asciiOnly && !inClass ? "[^0-9]" : nil
            case "w": return asciiOnly ? (inClass ? "0-9A-Za-z_" : "[0-9A-Za-z_]") : nil
            case "W": return asciiOnly && !inClass ? "[^0-9A-Za-z_]" : nil
            case "u": return nil
            default:
                guard letter.isASCII, !letter.isLetter, !letter.isNumber else { return nil }
                if inClass { return letter == "-" || syntax.contains(letter) ? "\\\(letter)" : String(letter) }
                return syntax.contains(letter) ? "\\\(letter)" : String(letter)
            }
        }
        while index < characters.count {
            let character = characters[index]
            index += 1
            if character == "\\" {
                guard index < characters.count else { return nil }
                let letter = characters[index]
                index += 1
                if letter == "u" {
                    // ICU's `\uhhhh`, which both read.
                    let hex = characters[index..<min(index + 4, characters.count)]
                    guard hex.count == 4, hex.allSatisfy(\.isHexDigit) else { return nil }
                    out += "\\u" + String(hex)
                    index += 4
                    continue
                }
                guard let spelt = escape(letter) else { return nil }
                out += spelt
                continue
            }
            if inClass {
                switch character {
                case "]" where index - 1 > classStart:
                    inClass = false
                    out.append("]")
                case "[": return nil
                default:
                    // Set operations Python warns it will read one day.
                    if "&-|~".contains(character), index < characters.count, characters[index] == character { return nil }
                    out.append(character)
                }
                continue
            }
            switch character {
            case "[":
                inClass = true
                out.append("[")
                if index < characters.count, characters[index] == "^" {
                    out.append("^")
                    index += 1
                }
                classStart = index
                // A `]` first in a class is itself.
                if index < characters.count, characters[index] == "]" {
                    out += "\\]"
                    index += 1
                }
            case ".": out += dot
            case "$": out += end
            case "(":
                guard index < characters.count, characters[index] == "?" else {
                    out.append("(")
                    continue
                }
                // `(?:…)` both read; a named group loses its name; flags neither reads alike.
                if index + 1 < characters.count, characters[index + 1] == ":" {
                    out += "(?:"
                    index += 2
                } else if index + 1 < characters.count, characters[index + 1] == "<", index + 2 < characters.count,
                    characters[index + 2] != "=", characters[index + 2] != "!",
                    let close = characters[index...].firstIndex(of: ">")
                {
                    out += "(?:"
                    index = close + 1
                } else {
                    return nil
                }
            case "{":
                // A count both read; any other brace is itself.
                let rest = characters[index...]
                if let close = rest.firstIndex(of: "}") {
                    let inside = String(characters[index..<close])
                    let parts = inside.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
                    let isCount =
                        !parts.isEmpty && !parts[0].isEmpty && parts[0].allSatisfy(\.isASCII) && parts[0].allSatisfy(\.isNumber)
                        && (parts.count == 1 || parts[1].allSatisfy { $0.isASCII && $0.isNumber })
                    if isCount {
                        out += "{" + inside + "}"
                        index = close + 1
                        continue
                    }
                }
                out += "\\{"
            case "}": out += "\\}"
            default: out.append(character)
            }
        }
        guard !inClass else { return nil }
        return whole ? "^(?:\(out))\(end)" : out
    }
}
