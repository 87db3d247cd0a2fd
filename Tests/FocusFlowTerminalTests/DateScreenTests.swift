import Foundation
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// Date fields on the interactive screen (inside tmux) and in the accessible line mode. The
/// flows give dates, not "today", so that a walk is the same any day.
@Suite("Date fields on the interactive screen", .serialized)
struct DateScreenTests {
    static let flow =
        #"{"id":"d","title":"Dates","fields":[{"id":"birthday","kind":"date","label":"Birthday","rules":{"required":true,"min":"1900-01-01","max":"2020-12-31"}},{"id":"note","label":"Note"}]}"#

    /// A field whose text is whole (a date holding today, a text at its `maxLength`; a number at
    /// its largest digits is in the number's tests) and a key typed into it, in each language:
    /// what refuses it is that the field is full.
    static let fullFields: [(field: String, lang: String, typed: String, line: String, says: String)] = [
        (
            #"{"id":"arrival","kind":"date","label":"Arrival","default":"2026-12-04","rules":{"min":"2026-12-01"}}"#, "en", "2020",
            "› 2026-12-04", "Arrival holds a whole date already (YYYY-MM-DD); delete some of it first."
        ),
        (
            #"{"id":"arrival","kind":"date","label":"도착일","default":"2026-12-04","rules":{"min":"2026-12-01"}}"#, "ko", "2020",
            "› 2026-12-04", "도착일 항목에 날짜가 이미 다 들어 있습니다(YYYY-MM-DD). 먼저 지우고 입력하세요."
        ),
        (
            #"{"id":"nick","label":"Nick","default":"abcde","rules":{"maxLength":5}}"#, "en", "f", "› abcde",
            "Nick is full: it takes at most 5 characters."
        ),
        (#"{"id":"nick","label":"별명","default":"abcde","rules":{"maxLength":5}}"#, "ko", "f", "› abcde", "별명 항목이 다 찼습니다. 5자까지 쓸 수 있습니다."),
    ]

    @Test("In tmux: a digit typed into a field that is full says it is full, not what the field takes", arguments: fullFields)
    func fullFieldInTmux(_ full: (field: String, lang: String, typed: String, line: String, says: String)) throws {
        let flow = #"{"id":"f","title":"Full","fields":[\#(full.field)]}"#
        // Wide enough that the note is one line.
        let tmux = try Tmux([try TerminalTests.flow(flow), "--lang", full.lang], columns: 160)
        #expect(tmux.waitFor(full.line), "\(tmux.text)")
        tmux.type(full.typed)
        #expect(tmux.waitFor(full.says), "typing \(full.typed): \(tmux.text)")
        #expect(tmux.lines.contains(full.line), "the field keeps its text: \(tmux.text)")
        #expect(!tmux.text.contains("YYYY-MM-DD 꼴") && !tmux.text.contains("must be a date written"), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("In tmux: the shape is the placeholder, typed digits get their separators, a letter is refused with what a date is, an impossible day is refused with its message, Up and Down move a day")
    func dateInTmux() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)])
        #expect(tmux.waitFor("› (YYYY-MM-DD)"), "the shape, as NO_COLOR shows a placeholder: \(tmux.text)")
        #expect(tmux.text.contains("↑/↓ day"), "\(tmux.text)")
        tmux.type("2023022")
        #expect(tmux.waitFor("› 2023-02-2"), "\(tmux.text)")
        tmux.type("x")
        #expect(tmux.waitFor(#""x" cannot be typed here: Birthday must be a date written YYYY-MM-DD."#), "\(tmux.text)")
        tmux.type("9")
        #expect(tmux.waitFor("› 2023-02-29"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ Birthday: 2023-02-29 is not a day of the calendar."), "\(tmux.text)")
        // Backspace over a separator: the engine keeps no separator without a digit after it.
        for _ in 0..<4 { tmux.press("BSpace") }
        #expect(tmux.waitFor { $0.contains("› 2023") && !$0.contains("› 2023-") }, "\(tmux.text)")
        tmux.type("127")
        #expect(tmux.waitFor("› 2023-12-7"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ Birthday must be a date written YYYY-MM-DD."), "\(tmux.text)")
        tmux.press("BSpace")
        tmux.type("07")
        #expect(tmux.waitFor("› 2023-12-07"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ Birthday must be between 1900-01-01 and 2020-12-31."), "\(tmux.text)")
        tmux.press("Down")
        #expect(tmux.waitFor("› 2020-12-31"), "Down from a date past the range is clamped to its end: \(tmux.text)")
        tmux.press("Down")
        #expect(tmux.waitFor("› 2020-12-30"), "\(tmux.text)")
        tmux.press("Up")
        tmux.press("Up")
        #expect(tmux.waitFor("› 2020-12-31"), "Up stops at the end of the range: \(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Note"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"birthday":"2020-12-31","note":""}"# + "\n")
    }

    @Test("A digit typed before a separator the engine moves leaves the cursor after it, so the next digit follows")
    func cursorAfterReshape() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)])
        #expect(tmux.waitFor("Birthday"), "\(tmux.text)")
        tmux.type("202703")
        #expect(tmux.waitFor("› 2027-03"), "\(tmux.text)")
        for _ in 0..<3 { tmux.press("Left") }
        tmux.type("9")
        #expect(tmux.waitFor("› 2027-90-3"), "\(tmux.text)")
        tmux.type("1")
        #expect(tmux.waitFor("› 2027-91-03"), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test(
        "The cursor's place in a reshaped text: after as many letters and digits as before it, and the separators typed after them",
        arguments: [
            ("2027-90-3", "20279", 6), ("2027-90-3", "", 0), ("2027-03", "2027-", 5), ("1.5", "1,", 2), ("1.5", "1,5", 3), ("2027-03", "2027", 4),
        ])
    func cursorMapping(text: String, before: String, expected: Int) {
        #expect(InteractiveSession.point(in: text, matching: before[...]) == expected)
    }

    @Test("Line mode: a line is the date; one that cannot be typed is refused saying the shape and the range")
    func lineMode() throws {
        let terminal = try PseudoTerminal(["run", "--accessible", try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor("Birthday must be a date written YYYY-MM-DD. Birthday must be between 1900-01-01 and 2020-12-31."), "\(terminal.screen().text)")
        terminal.send("23/04/1990\r")
        #expect(terminal.waitFor(#""23/04/1990" cannot be typed here"#), "\(terminal.screen().text)")
        terminal.send("19900423\r")
        #expect(terminal.waitFor("Note"), "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"birthday":"1990-04-23","note":""}"# + "\n")
    }
}
