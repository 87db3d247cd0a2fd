import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// The key sequence Ctrl-R, Alt-y, Ctrl-U, Ctrl-W, Alt-y on its own (an ESC ending Ctrl-R's
/// search with input behind it once crashed FocusFlow but not stock readline), in a plain and a
/// secure field, arriving in one read and key by key: no crash, the terminal restored, the walk
/// finishes, and the line left is the one stock readline (`readline-reference`) leaves. Tab, in
/// the sequence as it was first met, is left out: here it is Next, where readline completes.
@Suite("The Ctrl-R Alt-y Ctrl-U Ctrl-W Alt-y burst", .serialized)
struct KeyBurstTests {
    static let keys = ["\u{12}", "\u{1B}y", "\u{15}", "\u{17}", "\u{1B}y"]
    /// The same keys by tmux's names.
    static let tmuxKeys = ["C-r", "M-y", "C-u", "C-w", "M-y"]
    static let typed = "hello world"

    struct Case: Sendable, CustomTestStringConvertible {
        let secure: Bool
        let oneWrite: Bool
        var testDescription: String { "\(secure ? "secure" : "plain") field, \(oneWrite ? "in one write" : "key by key")" }
    }

    static let cases = [false, true].flatMap { secure in [true, false].map { Case(secure: secure, oneWrite: $0) } }

    /// A plain field, then the field under test, then a plain one after it.
    static func flow(secure: Bool) throws -> String {
        try TerminalTests.flow(
            #"{"id":"k","title":"Keys","fields":[{"id":"first","label":"First"},"#
                + #"{"id":"line","label":"Line","secure":\#(secure)},{"id":"last","label":"Last"}]}"#)
    }

    /// The line stock readline accepts after the typed text and the keys, typed one at a time
    /// (each drawn before the next). Stock readline 8.2 crashes (SIGSEGV) when the keys arrive
    /// in one read — an ESC ending Ctrl-R's search with input behind it — so the line it
    /// promises is the key-by-key one, and focusflow must give it however the keys arrive.
    static func reference(secure: Bool) throws -> String? {
        let process = try PseudoTerminalProcess(
            [ReadlineParityTests.reference] + (secure ? ["--secure"] : []), columns: 80, rows: 24,
            environment: ReadlineParityTests.environment)
        let prompt = Array((secure ? "* " : "> ").utf8)
        guard process.waitFor(seconds: 5, { process.terminalBytes.count >= prompt.count && process.terminalBytes.suffix(prompt.count).elementsEqual(prompt) }) else {
            return nil
        }
        for key in [typed] + keys + ["\r"] {
            process.send(key)
            while process.pump(milliseconds: 40) > 0 {}
        }
        guard process.waitFor(seconds: 5, { process.stdoutBytes.contains(0x0A) }) else { return nil }
        return String(decoding: process.stdoutBytes.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    @Test("Over a pseudo-terminal: no crash, the line stock readline leaves, the walk finishes, the terminal restored", arguments: cases)
    func pty(_ test: Case) throws {
        let expected = try Self.reference(secure: test.secure)
        #expect(expected != nil, "stock readline did not hand over its line")
        let terminal = try PseudoTerminal([try Self.flow(secure: test.secure)])
        #expect(terminal.waitFor("First"))
        terminal.send("one\r")
        #expect(terminal.waitFor("Line"))
        terminal.send(Self.typed)
        #expect(terminal.waitFor(test.secure ? String(repeating: "•", count: Self.typed.count) : Self.typed))
        if test.oneWrite {
            terminal.send(Self.keys.joined())
        } else {
            for key in Self.keys {
                terminal.send(key)
                terminal.settle()
            }
        }
        terminal.settle()
        terminal.send("\r")
        #expect(terminal.waitFor("Last"), "the walk did not go on: \(terminal.screen().text)")
        terminal.send("three\r")
        let status = terminal.finish()
        #expect(status == 0, "exit status \(status)")
        let answers = (try? JSONSerialization.jsonObject(with: Data(terminal.stdoutText.utf8)) as? [String: String]) ?? [:]
        #expect(answers["first"] == "one" && answers["last"] == "three", "\(answers.count) answers")
        #expect(answers["line"] == expected, "focusflow and stock readline differ")
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
        if test.secure { #expect(!terminal.output.contains(Self.typed), "the secure text reached the screen") }
    }

    @Test("Inside tmux: no crash, the line stock readline leaves, the walk finishes, `stty -g` the same after", arguments: cases)
    func tmux(_ test: Case) throws {
        let expected = try Self.reference(secure: test.secure)
        // A shell in the pane runs the walk between two `stty -g`, writing the answers and the
        // status where ``Tmux/answers`` and ``Tmux/shellStatus(timeout:)`` read them.
        let tmux = try Tmux([], shell: true)
        #expect(tmux.waitFor("$"))
        let folder = Tmux.quote(tmux.folder)
        tmux.type(
            #"stty -g > \#(folder)/before; "$FOCUSFLOW" \#(Tmux.quote(try Self.flow(secure: test.secure))) > \#(folder)/stdout; "#
                + #"s=$?; stty -g > \#(folder)/after; echo $s > \#(folder)/status"#)
        tmux.press("Enter")
        #expect(tmux.waitFor("First"))
        tmux.type("one")
        tmux.press("Enter")
        #expect(tmux.waitFor("Line"))
        tmux.type(Self.typed)
        #expect(tmux.waitFor(test.secure ? String(repeating: "•", count: Self.typed.count) : "› " + Self.typed), "\(tmux.text)")
        if test.oneWrite {
            tmux.sendBytes(Array(Self.keys.joined().utf8))
        } else {
            for key in Self.tmuxKeys { tmux.press(key) }
        }
        tmux.press("Enter")
        #expect(tmux.waitFor("Last"), "\(test.secure ? "" : tmux.text)")
        tmux.type("three")
        tmux.press("Enter")
        #expect(tmux.shellStatus() == 0)
        let before = try String(contentsOfFile: tmux.folder + "/before", encoding: .utf8)
        let after = try String(contentsOfFile: tmux.folder + "/after", encoding: .utf8)
        #expect(!before.isEmpty && before == after, "stty -g before \(before), after \(after)")
        let answers = (try? JSONSerialization.jsonObject(with: Data(tmux.answers.utf8)) as? [String: String]) ?? [:]
        #expect(answers["first"] == "one" && answers["last"] == "three", "\(answers.count) answers")
        #expect(answers["line"] == expected, "focusflow and stock readline differ")
        if test.secure { #expect(!tmux.text.contains(Self.typed), "the secure text reached the screen") }
    }
}
