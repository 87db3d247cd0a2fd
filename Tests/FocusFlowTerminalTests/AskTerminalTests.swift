import Foundation
import Testing

/// `focusflow ask` as a shell script uses it: inside `$(…)` in a real shell in tmux (the
/// question drawn on the terminal, the answer captured), and on a real pseudo-terminal.
@Suite("ask in a terminal", .serialized)
struct AskTerminalTests {
    /// An interactive bash in tmux, its prompt shown.
    static func shell(columns: Int = 80) throws -> Tmux {
        let tmux = try Tmux([], columns: columns, shell: true)
        #expect(tmux.waitFor("$"))
        return tmux
    }

    @Test("nick=$(focusflow ask text …): the label alone above the input, Hangul and emoji typed, the answer captured")
    func capturedText() throws {
        let tmux = try Self.shell()
        tmux.type(#"nick=$("$FOCUSFLOW" ask text Nickname --max-length 10 --placeholder 'e.g. ada'); printf '[%s] %s\n' "$nick" "$?""#)
        tmux.press("Enter")
        #expect(tmux.waitFor("0/10 · Enter finish"), "\(tmux.text)")
        #expect(!tmux.text.contains("1/1"), "a single question has no title and step: \(tmux.text)")
        #expect(tmux.lines.contains { $0.hasPrefix("Nickname  ") })
        tmux.type("에이다 🙂")
        #expect(tmux.waitFor("› 에이다 🙂"))
        let row = tmux.lines.firstIndex { $0.hasPrefix("› 에이다") } ?? -1
        #expect(tmux.cursor.x == 11 && tmux.cursor.y == row, "› is 2 columns, 에이다 6, a space and 🙂 2: \(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("[에이다 🙂] 0"), "\(tmux.text)")
    }

    @Test("focusflow ask confirm … && …: yes runs on (0), no stops (1)", arguments: [("y", "YES 0"), ("n", "NO 1")])
    func confirm(key: String, says: String) throws {
        let tmux = try Self.shell()
        tmux.type(#""$FOCUSFLOW" ask confirm 'Continue?' >/dev/null && echo "YES $?" || echo "NO $?""#)
        tmux.press("Enter")
        #expect(tmux.waitFor("› [Yes] / No"), "\(tmux.text)")
        tmux.type(key)
        tmux.press("Enter")
        #expect(tmux.waitFor(says), "\(tmux.text)")
    }

    @Test("ask confirm shows the answer it starts at, and Enter alone says yes by the status, printing nothing")
    func confirmStartsAtYes() throws {
        let tmux = try Self.shell()
        tmux.type(#""$FOCUSFLOW" ask confirm 'Deploy?' && echo "YES $?" || echo "NO $?""#)
        tmux.press("Enter")
        #expect(tmux.waitFor("› [Yes] / No"), "the answer Enter takes is shown: \(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("YES 0"), "\(tmux.text)")
        #expect(!tmux.lines.contains("true"), "a confirm prints nothing without --print: \(tmux.text)")
    }

    @Test(
        "After ask the answer stays on the screen as the review shows it: a label, a secret as masks",
        arguments: [
            (#"plan=$("$FOCUSFLOW" ask select Plan --option free=Free --option team=Team); echo "[$plan]""#, "Te", "Plan: Team", "[team]"),
            (#"pin=$("$FOCUSFLOW" ask secure PIN --mask '*'); echo "[${#pin}]""#, "s3cr", "PIN: ****", "[4]"),
            (#""$FOCUSFLOW" ask confirm 'Go on?' --default false; echo "[$?]""#, "", "Go on?: no", "[1]"),
        ])
    func answerStaysVisible(command: String, typed: String, summary: String, printed: String) throws {
        let tmux = try Self.shell()
        tmux.type(command)
        tmux.press("Enter")
        #expect(tmux.waitFor("Enter"), "\(tmux.text)")
        if !typed.isEmpty { tmux.type(typed) }
        tmux.press("Enter")
        #expect(tmux.waitFor(printed), "\(tmux.text)")
        #expect(tmux.lines.contains(summary), "the answer is not left on the screen: \(tmux.text)")
        #expect(!tmux.text.contains("s3cr"), "the secret reached the screen")
    }

    @Test("ask --tty inside while read …; done < file asks the person and leaves the file's lines to the loop")
    func ttyInsideReadLoop() throws {
        let tmux = try Self.shell()
        try "apple\npear\n".write(toFile: tmux.folder + "/items", atomically: true, encoding: .utf8)
        tmux.type(#"while read -r item; do note=$("$FOCUSFLOW" ask text "Note for $item" --tty) || break; echo "got $item=$note"; done < "$HOME/items"; echo "loop $?""#)
        tmux.press("Enter")
        #expect(tmux.waitFor("Note for apple"), "\(tmux.text)")
        tmux.type("red")
        tmux.press("Enter")
        #expect(tmux.waitFor("Note for pear"), "the loop's second line was eaten: \(tmux.text)")
        tmux.type("green")
        tmux.press("Enter")
        #expect(tmux.waitFor("loop 0"), "\(tmux.text)")
        #expect(tmux.lines.contains("got apple=red") && tmux.lines.contains("got pear=green"), "\(tmux.text)")
    }

    @Test("run --tty walks the flow on the terminal while stdin is a pipe, where it would read the pipe's lines")
    func runTTY() throws {
        let tmux = try Self.shell()
        let flow = try TerminalTests.flow(#"{"id":"n","title":"Names","fields":[{"id":"name","label":"Name"}]}"#)
        tmux.type(#"printf 'from the pipe\n' | "$FOCUSFLOW" run "# + flow + #" --tty > "$HOME/out"; echo "status $?""#)
        tmux.press("Enter")
        #expect(tmux.waitFor("Enter finish"), "the form is on the terminal: \(tmux.text)")
        tmux.type("Ada")
        tmux.press("Enter")
        #expect(tmux.waitFor("status 0"), "\(tmux.text)")
        #expect(try String(contentsOfFile: tmux.folder + "/out", encoding: .utf8) == #"{"name":"Ada"}"# + "\n")
    }

    @Test("A secure question masks every character on screen and hands the value to the script")
    func secure() throws {
        let tmux = try Self.shell()
        let secret = "s3cr'et $(x)"
        // The script compares with a file, so that the value is on no command line on screen.
        try secret.write(toFile: tmux.folder + "/expected", atomically: true, encoding: .utf8)
        tmux.type(#"pin=$("$FOCUSFLOW" ask secure PIN --mask '*'); [ "$pin" = "$(cat "$HOME/expected")" ] && echo "SAME ${#pin}""#)
        tmux.press("Enter")
        #expect(tmux.waitFor("PIN  "), "\(tmux.text)")
        tmux.type(secret)
        #expect(tmux.waitFor("› " + String(repeating: "*", count: secret.count)))
        tmux.press("Enter")
        #expect(tmux.waitFor("SAME \(secret.count)"))
        #expect(!tmux.text.contains("s3cr"), "the secret reached the screen")
    }

    @Test("Ctrl-C cancels, ending by SIGINT (a shell's 130), and prints nothing; the terminal is restored")
    func cancel() throws {
        let terminal = try PseudoTerminal(["ask", "text", "Name"])
        #expect(terminal.waitFor("Name"))
        terminal.send("ada")
        terminal.settle()
        terminal.send("\u{03}")
        #expect(terminal.finish() == .signalled(SIGINT))
        #expect(terminal.stdoutText.isEmpty)
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }

    @Test("A select filtered by initial consonants (ㄷㅎ finds 대한민국) prints the chosen value")
    func initialConsonants() throws {
        let terminal = try PseudoTerminal(["ask", "select", "나라", "--option", "jp=일본", "--option", "kr=대한민국", "--lang", "ko"])
        #expect(terminal.waitFor("일본"))
        terminal.send("ㄷㅎ")
        terminal.settle()
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == "kr\n")
    }

    @Test("A multi-select prints one value a line, or a JSON array with --format json", arguments: [("text", "a\nc\n"), ("json", #"["a","c"]"# + "\n")])
    func multiSelect(format: String, printed: String) throws {
        let terminal = try PseudoTerminal(["ask", "multiSelect", "Pick", "--option", "a", "--option", "b", "--option", "c", "--format", format])
        #expect(terminal.waitFor("Pick"))
        terminal.send(" ")
        terminal.settle()
        terminal.send("\u{1B}[B\u{1B}[B ")
        terminal.settle()
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == printed)
    }

    @Test("--accessible says the answer back once it is taken, as the screen leaves it")
    func accessibleSaysAnswer() throws {
        let terminal = try PseudoTerminal(["ask", "select", "Plan", "--option", "free=Free", "--option", "team=Team", "--accessible"])
        #expect(terminal.waitFor("Plan"))
        terminal.send("2\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == "team\n")
        #expect(terminal.output.contains("Plan: Team"), "\(terminal.output)")
    }

    @Test("--accessible asks in plain lines and prints the answer")
    func accessible() throws {
        let terminal = try PseudoTerminal(["ask", "number", "Age", "--min", "13", "--accessible"])
        #expect(terminal.waitFor("Age"))
        terminal.send("7\r")
        #expect(terminal.waitFor("at least 13"))
        terminal.send("42\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == "42\n")
    }
}
