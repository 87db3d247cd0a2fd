import FocusFlow
import Foundation
import Glibc
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// The review screen of a flow with review, through a pseudo-terminal and inside tmux: every
/// answer with its label (masks for a secure one), the marked row, Up/Down, Enter to amend, `s`
/// to submit, and the screen rules (wrapping, resize, Ctrl-L).
@Suite("Review screen", .serialized)
struct ReviewScreenTests {
    static let secret = "8642"
    static let flow =
        #"{"id":"short","title":"Short review","review":true,"fields":["#
        + #"{"id":"name","label":"Name","rules":{"required":true}},"#
        + #"{"id":"pin","label":"PIN","secure":true,"keyboard":"numberPad","rules":{"minLength":4}},"#
        + #"{"id":"agree","kind":"confirm","label":"Agree","rules":{"equals":true}}]}"#
    static let keys = "↑/↓ move · Enter change · s submit · Shift-Tab last answer · Ctrl-C cancel"

    /// tmux on the review screen of ``flow``.
    static func tmuxAtReview(columns: Int = 80) throws -> Tmux {
        let tmux = try Tmux([try TerminalTests.flow(flow)], columns: columns)
        #expect(tmux.waitFor("Name"))
        tmux.type("Ada")
        tmux.press("Enter")
        #expect(tmux.waitFor("PIN"))
        tmux.type(secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("Agree"))
        #expect(tmux.waitFor("Enter review"), "the last field of a flow with a review leads to it, not to the end: \(tmux.text)")
        tmux.type("y")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix("Check your") } }, "\(tmux.text)")
        return tmux
    }

    @Test("The review lists every answer with its label, masks for the secure one, the first row marked without colour")
    func screen() throws {
        let tmux = try Self.tmuxAtReview()
        #expect(tmux.waitFor { $0.count > 6 && $0[0] == "Short review  review" }, "\(tmux.text)")
        #expect(
            Array(tmux.lines[1...6]) == [
                "Check your answers", "› Name: Ada", "  PIN: ••••", "  Agree: yes",
                "", Self.keys,
            ], "\(tmux.text)")
        #expect(!tmux.text.contains(Self.secret))
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"name":"Ada","pin":"\#(Self.secret)","agree":true}"# + "\n")
    }

    @Test("Down moves the mark, Enter amends that answer; Enter on it returns to the review; s submits")
    func amend() throws {
        let tmux = try Self.tmuxAtReview()
        tmux.press("Down")
        #expect(tmux.waitFor { $0.contains("› PIN: ••••") && $0.contains("  Name: Ada") }, "\(tmux.text)")
        tmux.press("Up")
        #expect(tmux.waitFor { $0.contains("› Name: Ada") })
        tmux.press("Down")
        tmux.press("Down")
        tmux.press("Down")
        #expect(tmux.waitFor { $0.contains("› Agree: yes") }, "the mark stops at the last row: \(tmux.text)")
        tmux.press("Up")
        tmux.press("Up")
        #expect(tmux.waitFor { $0.contains("› Name: Ada") })
        tmux.press("Enter")
        #expect(tmux.waitFor("› Ada"), "the name field, its text kept: \(tmux.text)")
        #expect(tmux.waitFor("Enter review"), "while amending, Enter goes back to the review: \(tmux.text)")
        tmux.press("C-u")
        tmux.type("Grace")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains("› Name: Grace") && $0.contains("Check your answers") }, "back to the review: \(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"name":"Grace","pin":"\#(Self.secret)","agree":true}"# + "\n")
    }

    @Test("Other keys in the review say what to do and change nothing; Ctrl-C cancels")
    func otherKeys() throws {
        let tmux = try Self.tmuxAtReview()
        tmux.type("x")
        #expect(tmux.waitFor("Press s to submit, or Enter to change the marked answer."), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
        #expect(tmux.answers.isEmpty)
    }

    @Test("Ctrl-L and a resize draw the review once again, the mark kept")
    func redraw() throws {
        let tmux = try Self.tmuxAtReview()
        tmux.press("Down")
        #expect(tmux.waitFor { $0.contains("› PIN: ••••") })
        tmux.press("C-l")
        #expect(tmux.waitFor { $0.first == "Short review  review" && $0.contains("› PIN: ••••") }, "\(tmux.text)")
        tmux.resize(columns: 20, rows: 24)
        let settled = tmux.waitFor { lines in
            lines.filter { $0.hasPrefix("Short review") }.count == 1 && lines.contains("› PIN: ••••")
                && lines.joined(separator: " ").components(separatedBy: "Ctrl-C").count == 2
        }
        #expect(settled, "\(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
    }

    @Test("In a narrow window the review rows wrap instead of being cut")
    func narrow() throws {
        let tmux = try Self.tmuxAtReview(columns: 12)
        #expect(tmux.waitFor { $0.contains("Check your") && $0.contains("answers") && $0.contains("› Name: Ada") && $0.contains("cancel") }, "\(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
    }

    @Test("Through a pty: the typed-ahead walk reaches the review, the secret never shows, s submits")
    func pty() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor("Name"))
        terminal.send("Ada\r\(Self.secret)\ry\r")
        #expect(terminal.waitFor("Check your answers"))
        #expect(terminal.waitFor("PIN: ••••"))
        let hidden = terminal.output.components(separatedBy: "hidden").count
        terminal.send("\u{1B}[B\r")
        #expect(terminal.waitFor { $0.components(separatedBy: "hidden").count > hidden }, "Enter on the marked PIN row amends it")
        let reviews = terminal.output.components(separatedBy: "Check your answers").count
        terminal.send("\u{15}1357\r")
        #expect(terminal.waitFor { $0.components(separatedBy: "Check your answers").count > reviews }, "back to the review")
        terminal.send("s")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"Ada","pin":"1357","agree":true}"# + "\n")
        #expect(!terminal.output.contains(Self.secret) && !terminal.output.contains("1357"))
    }

    @Test("Ctrl-Z on the review and fg draw it again, masks kept", arguments: ["bash"])
    func jobControl(shell: String) throws {
        let tmux = try Tmux([], shell: true)
        #expect(tmux.waitFor("$"))
        try Data(Self.flow.utf8).write(to: URL(fileURLWithPath: tmux.folder + "/flow.json"))
        tmux.type("cd '\(tmux.folder)'; \"$FOCUSFLOW\" flow.json > out")
        tmux.press("Enter")
        #expect(tmux.waitFor("Name"))
        tmux.type("Ada")
        tmux.press("Enter")
        tmux.type(Self.secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("Agree"))
        tmux.type("y")
        tmux.press("Enter")
        #expect(tmux.waitFor("Check your answers"))
        tmux.press("C-z")
        #expect(tmux.waitFor("Stopped"), "\(tmux.text)")
        tmux.type("fg")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").components(separatedBy: "Check your answers").count > 2 }, "\(tmux.text)")
        tmux.press("s")
        #expect(tmux.waitFor("$ "), "\(tmux.text)")
        #expect(!tmux.text.contains(Self.secret))
    }

    @Test("The review rows: masks only for a secure answer, yes/no, labels for choices")
    func rows() throws {
        let spec = try FlowSpec(json: Data(Self.flow.utf8))
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        for action: FlowReducer.Action in [.field(.textChanged("Ada")), .next, .field(.textChanged(Self.secret)), .next, .field(.set(true)), .next] {
            _ = reducer.reduce(into: &state, action: action)
        }
        let answers = ReviewAnswers(reducer: reducer, state: state, mask: "*")
        #expect(answers.rows.map(\.shown) == ["Ada", "****", "yes"])
        #expect(ReviewLine.read("", answers) == .submit)
        #expect(ReviewLine.read(" 2 ", answers) == .amend("pin"))
        #expect(ReviewLine.read("4", answers) == .invalid("at the review, a line is empty (submit) or a number from 1 to 3 (change that answer)"))
        #expect(ReviewScreen.move(0, by: -1, count: 3) == 0 && ReviewScreen.move(2, by: 1, count: 3) == 2)
    }

    @Test("The accessible mode: a numbered summary with masks, a number amends, /back amends the last, an empty line submits")
    func accessible() throws {
        let terminal = try PseudoTerminal(["run", "--accessible", try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor("Step 1 of 3. Name"))
        terminal.send("Ada\n")
        #expect(terminal.waitFor("Step 2 of 3. PIN"))
        terminal.send("\(Self.secret)\n")
        #expect(terminal.waitFor("Step 3 of 3. Agree"))
        terminal.send("y\n")
        #expect(terminal.waitFor("Review your answers:\r\n  1. Name: Ada\r\n  2. PIN: ••••\r\n  3. Agree: yes"), "\(terminal.output)")
        #expect(terminal.waitFor("Enter submits; a number from 1 to 3 changes that answer: "))
        terminal.send("7\n")
        #expect(terminal.waitFor("At the review, a line is empty (submit) or a number from 1 to 3 (change that answer)."))
        terminal.send("1\n")
        #expect(terminal.waitFor("Step 1 of 3. Name (now Ada; Enter keeps it)"))
        terminal.send("Grace\n")
        #expect(terminal.waitFor("  1. Name: Grace"))
        terminal.send("/back\n")
        #expect(terminal.waitFor("Step 3 of 3. Agree"))
        terminal.send("\n")
        #expect(terminal.waitFor { $0.components(separatedBy: "Review your answers:").count == 5 })
        terminal.send("\n")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"Grace","pin":"\#(Self.secret)","agree":true}"# + "\n")
        #expect(!terminal.output.contains(Self.secret))
    }

    @Test("The accessible review answers /resend in a flow that sends nothing as the fields do, naming the commands that apply")
    func accessibleResend() throws {
        let terminal = try PseudoTerminal(["run", "--accessible", try TerminalTests.flow(Self.flow)])
        for (step, answer) in [("Step 1 of 3. Name", "Ada"), ("Step 2 of 3. PIN", Self.secret), ("Step 3 of 3. Agree", "y")] {
            #expect(terminal.waitFor(step), "\(terminal.output)")
            terminal.send(answer + "\n")
        }
        #expect(terminal.waitFor("Enter submits; a number from 1 to 3 changes that answer: "), "\(terminal.output)")
        #expect(terminal.type("/resend\n", expect: "/resend does not apply to this flow (/back, /cancel, /help)."), "\(terminal.output)")
        terminal.send("\n")
        #expect(terminal.finish() == 0)
        #expect(!terminal.output.contains(Self.secret))
    }
}
