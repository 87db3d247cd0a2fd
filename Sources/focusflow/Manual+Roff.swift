/// A command's help text as roff that `man` fills to any width: the help is written for an
/// 80-column terminal, and a man page read at 60 columns (or 120) must not keep its breaks.
///
/// The help's shapes, each its own roff:
///
/// - a paragraph (lines from the left edge, up to a blank line; `Exit status:` starts one of
///   its own) is one `.PP`, filled;
/// - a heading (`OPTIONS`, `KEYS`: a line alone at the left edge over indented lines) is bold;
/// - an entry (`  --output FILE   what it does`, or a term alone on its line over deeper lines
///   that say what it does) is a `.TP`; a protocol request (`  {"action":"next"}   next`)
///   is its JSON form with its text form under it (`.TQ`);
/// - other indented lines (the keys of `KEYS`, one a line) keep their breaks but are filled each;
/// - the lines under the page's `EXAMPLES` heading (`예` in Korean) are commands, kept as they
///   are (`.nf`): the only lines that may be wider than the page.
///
/// A word holding `focusflow` is never hyphenated (`\%`), and the page turns hyphenation
/// off altogether (`.nh`): a file name or an option broken at a hyphen reads as another.
extension Manual {
    /// `details`, a help text as `--help` prints it, as roff.
    static func roff(_ details: String, examples heading: String) -> [String] {
        var out: [String] = []
        var blocks: [[Substring]] = [[]]
        for line in details.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                if !(blocks.last?.isEmpty ?? true) { blocks.append([]) }
            } else {
                blocks[blocks.count - 1].append(line)
            }
        }
        var literal = false
        for block in blocks where !block.isEmpty {
            var index = 0
            var paragraph: [Substring] = []
            var plain: [Substring] = []
            func endParagraph() {
                if !paragraph.isEmpty { out += [".PP", text(paragraph.joined(separator: " "))] }
                paragraph = []
            }
            func endPlain() {
                guard !plain.isEmpty else { return }
                // Each line, and each item of a line of keys (`Ctrl-T show/hide · Ctrl-L draw`), on a line of its own.
                // A line that goes on from the one above (it starts in lower case) joins it.
                var lines: [String] = []
                for line in plain.map(trimmed) {
                    if let last = lines.last, !last.contains(" · "), line.first?.isLowercase == true {
                        lines[lines.count - 1] = last + " " + line
                    } else {
                        lines.append(line)
                    }
                }
                let items = lines.flatMap { $0.split(separator: " · ") }.map(text)
                out += [".PP", ".RS 2"] + items.joined(separator: "\n.br\n").split(separator: "\n").map(String.init) + [".RE"]
                plain = []
            }
            while index < block.count {
                let line = block[index]
                let indent = line.prefix { $0 == " " }.count
                let next = index + 1 < block.count ? block[index + 1] : nil
                let nextIndent = next.map { $0.prefix { $0 == " " }.count } ?? 0
                if indent == 0 {
                    endPlain()
                    if index == 0, next != nil, nextIndent > 0, !line.hasSuffix(":") {
                        // A heading over indented lines.
                        endParagraph()
                        literal = line == heading
                        out += [".PP", "\\fB" + text(line) + "\\fR"]
                    } else {
                        if line.hasPrefix("Exit status:") || line.hasPrefix("종료 상태:") { endParagraph() }
                        literal = false
                        paragraph.append(line)
                    }
                    index += 1
                    continue
                }
                endParagraph()
                if literal {
                    out += [".RS 2", ".nf"]
                    while index < block.count, block[index].hasPrefix(" ") {
                        out.append(text(trimmed(block[index])))
                        index += 1
                    }
                    out += [".fi", ".RE"]
                    continue
                }
                // An entry: a term, and what it does on its line or on the deeper lines under it.
                var columns = line.dropFirst(indent).split(separator: "  ", maxSplits: 1).map { trimmed($0) }
                var deeper: [Substring] = []
                var after = index + 1
                while after < block.count, block[after].prefix(while: { $0 == " " }).count > indent {
                    deeper.append(Substring(trimmed(block[after])))
                    after += 1
                }
                // An option too long for the column its words start at: one space after it.
                if columns.count == 1, deeper.isEmpty, columns[0].hasPrefix("-"), let space = columns[0].firstIndex(of: " ") {
                    columns = [String(columns[0][..<space]), trimmed(columns[0][space...])]
                }
                guard columns.count == 2 || !deeper.isEmpty else {
                    plain.append(line)
                    index += 1
                    continue
                }
                endPlain()
                let term = columns[0]
                var does = deeper
                if columns.count == 2, term.hasPrefix("{") {
                    // What it does under both forms, however short the text form.
                    out += [".TP", "\\fB" + text(term) + "\\fR", ".TQ", "\\fB" + text(columns[1]) + "\\fR", ".br"]
                } else {
                    if columns.count == 2 { does.insert(Substring(columns[1]), at: 0) }
                    out += [".TP", "\\fB" + text(term) + "\\fR"]
                }
                if !does.isEmpty { out.append(text(does.joined(separator: " "))) }
                index = after
            }
            endPlain()
            endParagraph()
        }
        return out
    }

    /// A synopsis line as `.SY`: `focusflow` in bold, the syntax filled under it, broken only
    /// between its words and bracketed groups (`[--draft FILE [--draft-discard]]` stays whole).
    static func synopsis(_ line: String) -> [String] {
        let groups = UsageLine.groups(line).map { escaped($0).replacing(" ", with: "\\~") }
        return [".SY \\%focusflow", groups.joined(separator: " "), ".YS"]
    }

    /// `text` without the spaces around it.
    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// Filled text: escaped, a word that holds `focusflow` never hyphenated (`\%` before the
    /// word: inside it, `\%` would mark a place to break), and a long path free to break after
    /// its slashes (`\:`), where it would not fit a narrow page whole.
    static func text(_ line: some StringProtocol) -> String {
        escaped(String(line)).split(separator: " ", omittingEmptySubsequences: false).map { word in
            let word = word.count > 30 && word.contains("/") ? String(word).replacing("/", with: "/\\:") : String(word)
            return word.contains("focusflow") ? "\\%" + word : word
        }.joined(separator: " ")
    }
}
