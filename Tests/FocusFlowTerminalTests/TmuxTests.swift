import Foundation
import Testing

/// The terminal front inside a real terminal emulator (tmux), read back as a person sees it.
@Suite("Terminal front inside tmux", .serialized)
struct TmuxTests {
    static let terms = ["tmux-256color", "screen", "xterm-256color", "vt100"]

    @Test("The sign-up walks to the end in every terminal type; the screen never shows the secret", arguments: terms)
    func walk(term: String) throws {
        let tmux = try Tmux([], term: term)
        #expect(tmux.waitFor("Create your account  1/6"), "\(tmux.text)")
        // The placeholder line is drawn after the title: waited for, as a person's eye waits.
        #expect(tmux.waitFor { $0.contains("› (you@example.com)") }, "the placeholder, marked: \(tmux.text)")
        tmux.type("ada@example.com")
        tmux.press("Enter")
        #expect(tmux.waitFor("Password  [abc]"))
        tmux.type("hunter2-secret")
        #expect(tmux.waitFor("› ••••••••••••••"))
        #expect(!tmux.text.contains("hunter2"))
        tmux.press("Enter")
        #expect(tmux.waitFor("Confirm password"))
        tmux.type("hunter2-secret")
        tmux.press("Enter")
        #expect(tmux.waitFor("Nickname"))
        tmux.type("에이다 🙂")
        tmux.press("Enter")
        #expect(tmux.waitFor("Phone"))
        tmux.type("+82 10 1234 5678")
        tmux.press("Enter")
        #expect(tmux.waitFor("Verification code"))
        tmux.type("123456")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == TerminalTests.signupJSON)
        #expect(!tmux.text.contains("hunter2"))
    }

    @Test("The cursor sits right after the text typed, Hangul and emoji counted two columns")
    func cursorAfterWideText() throws {
        let tmux = try Tmux([])
        #expect(tmux.waitFor("Email"))
        tmux.type("a@b.co")
        tmux.press("Enter")
        tmux.type("hunter2-secret")
        tmux.press("Enter")
        tmux.type("hunter2-secret")
        tmux.press("Enter")
        #expect(tmux.waitFor("Nickname"))
        tmux.type("에이다🙂")
        #expect(tmux.waitFor("› 에이다🙂"))
        let row = tmux.lines.firstIndex(of: "› 에이다🙂") ?? -1
        #expect(tmux.cursor.x == 2 + 8 && tmux.cursor.y == row, "cursor at \(tmux.cursor)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }
}
