/// A usage line, `focusflow` and a command's syntax, broken to fit an 80-column terminal.
///
/// It breaks only between the words and bracketed groups of the syntax (never inside
/// `[--draft FILE [--draft-discard]]`), and each line it goes on to starts under the word
/// after `focusflow`.
enum UsageLine {
    /// The terminal width every help text fits.
    static let width = 80

    /// `lead`, `focusflow ` and `synopsis`, on as many lines as it takes.
    ///
    /// - Parameter columns: how many columns `lead` takes (Hangul is two).
    static func wrapped(_ synopsis: String, after lead: String, columns: Int) -> String {
        let start = columns + "focusflow ".count
        var lines: [String] = []
        var line = lead + "focusflow "
        var used = start
        for group in groups(synopsis) {
            if used > start, used + 1 + group.count > width {
                lines.append(line)
                line = String(repeating: " ", count: start)
                used = start
            }
            if used > start { line += " "; used += 1 }
            line += group
            used += group.count
        }
        return (lines + [line]).joined(separator: "\n")
    }

    /// `words` separated by commas, on lines of `indent` spaces and the words that fit.
    static func list(_ words: [String], indent: Int) -> String {
        var lines: [String] = []
        var line = ""
        for (index, word) in words.enumerated() {
            let item = word + (index == words.count - 1 ? "" : ",")
            if !line.isEmpty, indent + line.count + 1 + item.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + item
        }
        return (lines + [line]).map { String(repeating: " ", count: indent) + $0 }.joined(separator: "\n")
    }

    /// The words of `synopsis` outside brackets, each with its brackets and what is inside.
    static func groups(_ synopsis: String) -> [String] {
        var groups: [String] = []
        var group = ""
        var depth = 0
        for character in synopsis {
            if character == " ", depth == 0 {
                if !group.isEmpty { groups.append(group) }
                group = ""
                continue
            }
            if character == "[" { depth += 1 }
            if character == "]" { depth = max(0, depth - 1) }
            group.append(character)
        }
        if !group.isEmpty { groups.append(group) }
        return groups
    }
}
