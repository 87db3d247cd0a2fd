import Foundation
import Testing

/// The review screen follows the screens' rules: on a terminal shorter than its answers it
/// fits, the marked row always in view (as a list's window does), and it is drawn in the
/// theme's styles, none under `NO_COLOR`.
@Suite("Review screen: short terminals and themes", .serialized)
struct ReviewScreenFitTests {
    /// A review flow of twelve text fields, all prefilled by `--set` and skipped, so the walk
    /// starts on the last field, one Enter from the review.
    static let count = 12
    static let manyFlow =
        #"{"id":"many","title":"Many","review":true,"fields":["#
        + (1...count).map { #"{"id":"f\#($0)","label":"Field \#($0)"}"# }.joined(separator: ",") + "]}"
    static let sets = (1...count).flatMap { ["--set", "f\($0)=v\($0)"] }

    /// The whole review is on screen: the title on the first row, one marked row, more rows
    /// below or above, and the key line once.
    static func fits(_ lines: [String], rows: Int, marked: String) -> Bool {
        guard lines.count <= rows, lines.first?.hasPrefix("Many  review") == true else { return false }
        return lines.filter { $0.hasPrefix("Many") }.count == 1
            && lines.contains("› \(marked)")
            && lines.filter { $0.hasPrefix("› ") }.count == 1
            && lines.contains { $0.contains(" more") }
            && lines.filter { $0.contains("Ctrl-C cancel") }.count == 1
    }

    /// tmux on the review of ``manyFlow``, `rows` high.
    static func atReview(rows: Int) throws -> Tmux {
        let tmux = try Tmux([try TerminalTests.flow(manyFlow), "--skip-filled"] + sets, columns: 80, rows: rows)
        #expect(tmux.waitFor("Field 12"), "\(tmux.text)")
        tmux.press("Enter")
        return tmux
    }

    @Test("In a narrow window nothing of the review is cut: every word is on screen, wrapped, and it says each key once", arguments: [20, 40])
    func narrowReviewCutsNothing(columns: Int) throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.manyFlow), "--skip-filled"] + Self.sets, columns: columns, rows: 40)
        #expect(tmux.waitFor("Field 12"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains { $0.contains("cancel") } && $0.contains { $0.hasPrefix("Check your") } }, "\(tmux.text)")
        let text = tmux.lines.joined(separator: " ")
        #expect(!text.contains("…"), "something was cut at \(columns) columns:\n\(tmux.text)")
        for words in ["Enter change", "s submit", "Shift-Tab last answer", "Ctrl-C cancel"] {
            let found = text.components(separatedBy: .whitespaces).filter { !$0.isEmpty }.joined(separator: " ")
            #expect(found.components(separatedBy: words).count == 2, "\(words.debugDescription) is not said exactly once at \(columns) columns:\n\(tmux.text)")
        }
    }

    @Test("On a short terminal the review fits and the marked row stays visible while it moves", arguments: [8, 11])
    func shortReview(rows: Int) throws {
        let tmux = try Self.atReview(rows: rows)
        #expect(tmux.waitFor { Self.fits($0, rows: rows, marked: "Field 1: v1") }, "rows \(rows): the review does not fit:\n\(tmux.text)")
        for _ in 1..<Self.count { tmux.press("Down") }
        #expect(
            tmux.waitFor { Self.fits($0, rows: rows, marked: "Field 12: v12") && $0.contains { $0.hasPrefix("↑ ") } },
            "rows \(rows): after eleven Downs:\n\(tmux.text)")
        for _ in 0..<5 { tmux.press("Up") }
        #expect(tmux.waitFor { Self.fits($0, rows: rows, marked: "Field 7: v7") }, "rows \(rows): after five Ups:\n\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("› v7"), "Enter amends the marked row, its text kept:\n\(tmux.text)")
        tmux.press("BSpace")
        tmux.type("x")
        tmux.press("Enter")
        #expect(tmux.waitFor { Self.fits($0, rows: rows, marked: "Field 7: vx") }, "back on the review, the amended row marked:\n\(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers.contains(#""f7":"vx""#))
    }

    @Test("A change of height redraws the review to fit, the mark kept")
    func heightResize() throws {
        let tmux = try Self.atReview(rows: 24)
        #expect(tmux.waitFor("› Field 1: v1"), "\(tmux.text)")
        for _ in 0..<9 { tmux.press("Down") }
        #expect(tmux.waitFor("› Field 10: v10"), "\(tmux.text)")
        tmux.resize(columns: 80, rows: 9)
        #expect(tmux.waitFor { Self.fits($0, rows: 9, marked: "Field 10: v10") }, "after shrinking to 9 rows:\n\(tmux.text)")
        tmux.press("C-l")
        #expect(tmux.waitFor { Self.fits($0, rows: 9, marked: "Field 10: v10") }, "after Ctrl-L:\n\(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
    }

    static let themedFlow = """
        {"id":"themed","title":"Themed","review":true,"theme":{"title":"bold cyan","label":"underline",
         "hint":"bright-black","highlight":"reverse 208"},
         "fields":[{"id":"a","label":"Name"},{"id":"b","label":"Town"}]}
        """

    /// Walks ``themedFlow`` to its review, moves the mark, and submits.
    static func walk(environment: [String: String]) throws -> String {
        let terminal = try PseudoTerminal([try TerminalTests.flow(themedFlow)], environment: environment)
        #expect(terminal.waitFor("Ctrl-C cancel"))
        terminal.send("Ada\r")
        #expect(terminal.waitFor("Town"))
        terminal.send("Rome\r")
        #expect(terminal.waitFor(ReviewScreenTests.keys))
        terminal.send("\u{1B}[B")
        #expect(terminal.waitFor("Town: Rome"))
        terminal.send("s")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"a":"Ada","b":"Rome"}"# + "\n")
        return terminal.output
    }

    @Test("The review is drawn in the theme's styles: title, labels, heading as a hint, the marked row highlighted")
    func themed() throws {
        let output = try Self.walk(environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        for (part, sequence) in [
            ("title", "\u{1B}[1;36mThemed\u{1B}[0m  \u{1B}[2mreview"), ("label", "\u{1B}[4mTown\u{1B}[0m: Rome"),
            ("hint", "\u{1B}[90mCheck your answers"), ("highlight", "\u{1B}[7;38;5;208m› Name: Ada"),
            ("moved highlight", "\u{1B}[7;38;5;208m› Town: Rome"),
        ] {
            #expect(output.contains(sequence), "\(part): \(sequence.debugDescription)")
        }
        #expect(!output.contains("\u{1B}[1m› "), "the marked row is the theme's highlight, not plain bold")
    }

    @Test("Under NO_COLOR the review has no SGR at all, the mark still there", arguments: [("xterm-256color", "1"), ("vt100", "")])
    func noColours(term: String, noColor: String) throws {
        let output = try Self.walk(environment: ["TERM": term, "NO_COLOR": noColor])
        #expect(!ColorTests.hasStyling(output), "TERM=\(term) NO_COLOR=\(noColor)")
        #expect(output.contains("› Town: Rome"))
    }
}
