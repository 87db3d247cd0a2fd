import FocusFlow
@testable import FocusFlowConsole
@testable import FocusFlowTerminal
import Foundation
import Testing

/// Number fields on the interactive screen (inside tmux and over a pseudo-terminal), in the
/// accessible line mode and from piped input.
@Suite("Number fields on the interactive screen", .serialized)
struct NumberScreenTests {
    static let flow =
        #"{"id":"n","title":"Numbers","fields":[{"id":"age","kind":"number","label":"Age","rules":{"required":true,"min":13,"max":120}},{"id":"change","kind":"number","label":"Change","step":0.5,"decimals":1,"rules":{"min":-10,"max":10}},{"id":"note","label":"Note"}]}"#

    @Test(
        "In tmux: the 123 badge and ↑/↓ step; Up on the empty field takes the minimum, a letter is refused naming the range, an out-of-range value is refused with its message, a comma becomes a point"
    )
    func numberInTmux() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)])
        #expect(tmux.waitFor("Age  [123]"), "\(tmux.text)")
        #expect(tmux.text.contains("↑/↓ step"), "\(tmux.text)")
        tmux.press("Up")
        #expect(tmux.waitFor("› 13"), "\(tmux.text)")
        tmux.press("Up")
        #expect(tmux.waitFor("› 14"), "\(tmux.text)")
        tmux.press("Down")
        tmux.press("Down")
        #expect(tmux.waitFor { $0.contains("› 13") }, "Down stops at the minimum: \(tmux.text)")
        tmux.type("x")
        #expect(tmux.waitFor(#""x" cannot be typed here: Age must be between 13 and 120."#), "\(tmux.text)")
        #expect(tmux.lines.contains("› 13"), "the refused letter is not in the line: \(tmux.text)")
        tmux.type("0")
        #expect(tmux.waitFor("› 130"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ Age must be between 13 and 120."), "\(tmux.text)")
        tmux.press("Down")
        #expect(tmux.waitFor("› 120"), "Down from 130 is clamped to the maximum: \(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Change  [1+#]"), "a field that takes a minus has the punctuation keyboard: \(tmux.text)")
        // tmux would read a leading "-" as an option of its own: the minus goes as its byte.
        tmux.press("-H", "2d")
        tmux.type("2,5")
        #expect(tmux.waitFor("› -2.5"), "\(tmux.text)")
        tmux.press("Up")
        #expect(tmux.waitFor("› -2.0"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Note"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"age":120,"change":-2,"note":""}"# + "\n")
    }

    /// A key the number's shape refuses after text it takes, and the rule it breaks: never the
    /// range, which the value may well be within.
    static let shapeRefusals: [(decimals: Int, min: Int?, taken: String, key: String, says: String)] = [
        (1, 20, "70.5", "5", "Weight takes at most 1 decimal place."),
        (0, 20, "70", ".", "Weight takes a whole number."),
        (1, 20, "7", "-", "Weight cannot be negative."),
        (1, nil, "7", "-", "Weight takes a - only at the start."),
        (1, 20, "7.5", ".", "Weight takes one decimal point."),
        (0, nil, "123456789012345", "6", "Weight is full: it takes at most 15 digits."),
        (0, nil, "1", "234567890123456", "Weight takes at most 15 digits."),
    ]

    @Test("In tmux: a key the number's shape refuses names the rule it breaks, not the range", arguments: shapeRefusals)
    func shapeRefusalInTmux(_ refusal: (decimals: Int, min: Int?, taken: String, key: String, says: String)) throws {
        let min = refusal.min.map { #","min":\#($0)"# } ?? ""
        let flow = #"{"id":"w","title":"Weight","fields":[{"id":"weight","kind":"number","label":"Weight","decimals":\#(refusal.decimals),"rules":{"max":300000000000000\#(min)}}]}"#
        // Wide enough that the note is one line.
        let tmux = try Tmux([try TerminalTests.flow(flow)], columns: 160)
        #expect(tmux.waitFor("Weight  ["), "\(tmux.text)")
        tmux.type(refusal.taken)
        #expect(tmux.waitFor("› " + refusal.taken), "\(tmux.text)")
        // tmux would read a "-" as an option of its own: the minus goes as its byte.
        // More than one key is pasted, to land as one insertion.
        if refusal.key == "-" {
            tmux.press("-H", "2d")
        } else if refusal.key.count > 1 {
            tmux.paste(refusal.key)
        } else {
            tmux.type(refusal.key)
        }
        #expect(tmux.waitFor("cannot be typed here: " + refusal.says), "\(tmux.text)")
        #expect(tmux.lines.contains("› " + refusal.taken), "the refused key is not in the line: \(tmux.text)")
        #expect(!tmux.text.contains("Weight must be"), "the range is not the reason: \(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("Over a pty: a paste with a letter is refused whole; Ctrl-P and Ctrl-N step too")
    func numberOverPty() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor("Age"), "\(terminal.screen().text)")
        terminal.send("\u{1B}[200~4a2\u{1B}[201~")
        #expect(terminal.waitFor("cannot be typed here"), "\(terminal.screen().text)")
        terminal.send("\u{10}")
        #expect(terminal.waitForLine(2, "› 13"), "\(terminal.screen().text)")
        terminal.send("\u{10}")
        #expect(terminal.waitForLine(2, "› 14"), "\(terminal.screen().text)")
        terminal.send("\u{0E}")
        #expect(terminal.waitForLine(2, "› 13"), "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.waitFor("Change"))
        terminal.send("\r")
        #expect(terminal.waitFor("Note"))
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"age":13,"change":null,"note":""}"# + "\n")
    }

    @Test("Line mode: the prompt says the range, a line that cannot be a number is refused naming it, an out-of-range one with the rule's message")
    func lineMode() throws {
        let terminal = try PseudoTerminal(["run", "--accessible", try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor("Age must be between 13 and 120"), "\(terminal.screen().text)")
        terminal.send("abc\r")
        #expect(terminal.waitFor(#""abc" cannot be typed here: Age must be between 13 and 120."#), "\(terminal.screen().text)")
        terminal.send("200\r")
        #expect(terminal.waitFor { $0.components(separatedBy: "Age must be between 13 and 120.").count > 3 }, "\(terminal.screen().text)")
        terminal.send("42\r")
        #expect(terminal.waitFor("Change"), "\(terminal.screen().text)")
        terminal.send("3,5\r")
        #expect(terminal.waitFor("Note"), "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"age":42,"change":3.5,"note":""}"# + "\n")
    }

    @Test(
        "The review shows a number as it is written, and (no answer) while unanswered",
        arguments: [
            (FieldAnswer.number(42), "42"), (.number(72.5), "72.5"), (.number(nil), "(no answer)"),
        ])
    func review(answer: FieldAnswer, shown: String) {
        let field = FieldSpec(id: "age", kind: .number)
        #expect(ReviewAnswers.shown(field, answer, mask: "•") == shown)
    }
}
