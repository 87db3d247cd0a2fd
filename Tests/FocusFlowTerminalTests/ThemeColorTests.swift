import Foundation
import Testing

/// A flow's theme and `--theme` through a pseudo-terminal: the SGR sequences the theme names
/// where the terminal has colours, and none under NO_COLOR or on a terminal without colours.
@Suite("Themes on the interactive screen", .serialized)
struct ThemeColorTests {
    static let themedFlow = """
        {"id":"themed","title":"Themed","theme":{"title":"bold cyan","label":"underline","placeholder":"yellow",
         "hint":"bright-black","error":"bold bright-red","badge":"black on yellow","highlight":"reverse 208",
         "progress":"magenta","keys":"green"},
         "fields":[{"id":"a","label":"Name","placeholder":"Ada","hint":"Any name","rules":{"required":true}},
                   {"id":"b","kind":"select","label":"Size","options":["small","large"]}]}
        """

    /// The sequence each part of ``themedFlow`` is drawn with.
    static let themedSequences = [
        "title": "\u{1B}[1;36mThemed", "label": "\u{1B}[4mName", "placeholder": "\u{1B}[33mAda",
        "hint": "\u{1B}[90mAny name", "error": "\u{1B}[1;91m✗", "badge": "\u{1B}[30;43m",
        "highlight": "\u{1B}[7;38;5;208m› small", "progress": "\u{1B}[35m1/2", "keys": "\u{1B}[32mEnter next",
    ]

    /// Whether `output` draws anything dim: an SGR sequence with the attribute 2 (not as part of
    /// a colour, `38;5;2`).
    static func drawsDim(_ output: String) -> Bool {
        let expression = try! NSRegularExpression(pattern: "\u{1B}\\[([0-9;]*)m")
        return expression.matches(in: output, range: NSRange(output.startIndex..., in: output)).contains { match in
            let sgr = (output as NSString).substring(with: match.range(at: 1)).split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            return sgr.indices.contains { sgr[$0] == "2" && !($0 >= 2 && sgr[$0 - 1] == "5" && ["38", "48"].contains(sgr[$0 - 2])) }
        }
    }

    @Test("high-contrast never dims: the counter, the key line, the notes and the list are bright too")
    func highContrastNeverDims() throws {
        let output = try Self.walk(["--theme", "high-contrast"], environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        #expect(!Self.drawsDim(output), "\(output.debugDescription.prefix(2000))")
        #expect(output.contains("\u{1B}[1;97m1/2"), "the counter in high-contrast's progress style")
        #expect(Self.drawsDim("\u{1B}[2m1/2") && Self.drawsDim("\u{1B}[1;2m") && !Self.drawsDim("\u{1B}[38;5;2mx") && Self.drawsDim("\u{1B}[38;5;2mx\u{1B}[2my"), "the check can fail")
        let standard = try Self.walk(["--theme", "default"], environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        #expect(Self.drawsDim(standard), "the default theme dims the counter and the key line")
    }

    /// Walks ``themedFlow``: Enter on the empty name (its error), a name, then the size list.
    static func walk(_ arguments: [String], environment: [String: String]) throws -> String {
        let terminal = try PseudoTerminal([try TerminalTests.flow(themedFlow)] + arguments, environment: environment)
        #expect(terminal.waitFor("Ctrl-C cancel"))
        terminal.send("\r")
        #expect(terminal.waitFor("required"))
        terminal.send("Ada\r")
        #expect(terminal.waitFor("large"))
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"a":"Ada","b":"small"}"# + "\n")
        return terminal.output
    }

    @Test("The flow's theme colours every part on a terminal with colours")
    func flowTheme() throws {
        let output = try Self.walk([], environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        for (part, sequence) in Self.themedSequences {
            #expect(output.contains(sequence), "\(part): \(sequence.debugDescription)")
        }
        #expect(!output.contains("\u{1B}[31m"), "the default red is replaced")
    }

    @Test("--theme overrides the flow's theme")
    func overridden() throws {
        let output = try Self.walk(["--theme", "mono"], environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        for (part, sequence) in Self.themedSequences where part != "label" {
            #expect(!output.contains(sequence), "\(part) is not the flow's")
        }
        #expect(output.contains("\u{1B}[1mThemed"))
        #expect(output.range(of: "\u{1B}\\[[0-9;]*(3[0-9]|4[0-9]|9[0-7]|10[0-7])m", options: .regularExpression) == nil, "mono has no colour")
        #expect(output.contains("\u{1B}[7m› small"), "the highlight is reverse")
    }

    @Test("A terminal with 8 colours gets the theme's colours brought down to its own: no 256-colour or bright sequence")
    func eightColours() throws {
        let output = try Self.walk([], environment: ["TERM": "screen", "NO_COLOR": ""])
        #expect(!output.contains("38;5;"), "no 256-colour sequence")
        #expect(output.range(of: "\u{1B}\\[[0-9;]*(9[0-7]|10[0-7])m", options: .regularExpression) == nil, "no bright colour")
        #expect(output.contains("\u{1B}[1;36mThemed"), "the 8 colours themselves stay")
        #expect(output.contains("\u{1B}[1;31m✗"), "bright red becomes red")
        #expect(output.contains("\u{1B}[7;33m› small"), "208 (orange) becomes yellow")
    }

    @Test(
        "NO_COLOR and a terminal without colours draw the themed flow with no SGR at all, the highlight still marked",
        arguments: [
            ("xterm-256color", "1"), ("vt100", ""),
        ])
    func noColours(term: String, noColor: String) throws {
        let output = try Self.walk(["--theme", "high-contrast"], environment: ["TERM": term, "NO_COLOR": noColor])
        #expect(!ColorTests.hasStyling(output), "TERM=\(term) NO_COLOR=\(noColor)")
        #expect(output.contains("› small"))
    }
}
