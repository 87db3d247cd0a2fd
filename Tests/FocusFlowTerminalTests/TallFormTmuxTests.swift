import Foundation
import Glibc
import Testing

/// A form taller than the window: an input of thousands of characters scrolls the title, the
/// label and the prompt off the window's top, where no cursor move reaches. Whatever makes the
/// form short again — clearing the input, other edits, a resize — draws it whole from the
/// window's top: the title, the label and the prompt come back, and no stale row of the long
/// input stays to look like typed text.
@Suite("A form taller than the window", .serialized)
struct TallFormTmuxTests {
    /// 3,000 characters, 38 rows at 80 columns: more than the window's 24.
    static let long = String(repeating: "b", count: 3_000)

    /// Whether the whole of ``long`` (or as many masks) is drawn after the prompt: its last row,
    /// 42 characters after 36 full ones, is on the screen.
    static func pasted(_ lines: [String], _ character: Character = "b") -> Bool {
        lines.contains(String(repeating: character, count: 42)) && lines.contains(String(repeating: character, count: 80))
    }

    /// Keys that take a long input back to nothing, each by another way.
    static let shortenings: [(name: String, keys: [[String]])] = [
        ("Ctrl-U", [["C-u"]]),
        ("Ctrl-A then Ctrl-K", [["C-a"], ["C-k"]]),
        ("Ctrl-U, undo, Ctrl-U", [["C-u"], ["C-_"], ["C-u"]]),
        ("Ctrl-W", [["C-w"]]),
    ]

    /// The whole short form, from the window's first row: the title, the label, the prompt
    /// holding `input` and nothing else, and nothing of the long text anywhere.
    static func whole(_ lines: [String], title: String, label: String, input: String) -> Bool {
        guard lines.count > 3, lines[0].hasPrefix(title), lines[1].hasPrefix(label) else { return false }
        return lines[2] == "› " + input && !lines.joined().contains("bb")
            && lines.filter { $0.hasPrefix(title) }.count == 1 && lines.contains { $0.contains("Ctrl-C cancel") }
    }

    /// The rows of the terminal the program in `tmux` draws on, as the kernel has them: tmux
    /// applies a resize to the pty (and the program gets its SIGWINCH) some time after the
    /// window's own size changed.
    static func ptyRows(_ tmux: Tmux) -> Int? {
        guard let pid = tmux.programPID else { return nil }
        let fd = open("/proc/\(pid)/fd/2", O_RDONLY | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var size = winsize()
        return ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 ? Int(size.ws_row) : nil
    }

    @Test("A pasted input taller than the window, taken back to nothing, leaves the title, label and prompt and no stale text", arguments: shortenings.indices)
    func cleared(shortening: Int) throws {
        let (name, keys) = Self.shortenings[shortening]
        let tmux = try Tmux(["run"], columns: 80, rows: 24)
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        tmux.paste(Self.long)
        #expect(tmux.waitFor { Self.pasted($0) }, "\(name): \(tmux.text)")
        for key in keys { tmux.press(key[0]) }
        tmux.type("ada@example.com")
        #expect(
            tmux.waitFor { Self.whole($0, title: "Create your account  1/6", label: "Email", input: "ada@example.com") },
            "\(name): after the long input went:\n\(tmux.text)")
        #expect(tmux.cursor.y == 2 && tmux.cursor.x == 2 + 15, "\(name): the cursor is at \(tmux.cursor)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() != nil)
    }

    @Test("A long secure value, cleared, leaves the title, label and prompt and no stale masks")
    func secure() throws {
        let tmux = try Tmux([try TerminalTests.flow(TerminalTests.secretFlow)], columns: 80, rows: 24)
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        tmux.paste(Self.long)
        #expect(tmux.waitFor { Self.pasted($0, "•") }, "\(tmux.text)")
        tmux.press("C-u")
        tmux.type("x")
        #expect(
            tmux.waitFor { $0.count > 3 && $0[0].hasPrefix("Secret  1/2") && $0[1].hasPrefix("Secret") && $0[2] == "› •" && !$0.joined().contains("••") },
            "after the long secret went:\n\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() != nil)
    }

    @Test("A resize while the form is taller than the window draws it whole again, and clearing it then leaves it whole")
    func resizeWhileTall() throws {
        let tmux = try Tmux(["run"], columns: 80, rows: 24)
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        tmux.paste(Self.long)
        #expect(tmux.waitFor { Self.pasted($0) }, "\(tmux.text)")
        // A key typed after each resize has reached the program, and drawn: the redraw the resize
        // asked for came first.
        tmux.resize(columns: 80, rows: 16)
        #expect(tmux.waitFor { _ in Self.ptyRows(tmux) == 16 })
        tmux.type("c")
        #expect(tmux.waitFor { $0.count == 16 && $0.contains(String(repeating: "b", count: 42) + "c") }, "after shrinking:\n\(tmux.text)")
        tmux.resize(columns: 80, rows: 24)
        #expect(tmux.waitFor { _ in Self.ptyRows(tmux) == 24 })
        tmux.type("d")
        #expect(tmux.waitFor { $0.count == 24 && $0.contains(String(repeating: "b", count: 42) + "cd") }, "after growing:\n\(tmux.text)")
        #expect(tmux.lines.filter { $0.contains("Ctrl-C cancel") }.count == 1, "\(tmux.text)")
        tmux.press("C-u")
        tmux.type("ada@example.com")
        #expect(
            tmux.waitFor { Self.whole($0, title: "Create your account  1/6", label: "Email", input: "ada@example.com") },
            "after the long input went:\n\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first?.hasPrefix("Create your account  2/6") == true && $0.filter { $0.hasPrefix("Create your account") }.count == 1 }, "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() != nil)
    }

    @Test("Leaving a field whose input is taller than the window draws the next field from the window's top")
    func nextField() throws {
        let flow = #"{"id":"n","title":"Notes","fields":[{"id":"a","label":"First"},{"id":"b","label":"Second"}]}"#
        let tmux = try Tmux([try TerminalTests.flow(flow)], columns: 80, rows: 24)
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        tmux.paste(Self.long)
        #expect(tmux.waitFor { Self.pasted($0) }, "\(tmux.text)")
        tmux.press("Enter")
        tmux.type("ok")
        #expect(tmux.waitFor { Self.whole($0, title: "Notes  2/2", label: "Second", input: "ok") }, "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == .exited(0))
        #expect(tmux.answers == #"{"a":"\#(Self.long)","b":"ok"}"# + "\n")
    }
}
