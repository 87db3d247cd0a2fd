import Foundation
import Testing

/// A list respects the screen: on a terminal too short for seven options, the option window
/// shrinks so that the whole form — title, label, filter, options with what is above and below,
/// key line — fits, and the highlight stays in view; a change of height redraws it to fit.
@Suite("A list on a short terminal", .serialized)
struct ShortTerminalListTests {
    /// The whole form is on screen: the title on the first row, the filter, the highlighted
    /// option, how many more are below or above, and the key line; no row of it twice.
    static func fits(_ lines: [String], highlighted: String) -> Bool {
        guard lines.first?.hasPrefix("Pick  1/1") == true else { return false }
        return lines.filter { $0.hasPrefix("Pick one") }.count == 1
            && lines.filter { $0.hasPrefix("🔍") }.count == 1
            && lines.contains("› \(highlighted)")
            && lines.contains { $0.contains(" more") }
            && lines.filter { $0.contains("Ctrl-C cancel") }.count == 1
    }

    @Test("On a short terminal the whole form fits and the highlight stays visible while it moves", arguments: [8, 10])
    func shortTerminal(rows: Int) throws {
        let tmux = try Tmux([try TerminalTests.flow(ChoiceScreenTests.selectFlow)], columns: 80, rows: rows)
        #expect(tmux.waitFor { Self.fits($0, highlighted: "Option 1") }, "rows \(rows): the form does not fit:\n\(tmux.text)")
        for _ in 0..<10 { tmux.press("Down") }
        #expect(tmux.waitFor { Self.fits($0, highlighted: "Option 11") && $0.contains { $0.hasPrefix("↑ ") } }, "rows \(rows): after ten Downs:\n\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"pick":"o11"}"# + "\n")
    }

    @Test("In a 6-row window the title stays while the list scrolls down and back up: both counts share a row")
    func sixRows() throws {
        let tmux = try Tmux([try TerminalTests.flow(ChoiceScreenTests.selectFlow)], columns: 80, rows: 6)
        #expect(tmux.waitFor { $0.first == "Pick  1/1" && $0.contains("› Option 1") }, "\(tmux.text)")
        for _ in 0..<5 { tmux.press("Down") }
        #expect(
            tmux.waitFor { $0.count == 6 && $0.first == "Pick  1/1" && $0.contains("› Option 6") && $0.contains("↑ 5 more · ↓ 14 more") },
            "after five Downs:\n\(tmux.text)")
        for _ in 0..<5 { tmux.press("Up") }
        #expect(tmux.waitFor { $0.first == "Pick  1/1" && $0.contains("› Option 1") && $0.contains("↓ 19 more") }, "after five Ups:\n\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"pick":"o1"}"# + "\n")
    }

    @Test("In a 6-row window an input that grew past the window's height and shrank again brings the title back")
    func sixRowsInput() throws {
        let flow = #"{"id":"n","title":"Notes","fields":[{"id":"a","label":"First"}]}"#
        let tmux = try Tmux([try TerminalTests.flow(flow)], columns: 80, rows: 6)
        #expect(tmux.waitFor { $0.first == "Notes  1/1" }, "\(tmux.text)")
        tmux.type(String(repeating: "x", count: 250))
        #expect(tmux.waitFor { $0.contains(String(repeating: "x", count: 250 - 78 - 160)) }, "\(tmux.text)")
        tmux.press("C-u")
        tmux.type("ok")
        #expect(tmux.waitFor { $0.first == "Notes  1/1" && $0.count > 2 && $0[1].hasPrefix("First") && $0[2] == "› ok" }, "after the input shrank:\n\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"a":"ok"}"# + "\n")
    }

    @Test("A change of height redraws the list to fit: fewer rows when it shrinks, seven again when it grows")
    func heightResize() throws {
        let tmux = try Tmux([try TerminalTests.flow(ChoiceScreenTests.selectFlow)], columns: 80, rows: 24)
        #expect(tmux.waitFor("↓ 13 more"), "\(tmux.text)")
        for _ in 0..<3 { tmux.press("Down") }
        #expect(tmux.waitFor("› Option 4"), "\(tmux.text)")
        tmux.resize(columns: 80, rows: 9)
        #expect(tmux.waitFor { $0.count == 9 && Self.fits($0, highlighted: "Option 4") }, "after shrinking to 9 rows:\n\(tmux.text)")
        tmux.resize(columns: 80, rows: 24)
        #expect(tmux.waitFor { $0.contains("  Option 7") && $0.filter { $0.hasPrefix("› Option 4") }.count == 1 }, "after growing to 24 rows:\n\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"pick":"o4"}"# + "\n")
    }

    @Test("Over a pty of 8 rows, a multi-select's form fits while Ctrl-N moves the highlight down the list")
    func shortPty() throws {
        let options = (1...20).map { #"{"value":"o\#($0)","label":"Option \#($0)"}"# }.joined(separator: ",")
        let flow = #"{"id":"s","title":"Pick","fields":[{"id":"pick","kind":"multiSelect","label":"Pick one","options":[\#(options)]}]}"#
        let terminal = try PseudoTerminal([try TerminalTests.flow(flow)], rows: 8)
        #expect(terminal.waitFor { _ in Self.fits(terminal.screen(rows: 8).lines, highlighted: "[ ] Option 1") }, "\(terminal.screen(rows: 8).text)")
        terminal.send(String(repeating: "\u{0E}", count: 14) + " ")
        #expect(terminal.waitFor { _ in Self.fits(terminal.screen(rows: 8).lines, highlighted: "[x] Option 15") }, "\(terminal.screen(rows: 8).text)")
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"pick":["o15"]}"# + "\n")
    }
}
