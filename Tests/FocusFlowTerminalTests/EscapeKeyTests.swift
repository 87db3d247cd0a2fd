import Foundation
import Glibc
import Testing

/// Esc, the key a new user presses first to get out. A lone Esc (nothing after it within
/// readline's `keyseq-timeout`) leaves a filter or a shown secret first; then `ask` cancels, as
/// clack does, and a walk asks for a second Esc, so that one stray key does not throw a long walk
/// away. An ESC that begins a key (M-b, an arrow, ESC Enter) still does what readline does.
@Suite("Esc", .serialized)
struct EscapeKeyTests {
    static let esc = "\u{1B}"
    /// What the key line says after a first Esc in a walk.
    static let again = "Esc again cancels"

    static let login = PseudoTerminal.packageRoot.appendingPathComponent("Flows/login.json").path

    @Test("In ask a lone Esc cancels: exit 130, nothing printed, the terminal restored, the summary says so")
    func askCancels() throws {
        let terminal = try PseudoTerminal(["ask", "text", "Name"])
        #expect(terminal.waitFor("Name"))
        terminal.send("ada")
        terminal.settle()
        terminal.send(Self.esc)
        #expect(terminal.finish() == 130)
        #expect(terminal.stdoutText.isEmpty)
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
        #expect(terminal.screen().lines.contains("Name: cancelled."), "\(terminal.screen().text)")
    }

    @Test("In ask select a lone Esc first clears the filter, and a second one cancels")
    func askLeavesFilterFirst() throws {
        let terminal = try PseudoTerminal(["ask", "select", "Plan", "--option", "free=Free", "--option", "team=Team"])
        #expect(terminal.waitFor("Free"))
        terminal.send("Te")
        #expect(terminal.waitFor { _ in !terminal.screen().text.contains("Free") }, "the filter hides Free: \(terminal.screen().text)")
        terminal.send(Self.esc)
        #expect(terminal.waitFor { _ in terminal.screen().text.contains("Free") }, "Esc clears the filter: \(terminal.screen().text)")
        #expect(terminal.isRunning, "the first Esc only cleared the filter")
        terminal.send(Self.esc)
        #expect(terminal.finish() == 130)
        #expect(terminal.stdoutText.isEmpty)
    }

    @Test("In a walk one Esc says how to cancel and keeps every answer; a second Esc in a row cancels (130)")
    func walkAsksForSecondEsc() throws {
        let terminal = try PseudoTerminal([Self.login])
        #expect(terminal.waitFor("Email"))
        terminal.send("ada@example.com")
        terminal.settle()
        terminal.send(Self.esc)
        #expect(terminal.waitFor(Self.again), "\(terminal.screen().text)")
        #expect(terminal.isRunning)
        #expect(terminal.screen().lines.contains("› ada@example.com"), "\(terminal.screen().text)")
        terminal.send(Self.esc)
        #expect(terminal.finish() == 130)
        #expect(terminal.stdoutText.isEmpty)
        #expect(terminal.screen().lines.contains("Sign in: cancelled."), "\(terminal.screen().text)")
    }

    /// Esc pressed twice well within `keyseq-timeout`: in one write (as a terminal that sends
    /// them together) and in two.
    enum Presses: String, CaseIterable, CustomStringConvertible {
        case oneWrite, twoWrites
        var description: String { rawValue }

        /// Presses Esc twice on `terminal`, as this case sends them.
        func press(on terminal: PseudoTerminal) {
            switch self {
            case .oneWrite: terminal.send(EscapeKeyTests.esc + EscapeKeyTests.esc)
            case .twoWrites:
                terminal.send(EscapeKeyTests.esc)
                terminal.send(EscapeKeyTests.esc)
            }
        }
    }

    @Test("Two Escs pressed quickly are two Escs: a walk cancels", arguments: Presses.allCases)
    func doubleEscape(presses: Presses) throws {
        let terminal = try PseudoTerminal([Self.login])
        #expect(terminal.waitFor("Email"))
        terminal.send("ada")
        terminal.settle()
        presses.press(on: terminal)
        #expect(terminal.finish() == 130, "\(terminal.screen().text)")
        #expect(terminal.screen().lines.contains("Sign in: cancelled."), "\(terminal.screen().text)")
    }

    @Test("In ask select two quick Escs clear the filter, then cancel", arguments: Presses.allCases)
    func doubleEscapeInFilter(presses: Presses) throws {
        let terminal = try PseudoTerminal(["ask", "select", "Plan", "--option", "free=Free", "--option", "team=Team"])
        #expect(terminal.waitFor("Free"))
        terminal.send("Te")
        #expect(terminal.waitFor { _ in !terminal.screen().text.contains("Free") }, "the filter hides Free: \(terminal.screen().text)")
        presses.press(on: terminal)
        #expect(terminal.finish() == 130, "\(terminal.screen().text)")
        #expect(terminal.stdoutText.isEmpty)
    }

    @Test("In a walk a key between two lone Escs takes the first back: the walk goes on and completes")
    func keyBetweenEscsGoesOn() throws {
        let terminal = try PseudoTerminal([Self.login])
        #expect(terminal.waitFor("Email"))
        terminal.send("ada@example.co")
        terminal.settle()
        terminal.send(Self.esc)
        #expect(terminal.waitFor(Self.again))
        terminal.send("m")
        #expect(terminal.waitFor { _ in !terminal.screen().text.contains(Self.again) }, "another key takes the hint away: \(terminal.screen().text)")
        terminal.send(Self.esc)
        #expect(terminal.waitFor { _ in terminal.screen().text.contains(Self.again) })
        #expect(terminal.isRunning, "an Esc after another key is a first Esc again")
        terminal.send("\r")
        #expect(terminal.waitFor("Password"))
        terminal.send("pw\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText.contains(#""email":"ada@example.com""#), "\(terminal.stdoutText)")
    }

    @Test("On a shown secure field a lone Esc hides it, and cancels nothing")
    func escHidesReveal() throws {
        let terminal = try PseudoTerminal([Self.login])
        #expect(terminal.waitFor("Email"))
        terminal.send("ada@example.com\r")
        #expect(terminal.waitFor("Password"))
        terminal.send("s3cret")
        terminal.settle()
        terminal.send("\u{14}")
        #expect(terminal.waitFor { _ in terminal.screen().text.contains("shown") })
        terminal.send(Self.esc)
        #expect(terminal.waitFor { _ in terminal.screen().text.contains("hidden") }, "\(terminal.screen().lines.filter { !$0.contains("s3") })")
        #expect(!terminal.screen().text.contains(Self.again), "hiding is all the Esc did")
        #expect(terminal.isRunning)
        terminal.send("\r")
        #expect(terminal.finish() == 0)
    }

    @Test("At the review a lone Esc says how to cancel, a move takes it back, and two in a row cancel")
    func review() throws {
        let tmux = try ReviewScreenTests.tmuxAtReview()
        tmux.press("Escape")
        #expect(tmux.waitFor(Self.again), "\(tmux.text)")
        tmux.press("Down")
        #expect(tmux.waitFor { $0.contains("› PIN: ••••") && !$0.joined().contains(Self.again) }, "\(tmux.text)")
        tmux.press("Escape")
        #expect(tmux.waitFor(Self.again))
        tmux.press("Escape")
        #expect(tmux.exitStatus() == 130)
        #expect(tmux.answers.isEmpty)
    }

    @Test("Keys that begin with ESC keep readline's meaning: M-b, M-d, M-f, an arrow, ESC Enter submits")
    func metaKeysStillWork() throws {
        let terminal = try PseudoTerminal(["ask", "text", "Name"])
        #expect(terminal.waitFor("Name"))
        // Each key is one write, as a terminal sends it: "ab cd", M-b, X, M-d, M-b, Left, Y, M-f, Z.
        for key in ["ab cd", "\u{1B}b", "X", "\u{1B}d", "\u{1B}b", "\u{1B}[D", "Y", "\u{1B}f", "Z"] {
            terminal.send(key)
            terminal.settle()
        }
        #expect(terminal.isRunning, "no ESC of a key was taken for a lone Esc")
        terminal.send("\u{1B}\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == "abY XZ\n")
    }

    @Test("In tmux: Escape in ask ends it with 130 for the shell; in a walk M-b still moves, and Escape twice cancels")
    func tmux() throws {
        let shell = try Tmux([], shell: true)
        #expect(shell.waitFor("$"))
        shell.type(#""$FOCUSFLOW" ask text Name; echo "status $?""#)
        shell.press("Enter")
        #expect(shell.waitFor("Enter finish"))
        shell.type("ada")
        shell.press("Escape")
        #expect(shell.waitFor("status 130"), "\(shell.text)")

        let walk = try Tmux([Self.login])
        #expect(walk.waitFor("Email"))
        walk.type("ada@example.com")
        walk.press("Escape")
        #expect(walk.waitFor(Self.again), "\(walk.text)")
        walk.press("M-b")
        walk.type("x")
        #expect(walk.waitFor("› ada@example.xcom"), "\(walk.text)")
        #expect(!walk.text.contains(Self.again), "M-b took the first Esc back")
        walk.press("Escape")
        #expect(walk.waitFor(Self.again))
        walk.press("Escape")
        #expect(walk.exitStatus() == 130)
    }
}
