import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// A secure value shown with Ctrl-T leaves nothing a terminal keeps: tmux copies a cleared
/// screen into its history (`scroll-on-clear`: `ESC[2J`, and `ESC[J` from the top-left corner),
/// so every redraw, stop and end after a reveal is read back from the whole history
/// (`capture-pane -S - -E -`), with focusflow as the window's own command (its form at the top
/// left) and started from a shell's prompt.
@Suite("A revealed secret stays out of the terminal's history", .serialized)
struct RevealScrollbackTests {
    /// The secret, and the pieces of it none of which may be found: a row cut or half erased
    /// still gives a piece away.
    static let secret = "qzxv7wjkp3frmb9"
    static let pieces = ["qzxv7", "wjkp3", "frmb9"]

    static let twoFields = #"{"id":"s","title":"Secret","fields":[{"id":"secret","label":"Secret","secure":true},{"id":"note","label":"Note"}]}"#
    static let oneField = #"{"id":"s","title":"Secret","fields":[{"id":"secret","label":"Secret","secure":true}]}"#

    enum Launch: String, CaseIterable, Sendable {
        /// focusflow is the tmux window's own command: its form starts at the top-left corner.
        case window
        /// Typed at a shell's prompt in the window.
        case shell
    }

    /// What happens after the reveal.
    enum Action: String, CaseIterable, Sendable {
        case hide = "Ctrl-T again"
        case next = "Enter to the next field"
        case redraw = "Ctrl-L"
        case narrower = "a narrower window"
        case shorter = "a shorter window"
        case stop = "Ctrl-Z, then fg"
        case done = "Enter on the last field"
        case cancel = "Ctrl-C"
        case terminate = "SIGTERM"
        case crash = "a fatal signal (SIGUSR1)"
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let action: Action
        let launch: Launch
        var testDescription: String { "\(action.rawValue), \(launch == .window ? "focusflow as the window's command" : "from a shell's prompt")" }
    }

    static let cases = Action.allCases.flatMap { action in Launch.allCases.map { Case(action: action, launch: $0) } }

    static func masks(_ count: Int) -> String { "› " + String(repeating: "•", count: count) }

    /// Expects `text` to hold no piece of the secret; a failure prints the text redacted (an
    /// expectation on the text itself would print it whole).
    static func expectNoSecret(in text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let clean = !pieces.contains { text.contains($0) }
        #expect(clean, "\(what):\n\(redacted(text))", sourceLocation: sourceLocation)
    }

    /// Expects the screen to show `line`; a failure prints the screen redacted.
    static func expectShown(_ line: String, on tmux: Tmux, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = tmux.lines
        let shown = lines.contains(line)
        #expect(shown, "\(what):\n\(redacted(lines.joined(separator: "\n")))", sourceLocation: sourceLocation)
    }

    /// `text` with every piece of the secret replaced, for a failure's message.
    static func redacted(_ text: String) -> String {
        pieces.reduce(text) { $0.replacingOccurrences(of: $1, with: "<secret>") }
    }

    /// Starts the walk of `flow` as `launch` says; the shell's pane has its history cleared.
    static func start(_ flow: String, _ launch: Launch) throws -> Tmux {
        switch launch {
        case .window:
            let tmux = try Tmux([try TerminalTests.flow(flow)])
            #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
            return tmux
        case .shell:
            let tmux = try Tmux([], shell: true)
            #expect(tmux.waitFor("$"))
            try Data(flow.utf8).write(to: URL(fileURLWithPath: tmux.folder + "/flow.json"))
            tmux.type("cd '\(tmux.folder)' && clear")
            tmux.press("Enter")
            #expect(tmux.waitFor { $0.first == "$" })
            tmux.type("\"$FOCUSFLOW\" flow.json > out")
            tmux.press("Enter")
            #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
            return tmux
        }
    }

    /// Whether the walk has ended: the pane's program is gone, or the shell's prompt is back.
    static func ended(_ tmux: Tmux, _ launch: Launch) -> Bool {
        switch launch {
        case .window: tmux.exitStatus() != nil
        case .shell: tmux.waitFor { $0.last(where: { !$0.isEmpty }) == "$" } && tmux.programPID == nil
        }
    }

    /// Hides the revealed field (shown with `typed` after the secret), then walks on to the end.
    static func hideAndFinish(_ tmux: Tmux, _ launch: Launch, typed: String) {
        tmux.press("C-t")
        #expect(tmux.waitFor(masks(secret.count + typed.count)), "\(redacted(tmux.text))")
        tmux.press("Enter")
        #expect(tmux.waitFor("Note"), "\(redacted(tmux.text))")
        tmux.type("n")
        tmux.press("Enter")
        #expect(ended(tmux, launch), "\(redacted(tmux.text))")
    }

    @Test("After a reveal, no redraw, stop or end leaves the secret in tmux's history; the masks show where the form stays", arguments: cases)
    func revealed(_ test: Case) throws {
        let tmux = try Self.start(test.action == .done ? Self.oneField : Self.twoFields, test.launch)
        tmux.type(Self.secret)
        #expect(tmux.waitFor(Self.masks(Self.secret.count)), "\(tmux.text)")
        tmux.press("C-t")
        #expect(tmux.waitFor { $0.contains("› " + Self.secret) }, "the reveal did not show the text")
        // A key typed after the action shows once the action is done (keys are read in order,
        // and a resize's SIGWINCH is taken before the keys that follow it).
        let revealedAgain = { (tmux: Tmux) in tmux.waitFor { $0.contains("› " + Self.secret + "Z") } }
        switch test.action {
        case .hide:
            tmux.press("C-t")
            #expect(tmux.waitFor(Self.masks(Self.secret.count)), "\(Self.redacted(tmux.text))")
            Self.expectNoSecret(in: tmux.everything, "hidden again, the secret is in the history")
            tmux.press("C-c")
            #expect(Self.ended(tmux, test.launch))
        case .next:
            tmux.press("Enter")
            tmux.type("Z")
            #expect(tmux.waitFor("› Z"), "\(Self.redacted(tmux.text))")
            Self.expectNoSecret(in: tmux.everything, "on the next field, the secret is in the history")
            tmux.press("C-c")
            #expect(Self.ended(tmux, test.launch))
        case .redraw, .narrower, .shorter:
            switch test.action {
            case .redraw: tmux.press("C-l")
            case .narrower: tmux.resize(columns: 60, rows: 24)
            default: tmux.resize(columns: 80, rows: 16)
            }
            tmux.type("Z")
            #expect(revealedAgain(tmux), "\(Self.redacted(tmux.text))")
            Self.expectNoSecret(in: tmux.history, "after \(test.action.rawValue) the secret is in the history")
            Self.hideAndFinish(tmux, test.launch, typed: "Z")
        case .stop:
            tmux.press("C-z")
            switch test.launch {
            case .shell:
                // Stopped: the shell's prompt under the form, which shows masks where the text was.
                #expect(tmux.waitFor { $0.last(where: { !$0.isEmpty }) == "$" }, "\(Self.redacted(tmux.text))")
                Self.expectShown(Self.masks(Self.secret.count), on: tmux, "no masks in the form left on screen")
                Self.expectNoSecret(in: tmux.everything, "while stopped, the secret is on screen or in the history")
                tmux.type("fg")
                tmux.press("Enter")
            case .window:
                // The window's own command is in an orphaned group, where the kernel drops the
                // stop: the form is left as for a stop and drawn again under it at once.
                #expect(tmux.waitFor("Ctrl-C cancel", count: 2), "\(Self.redacted(tmux.text))")
                Self.expectShown(Self.masks(Self.secret.count), on: tmux, "no masks in the form left on screen")
                Self.expectNoSecret(in: tmux.history, "the secret is in the history")
            }
            // The field comes back as it was left: revealed.
            tmux.type("Z")
            #expect(revealedAgain(tmux), "\(Self.redacted(tmux.text))")
            Self.hideAndFinish(tmux, test.launch, typed: "Z")
        case .done:
            tmux.press("Enter")
            #expect(Self.ended(tmux, test.launch), "\(Self.redacted(tmux.text))")
        case .cancel:
            tmux.press("C-c")
            #expect(Self.ended(tmux, test.launch), "\(Self.redacted(tmux.text))")
        case .terminate, .crash:
            let pid = try #require(tmux.programPID)
            kill(pid, test.action == .crash ? SIGUSR1 : SIGTERM)
            #expect(Self.ended(tmux, test.launch), "\(Self.redacted(tmux.text))")
        }
        Self.expectNoSecret(in: tmux.everything, "at the end the secret is on screen or in the history")
    }

    @Test("Inside GNU screen too, Ctrl-L after a reveal leaves the secret out of the scrollback")
    func gnuScreenRedraw() throws {
        let screen = try GNUScreen(shell: "bash", scrollback: 1000)
        #expect(screen.waitFor("$"))
        try Data(Self.twoFields.utf8).write(to: URL(fileURLWithPath: screen.folder + "/flow.json"))
        // screen's hardcopy reads one byte a cell: an ASCII mask is read right.
        screen.type("\"$FOCUSFLOW\" --mask '*' flow.json > out")
        screen.enter()
        #expect(screen.waitFor("Ctrl-C cancel"), "\(screen.text)")
        screen.type(Self.secret)
        let masks = "> " + String(repeating: "*", count: Self.secret.count)
        #expect(screen.waitFor { $0.contains { $0.hasSuffix(masks.dropFirst(2)) } }, "\(screen.text)")
        screen.control("t")
        #expect(screen.waitFor { $0.contains { $0.hasSuffix(Self.secret) } }, "the reveal did not show the text")
        screen.control("l")
        screen.type("Z")
        #expect(screen.waitFor { $0.contains { $0.hasSuffix(Self.secret + "Z") } }, "\(Self.redacted(screen.text))")
        Self.expectNoSecret(in: screen.history, "after Ctrl-L the secret is in screen's scrollback")
        screen.control("t")
        #expect(screen.waitFor { $0.contains { $0.hasSuffix(String(repeating: "*", count: Self.secret.count + 1)) } }, "\(Self.redacted(screen.text))")
        screen.control("c")
        #expect(screen.waitFor { $0.last(where: { !$0.isEmpty }) == "$" }, "\(Self.redacted(screen.text))")
        Self.expectNoSecret(in: screen.everything, "at the end the secret is in screen's scrollback")
    }
}
