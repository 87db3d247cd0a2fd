import Foundation
import Glibc
import PseudoTerminalSupport
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// The terminal front, driven through a real pseudo-terminal with real readline.
@Suite("Terminal front over a pseudo-terminal", .serialized)
struct TerminalTests {
    static let signupTypeahead = "ada@example.com\rhunter2-secret\rhunter2-secret\r에이다 🙂\r+82 10 1234 5678\r123456\r"
    static let signupJSON = #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다 🙂","phone":"+82 10 1234 5678","code":"123456"}"# + "\n"

    /// Writes a flow file for one test and returns its path.
    static func flow(_ json: String) throws -> String {
        let path = ScratchFolder.name("flow", ".json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let secretFlow = #"{"id":"s","title":"Secret","fields":[{"id":"secret","label":"Secret","secure":true},{"id":"note","label":"Note"}]}"#

    @Test("A whole answer set typed ahead in one go fills every field in turn; the secret never shows")
    func typeahead() throws {
        let terminal = try PseudoTerminal(["run"])
        #expect(terminal.waitFor("Email"))
        terminal.send(Self.signupTypeahead)
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == Self.signupJSON)
        #expect(!terminal.output.contains("hunter2"), "the secure value reached the screen")
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }

    @Test("The walk shows title, step, label, keyboard badge, placeholder and the key hint")
    func screenLayout() throws {
        let terminal = try PseudoTerminal(["run"])
        #expect(terminal.waitFor("Ctrl-C cancel"))
        let lines = terminal.screen().lines
        #expect(lines[0] == "Create your account  1/6")
        #expect(lines[1] == "Email  [@]")
        #expect(lines[2] == "› (you@example.com)")
        #expect(lines[3] == "Enter next · Ctrl-C cancel")
        terminal.send("x\r")
        #expect(terminal.waitFor("Enter an email address"))
        #expect(terminal.screen().lines[2...3] == ["› x", "✗ Enter an email address like you@example.com"])
        terminal.send("\u{3}")
        #expect(terminal.finish() == .signalled(SIGINT))
    }

    @Test("Masks count graphemes: Hangul, an emoji with a skin tone, ASCII")
    func masksPerGrapheme() throws {
        let terminal = try PseudoTerminal([try Self.flow(Self.secretFlow)])
        #expect(terminal.waitFor("Secret"))
        terminal.send("한👍🏽ab")
        #expect(terminal.waitForLine(2, "› ••••"), "\(terminal.screen().text)")
        #expect(!terminal.output.contains("👍"))
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"secret":"한👍🏽ab","note":""}"# + "\n")
    }

    @Test("Ctrl-T reveals and hides with the buffer and the cursor kept")
    func revealKeepsCursor() throws {
        let terminal = try PseudoTerminal([try Self.flow(Self.secretFlow)])
        #expect(terminal.waitFor("Secret"))
        terminal.send("abcd\u{1B}[D\u{1B}[D")
        terminal.send("\u{14}")
        #expect(terminal.waitForLine(2, "› abcd"), "\(terminal.screen().text)")
        terminal.send("X")
        #expect(terminal.waitForLine(2, "› abXcd"), "\(terminal.screen().text)")
        terminal.send("\u{14}Y")
        #expect(terminal.waitForLine(2, "› ••••••"), "\(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"secret":"abXYcd","note":""}"# + "\n")
    }

    @Test("Shift-Tab goes back with the text kept, and Enter goes on again")
    func shiftTabBack() throws {
        let terminal = try PseudoTerminal(["run"])
        #expect(terminal.waitFor("Email"))
        terminal.send("ada@example.com\r")
        #expect(terminal.waitFor("Password"))
        terminal.send("\u{1B}[Z")
        #expect(terminal.waitForLine(2, "› ada@example.com"), "\(terminal.screen().text)")
        terminal.send("\r" + Self.signupTypeahead.split(separator: "\r", omittingEmptySubsequences: false).dropFirst().joined(separator: "\r"))
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == Self.signupJSON)
    }

    @Test("A stray ESC before Enter or C-j still submits, in tmux, on a text, a secure and a confirm field and on the review", arguments: ["Enter", "C-j"])
    func escapeThenEnter(enter: String) throws {
        let flow = try Self.flow(
            #"{"id":"e","title":"E","review":true,"fields":[{"id":"name","label":"Name"},{"id":"pin","label":"PIN","secure":true},{"id":"ok","kind":"confirm","label":"Agree","default":true}]}"#)
        let tmux = try Tmux([flow])
        #expect(tmux.waitFor("Name"), "\(tmux.text)")
        tmux.type("Ada")
        tmux.press("Escape", enter)
        #expect(tmux.waitFor("PIN"), "\(tmux.text)")
        tmux.type("1234")
        tmux.press("Escape", enter)
        #expect(tmux.waitFor("[Yes] / No"), "\(tmux.text)")
        tmux.press("Escape", enter)
        #expect(tmux.waitFor("Check your answers"), "\(tmux.text)")
        #expect(!tmux.text.contains("That key does nothing here"), "\(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"name":"Ada","pin":"1234","ok":true}"# + "\n")
    }

    @Test("A placeholder too wide for the row ends with an ellipsis, at every width", arguments: [12, 16, 19])
    func placeholderEllipsis(columns: Int) throws {
        let flow = try Self.flow(#"{"id":"p","title":"P","fields":[{"id":"e","label":"Email","placeholder":"you@example.com"}]}"#)
        let tmux = try Tmux([flow], columns: columns)
        #expect(tmux.waitFor("› ("), "\(tmux.text)")
        let row = try #require(tmux.lines.first { $0.hasPrefix("› (") })
        #expect(row.hasSuffix("…") && row.count <= columns, "\(row.debugDescription) at \(columns) columns")
        tmux.type("a")
        #expect(tmux.waitFor("› a"), "\(tmux.text)")
        #expect(!tmux.text.contains("…"), "the placeholder goes with its ellipsis: \(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("A refused key's note goes once Enter is refused: the screen shows the rule's message alone")
    func noteGoesOnFailedEnter() throws {
        let flow = try Self.flow(#"{"id":"n","title":"N","fields":[{"id":"pin","label":"PIN","keyboard":"numberPad","rules":{"required":true}},{"id":"b","label":"B"}]}"#)
        let tmux = try Tmux([flow])
        #expect(tmux.waitFor("PIN"), "\(tmux.text)")
        tmux.type("x")
        #expect(tmux.waitFor("not accepted"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ PIN is required."), "\(tmux.text)")
        #expect(!tmux.text.contains("not accepted"), "\(tmux.text)")
        tmux.type("12")
        tmux.press("Enter")
        #expect(tmux.waitFor("B  ["), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("Text outside the keyboard never enters the buffer: a typed key, a paste or a yank with a refused character is refused whole, and the note names it")
    func refusedInput() throws {
        let flow = try Self.flow(#"{"id":"k","title":"K","fields":[{"id":"word","label":"Word"},{"id":"digits","label":"Digits","keyboard":"numberPad"}]}"#)
        let terminal = try PseudoTerminal([flow])
        #expect(terminal.waitFor("Word"))
        terminal.send("abc\u{15}7\r")  // Ctrl-U kills "abc" into the kill ring
        #expect(terminal.waitFor("Digits"))
        terminal.send("12")
        #expect(terminal.waitForLine(2, "› 12"), "\(terminal.screen().text)")
        terminal.send("a")
        #expect(terminal.waitFor("\"a\" is not accepted; this field takes digits 0-9"), "\(terminal.screen().text)")
        terminal.send("3")
        #expect(terminal.waitForLine(2, "› 123"), "\(terminal.screen().text)")
        terminal.send("\u{1B}[200~4b5\u{1B}[201~")  // a bracketed paste with a letter in it: refused whole
        #expect(terminal.waitFor("\"b\" is not accepted"), "\(terminal.screen().text)")
        #expect(terminal.waitForLine(2, "› 123"), "\(terminal.screen().text)")
        terminal.send("\u{1B}[200~45\u{1B}[201~")
        #expect(terminal.waitForLine(2, "› 12345"), "\(terminal.screen().text)")
        terminal.send("\u{19}")  // Ctrl-Y yanks "abc": all refused
        #expect(terminal.waitFor("\"a\", \"b\" and \"c\" are not accepted"), "\(terminal.screen().text)")
        terminal.send("9")
        #expect(terminal.waitForLine(2, "› 123459"), "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"word":"7","digits":"123459"}"# + "\n")
    }

    @Test("Keys typed ahead in one burst while the field waits are one insertion, refused whole from the first")
    func burstRefusedWhole() throws {
        let flow = try Self.flow(#"{"id":"k","title":"K","fields":[{"id":"digits","label":"Digits","keyboard":"numberPad"}]}"#)
        let terminal = try PseudoTerminal([flow])
        #expect(terminal.waitFor("Digits"))
        let start = try #require(terminal.bytesReadWhenWaiting())
        terminal.send("12a3")
        #expect(terminal.waitFor("\"a\" is not accepted"), "\(terminal.screen().text)")
        #expect(terminal.waitUntilIdle(afterReading: 4, since: start))
        #expect(terminal.screen().lines[2] == "›", "\(terminal.screen().text)")
        terminal.send("a1")
        #expect(terminal.waitUntilIdle(afterReading: 6, since: start))
        #expect(terminal.screen().lines[2] == "›", "\(terminal.screen().text)")
        terminal.send("1234")
        #expect(terminal.waitForLine(2, "› 1234"), "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"digits":"1234"}"# + "\n")
    }

    @Test("Tab is Next: it validates and moves on as Enter does; Shift-Tab goes back")
    func tabIsNext() throws {
        let flow = try Self.flow(#"{"id":"t","title":"T","fields":[{"id":"name","label":"Name","rules":{"required":true}},{"id":"ok","kind":"confirm","label":"Agree"},{"id":"note","label":"Note"}]}"#)
        let terminal = try PseudoTerminal([flow])
        #expect(terminal.waitFor("Name"))
        terminal.send("\t")
        #expect(terminal.waitFor("Name is required."), "\(terminal.screen().text)")
        terminal.send("Ada\t")
        #expect(terminal.waitFor("Agree"), "\(terminal.screen().text)")
        terminal.send("y\t")
        #expect(terminal.waitFor("Note"), "\(terminal.screen().text)")
        terminal.send("\u{1B}[Z")
        #expect(terminal.waitFor { _ in terminal.screen().text.contains("[Yes] / No") }, "\(terminal.screen().text)")
        terminal.send("\t\t")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"Ada","ok":true,"note":""}"# + "\n")
    }

    @Test("A secure field has no kill ring and no history: nothing carries the secret to the next field")
    func secureHasNoKillRingOrHistory() throws {
        let terminal = try PseudoTerminal([try Self.flow(Self.secretFlow)])
        #expect(terminal.waitFor("Secret"))
        terminal.send("hunter22\u{15}")  // Ctrl-U in a secure field deletes, never kills
        terminal.send("\u{1B}[A\u{12}")  // Up and Ctrl-R find nothing
        terminal.send("ok\r")
        #expect(terminal.waitFor("Note"))
        terminal.send("\u{19}\r")  // Ctrl-Y in the next field yanks nothing
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"secret":"ok","note":""}"# + "\n")
        #expect(!terminal.output.contains("hunter"))
    }

    @Test("A masked line longer than the terminal wraps, and shrinking it leaves no stale rows")
    func longMaskedLine() throws {
        let terminal = try PseudoTerminal([try Self.flow(Self.secretFlow)], columns: 20, rows: 12)
        #expect(terminal.waitFor("Secret"))
        terminal.send(String(repeating: "x", count: 45))
        #expect(terminal.waitFor { _ in terminal.screen(columns: 20, rows: 12).text.filter { $0 == "•" }.count == 45 })
        terminal.send(String(repeating: "\u{7F}", count: 40))
        #expect(
            terminal.waitFor { _ in
                let screen = terminal.screen(columns: 20, rows: 12)
                return screen.text.filter { $0 == "•" }.count == 5 && screen.lines.contains("› •••••")
            })
        terminal.send("\u{3}")
        #expect(terminal.finish() == .signalled(SIGINT))
        #expect(!terminal.output.contains("xxx"))
    }

    static let waysOut: [(String, ProcessEnd)] = [
        ("done", 0), ("Ctrl-C", .signalled(SIGINT)), ("Ctrl-D", .exited(130)), ("SIGTERM", .signalled(SIGTERM)), ("SIGHUP", .signalled(SIGHUP)), ("flow error", 2),
    ]

    @Test("The terminal's settings are exactly as before after every way out", arguments: waysOut)
    func settingsRestored(way: String, status: ProcessEnd) throws {
        let terminal = try PseudoTerminal(way == "flow error" ? ["/nonexistent.json"] : ["run"])
        if way != "flow error" { #expect(terminal.waitFor("Email")) }
        switch way {
        case "done": terminal.send(Self.signupTypeahead)
        case "Ctrl-C": terminal.send("ada\u{3}")
        case "Ctrl-D": terminal.send("\u{4}")
        case "SIGTERM": terminal.send("ada"); _ = terminal.waitFor("ada"); kill(terminal.pid, SIGTERM)
        case "SIGHUP": kill(terminal.pid, SIGHUP)
        default: break
        }
        #expect(terminal.finish() == status)
        #expect(sameSettings(terminal.settings, terminal.settingsBefore), "settings changed after \(way)")
        #expect(terminal.stdoutText.isEmpty == (status != 0), "stdout has the answers only when done")
    }

    @Test("The built-in sign-up flow runs from any folder")
    func defaultFlowElsewhere() throws {
        let terminal = try PseudoTerminal([], directory: "/")
        #expect(terminal.waitFor("Create your account"))
        terminal.send(Self.signupTypeahead)
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == Self.signupJSON)
    }

    @Test("TERM=dumb gives a plain prompt per line that never echoes a secure value", arguments: [["TERM": "dumb"], ["TERM": "xterm"]])
    func dumbMode(environment: [String: String]) throws {
        let arguments = environment["TERM"] == "dumb" ? ["run"] : ["run", "--accessible"]
        let terminal = try PseudoTerminal(arguments, environment: environment)
        #expect(terminal.waitFor("Step 1 of 6. Email"))
        terminal.send("ada@example.com\n")
        #expect(terminal.waitFor("Step 2 of 6. Password (hidden while you type"))
        terminal.send("short\n")
        // A person types a secret once its prompt shows: echo is off by then.
        #expect(terminal.waitFor { $0.components(separatedBy: "Step 2 of 6. Password").count == 3 })
        terminal.send("hunter2-secret\n")
        #expect(terminal.waitFor("Step 3 of 6. Confirm password"))
        terminal.send("hunter2-secret\n")
        #expect(terminal.waitFor("Step 4 of 6. Nickname"))
        for answer in ["에이다 🙂", "+82 10 1234 5678", "123456"] {
            terminal.send(answer + "\n")
        }
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == Self.signupJSON)
        #expect(!terminal.output.contains("hunter2") && !terminal.output.contains("short"))
        #expect(!terminal.output.contains("\u{1B}["), "no escape sequences in plain mode")
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }
}

@Suite("Terminal options", .serialized)
struct TerminalOptionTests {
    @Test("--mask changes the mask character")
    func mask() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(TerminalTests.secretFlow), "--mask", "*"])
        #expect(terminal.waitFor("Secret"))
        terminal.send("abc")
        #expect(terminal.waitForLine(2, "› ***"), "\(terminal.screen().text)")
        terminal.send("\u{3}")
        #expect(terminal.finish() == .signalled(SIGINT))
    }

    @Test("Colours are on by default and off with NO_COLOR", arguments: [true, false])
    func colours(noColor: Bool) throws {
        let terminal = try PseudoTerminal(["run"], environment: ["NO_COLOR": noColor ? "1" : ""])
        #expect(terminal.waitFor("Ctrl-C cancel"))
        terminal.send("\u{3}")
        #expect(terminal.finish() == .signalled(SIGINT))
        #expect(terminal.output.contains("\u{1B}[1m") == !noColor)
        #expect(terminal.output.contains("\u{1B}[2m") == !noColor)
    }

    @Test("Hangul and emoji in a default field keep the cursor in the right column")
    func wideCharacters() throws {
        let terminal = try PseudoTerminal(["run"])
        #expect(terminal.waitFor("Email"))
        terminal.send("a@b.co\rhunter2-secret\rhunter2-secret\r")
        #expect(terminal.waitFor("Nickname"))
        terminal.send("에이다🙂\u{1B}[D\u{1B}[DX")  // two left, then X between 이 and 다
        #expect(terminal.waitForLine(2, "› 에이X다🙂"), "\(terminal.screen().text)")
        let screen = terminal.screen()
        #expect(screen.row == 2 && screen.column == 2 + 5, "cursor after X: prompt 2 + 에이 4 + X 1")
        terminal.send("\u{3}")
        #expect(terminal.finish() == .signalled(SIGINT))
    }

    @Test("Each plain field keeps its own history: Up brings back what was entered there, and only there")
    func historyPerField() throws {
        let flow = try TerminalTests.flow(#"{"id":"h","title":"H","fields":[{"id":"a","label":"A"},{"id":"b","label":"B"}]}"#)
        let terminal = try PseudoTerminal([flow])
        #expect(terminal.waitFor("A  ["))
        terminal.send("first\r")
        #expect(terminal.waitFor("B  ["))
        terminal.send("\u{1B}[A")  // Up in b: b has no history yet
        terminal.send("x")
        #expect(terminal.waitForLine(2, "› x"), "\(terminal.screen().text)")
        terminal.send("\u{1B}[Z")  // back to a
        #expect(terminal.waitForLine(2, "› first"), "\(terminal.screen().text)")
        terminal.send("\u{15}\u{1B}[A")  // clear, then Up: a's own history
        #expect(terminal.waitForLine(2, "› first"), "\(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"a":"first","b":"x"}"# + "\n")
    }

    @Test("A resized terminal gets the field drawn again at the new width")
    func resize() throws {
        let terminal = try PseudoTerminal(["run"])
        #expect(terminal.waitFor("Ctrl-C cancel"))
        terminal.send("ada@exa")
        #expect(terminal.waitFor("ada@exa"))
        terminal.resize(columns: 40, rows: 24)
        #expect(terminal.waitFor { $0.components(separatedBy: "Create your account  1/6").count == 3 }, "the block is drawn again")
        terminal.send("mple.com\r")
        #expect(terminal.waitFor("Password"))
        terminal.send("\u{3}")
        #expect(terminal.finish() == .signalled(SIGINT))
    }

    @Test("Readline's other ways to accept a line (M-#, Ctrl-O) keep the line and the raw mode", arguments: ["\u{1B}#", "\u{F}"])
    func otherAccepts(keys: String) throws {
        let flow = try TerminalTests.flow(#"{"id":"h","title":"H","fields":[{"id":"a","label":"A"},{"id":"b","label":"B"}]}"#)
        let terminal = try PseudoTerminal([flow])
        #expect(terminal.waitFor("A  ["))
        terminal.send("abc" + keys + "d")
        #expect(terminal.waitForLine(2, "› abcd"), "\(terminal.screen().text)")
        terminal.send("\rx\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"a":"abcd","b":"x"}"# + "\n")
    }
}

@Suite("Display widths")
struct DisplayWidthTests {
    @Test(
        "Characters are counted as a person counts them, fast path or not",
        arguments: [
            ("", 0), ("abc", 3), ("a\r\nb", 3), ("\r\r\n", 2), ("한글", 2), ("👍🏽a", 2), ("e\u{301}", 1), ("\u{1100}\u{1161}", 1),
        ])
    func characters(text: String, count: Int) {
        #expect(DisplayWidth.characters(in: text) == count)
        #expect(DisplayWidth.characters(in: text) == text.count)
    }
}
