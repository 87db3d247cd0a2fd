import Foundation
import Glibc
import Testing

/// Job control through a real interactive shell inside tmux: Ctrl-Z, `fg`, `bg`, and a start in
/// the background, as a person meets them.
@Suite("Job control inside tmux", .serialized)
struct JobControlTests {
    static let shells = ["bash", "sh"]

    /// A shell in tmux, in the test's folder, with the secret flow written there.
    static func shell(_ name: String) throws -> Tmux {
        let tmux = try Tmux([], shell: true)
        #expect(tmux.waitFor("$"))
        try Data(TerminalTests.secretFlow.utf8).write(to: URL(fileURLWithPath: tmux.folder + "/flow.json"))
        tmux.type("cd '\(tmux.folder)'")
        tmux.press("Enter")
        if name == "sh" {
            tmux.type("exec sh")
            tmux.press("Enter")
            // sh's own prompt first (see `run`): a line typed while bash still has the terminal
            // raw keeps its CR, and sh's line never ends.
            #expect(
                tmux.waitFor(timeout: 10) { lines in
                    lines.lastIndex { $0.hasSuffix("exec sh") }.map { lines[($0 + 1)...].contains { $0.hasPrefix("$") } } ?? false
                }, "\(tmux.text)")
            tmux.type("echo \"in-$0\"")
            tmux.press("Enter")
            #expect(tmux.waitFor(timeout: 10) { $0.contains("in-sh") }, "\(tmux.text)")
        }
        tmux.type("clear")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first == "$" })
        return tmux
    }

    /// Types a command line at the shell's prompt and waits for a line of output the command line
    /// itself does not hold (`marker` is printed as `<marker>` but typed split in two).
    ///
    /// The prompt is waited for first: it shows once the job before has ended and the shell has
    /// the terminal back. Typed before that, while focusflow still has the terminal raw, Enter
    /// stays a CR, which sh (reading whole lines, with no line editor) keeps as part of the line.
    static func run(_ tmux: Tmux, _ command: String, printing marker: String) -> Bool {
        guard tmux.waitFor({ $0.last(where: { !$0.isEmpty }) == "$" }) else { return false }
        let half = marker.index(marker.startIndex, offsetBy: marker.count / 2)
        tmux.type("\(command); echo \"\(marker[..<half])\"\"\(marker[half...])\"")
        tmux.press("Enter")
        return tmux.waitFor { $0.contains(marker) }
    }

    /// Ctrl-Z, then `fg` at the shell's prompt: whether the form came back, drawn again under the
    /// shell's lines (its key line the last line).
    static func stopAndBringBack(_ tmux: Tmux) -> Bool {
        tmux.press("C-z")
        guard tmux.waitFor({ $0.last(where: { !$0.isEmpty }) == "$" }) else { return false }
        tmux.type("fg")
        tmux.press("Enter")
        return tmux.waitFor { $0.last(where: { !$0.isEmpty })?.hasSuffix("Ctrl-C cancel") == true }
    }

    @Test("Ctrl-Z in a secure field gives the shell its terminal back; fg redraws the form and typing stays masked", arguments: shells)
    func suspendAndResume(shell: String) throws {
        let tmux = try Self.shell(shell)
        tmux.type("stty -a > before; \"$FOCUSFLOW\" flow.json > out")
        tmux.press("Enter")
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        tmux.type("abc")
        #expect(tmux.waitFor("› •••"))
        tmux.press("C-z")
        #expect(tmux.waitFor("Stopped"), "\(tmux.text)")
        // The shell's prompt is back on a clean line under the form, and the settings are as before.
        #expect(tmux.waitFor { $0.last(where: { !$0.isEmpty }) == "$" }, "\(tmux.text)")
        #expect(Self.run(tmux, "stty -a > after; cmp -s before after && echo settings-same", printing: "done-stty"))
        #expect(tmux.lines.contains("settings-same"), "stty -a differs while the job is stopped:\n\(tmux.text)")
        let forms = tmux.text.components(separatedBy: "Ctrl-C cancel").count
        tmux.type("fg")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").components(separatedBy: "Ctrl-C cancel").count > forms }, "the form was not redrawn:\n\(tmux.text)")
        #expect(tmux.waitFor { $0.contains("› •••") })
        tmux.type("def")
        #expect(tmux.waitFor("› ••••••"), "\(tmux.text)")
        #expect(!tmux.text.contains("def") && !tmux.text.contains("abc"), "typed text shown in clear")
        tmux.press("Enter")
        #expect(tmux.waitFor("Note"))
        tmux.type("n")
        tmux.press("Enter")
        // `fg`'s status is the job's.
        #expect(Self.run(tmux, "echo status=$?", printing: "done-status"))
        #expect(tmux.lines.contains("status=0"), "\(tmux.text)")
        #expect((try? String(contentsOfFile: tmux.folder + "/out", encoding: .utf8)) == #"{"secret":"abcdef","note":"n"}"# + "\n")
        #expect(Self.run(tmux, "stty -a > end; cmp -s before end && echo settings-same-at-end", printing: "done-end"))
        #expect(tmux.lines.contains("settings-same-at-end"), "\(tmux.text)")
    }

    @Test("Run by a script (sh -c), where focusflow does not lead its job: every Ctrl-Z and fg brings the form back, the shell's settings while stopped and at the end", arguments: shells)
    func suspendInsideScript(shell: String) throws {
        let tmux = try Self.shell(shell)
        tmux.type("stty -a > before; sh -c '\"$FOCUSFLOW\" flow.json > out; echo \"after-$?\"'")
        tmux.press("Enter")
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        tmux.type("abc")
        #expect(tmux.waitFor("› •••"))
        for cycle in 1...3 {
            tmux.press("C-z")
            #expect(tmux.waitFor { $0.last(where: { !$0.isEmpty }) == "$" }, "cycle \(cycle): no prompt after Ctrl-Z:\n\(tmux.text)")
            #expect(Self.run(tmux, "stty -a > stopped\(cycle); cmp -s before stopped\(cycle) && echo same-\(cycle)", printing: "done-\(cycle)"), "\(tmux.text)")
            #expect(tmux.lines.contains("same-\(cycle)"), "cycle \(cycle): the settings while stopped are not the shell's:\n\(tmux.text)")
            tmux.type("fg")
            tmux.press("Enter")
            // The form is drawn again under the shell's lines: its key line is the last line.
            #expect(
                tmux.waitFor { $0.last(where: { !$0.isEmpty })?.hasSuffix("Ctrl-C cancel") == true },
                "cycle \(cycle): fg did not bring the form back:\n\(tmux.text)")
        }
        tmux.type("def")
        #expect(tmux.waitFor("› ••••••"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Note"))
        tmux.type("n")
        tmux.press("Enter")
        #expect(tmux.waitFor("after-0"), "the script goes on after focusflow:\n\(tmux.text)")
        #expect((try? String(contentsOfFile: tmux.folder + "/out", encoding: .utf8)) == #"{"secret":"abcdef","note":"n"}"# + "\n")
        #expect(Self.run(tmux, "stty -a > end; cmp -s before end && echo settings-same-at-end", printing: "done-end"))
        #expect(tmux.lines.contains("settings-same-at-end"), "\(tmux.text)")
    }

    @Test("After Ctrl-Z and fg the session's own keys hold: Backspace takes a whole character, and a secure field's kill keeps nothing to yank", arguments: shells)
    func keysAfterResume(shell: String) throws {
        let tmux = try Self.shell(shell)
        try Data(#"{"id":"k","title":"Keys","fields":[{"id":"nick","label":"Nick"},{"id":"secret","label":"Secret","secure":true},{"id":"note","label":"Note"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: tmux.folder + "/keys.json"))
        tmux.type("\"$FOCUSFLOW\" keys.json > out")
        tmux.press("Enter")
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        tmux.type("a👍🏽b")
        // Ctrl-Z stops the job as the terminal reads it: keys still unread would go to the shell.
        #expect(tmux.waitFor { $0.contains { $0.contains("› a") && $0.hasSuffix("b") } }, "\(tmux.text)")
        #expect(Self.stopAndBringBack(tmux), "\(tmux.text)")
        // Backspace before the b takes the thumb with its skin tone, not the tone alone.
        tmux.press("Left")
        tmux.press("BSpace")
        tmux.press("Enter")
        #expect(tmux.waitFor("Secret"), "\(tmux.text)")
        tmux.type("hunter2")
        #expect(tmux.waitFor("› •••••••"), "\(tmux.text)")
        #expect(Self.stopAndBringBack(tmux), "\(tmux.text)")
        // Ctrl-U in a secure field deletes and keeps nothing; Ctrl-Y in the next field yanks nothing.
        tmux.press("C-u")
        tmux.type("pw")
        tmux.press("Enter")
        #expect(tmux.waitFor("Note"), "\(tmux.text)")
        tmux.press("C-y")
        tmux.type("n")
        tmux.press("Enter")
        #expect(Self.run(tmux, "echo status=$?", printing: "done-status"))
        let out = try? String(contentsOfFile: tmux.folder + "/out", encoding: .utf8)
        #expect(out == #"{"nick":"ab","secret":"pw","note":"n"}"# + "\n", "\(tmux.text)")
        #expect(!tmux.text.contains("hunter2"))
    }

    @Test(
        "Started in the background, or sent there with bg, it waits stopped without drawing, and draws when brought to the foreground",
        arguments: shells)
    func backgroundStart(shell: String) throws {
        let tmux = try Self.shell(shell)
        tmux.type("stty -a > before; \"$FOCUSFLOW\" flow.json > out &")
        tmux.press("Enter")
        #expect(tmux.waitFor("$"))
        // The job stops for the terminal; the shell's notice comes with a later prompt.
        var stopped = false
        for _ in 0..<20 where !stopped {
            tmux.press("Enter")
            stopped = tmux.waitFor("Stopped", timeout: 0.5)
        }
        #expect(stopped, "\(tmux.text)")
        #expect(!tmux.text.contains("Secret"), "the form was drawn from the background:\n\(tmux.text)")
        #expect(Self.run(tmux, "stty -a > after; cmp -s before after && echo settings-same", printing: "done-stty"))
        #expect(tmux.lines.contains("settings-same"), "\(tmux.text)")
        tmux.type("fg")
        tmux.press("Enter")
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        tmux.type("xyz")
        #expect(tmux.waitFor("› •••"))
        // Ctrl-Z then bg: continued in the background, it stops again for the terminal, drawing nothing.
        tmux.press("C-z")
        #expect(tmux.waitFor { $0.last(where: { !$0.isEmpty }) == "$" }, "\(tmux.text)")
        tmux.type("bg")
        tmux.press("Enter")
        #expect(Self.run(tmux, "true", printing: "done-bg"))
        let forms = tmux.text.components(separatedBy: "Ctrl-C cancel").count
        #expect(
            !tmux.lines.drop(while: { !$0.hasPrefix("$ bg") }).contains { $0.contains("Ctrl-C cancel") },
            "the form was drawn from the background:\n\(tmux.text)")
        tmux.type("fg")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").components(separatedBy: "Ctrl-C cancel").count > forms }, "the form was not redrawn:\n\(tmux.text)")
        #expect(tmux.waitFor { $0.contains("› •••") })
        tmux.press("Enter")
        #expect(tmux.waitFor("Note"))
        tmux.press("Enter")
        #expect(Self.run(tmux, "echo status=$?", printing: "done-status"))
        #expect(tmux.lines.contains("status=0"), "\(tmux.text)")
        #expect((try? String(contentsOfFile: tmux.folder + "/out", encoding: .utf8)) == #"{"secret":"xyz","note":""}"# + "\n")
        #expect(!tmux.text.contains("xyz"))
    }
}

/// The same job control inside GNU screen, the other terminal emulator people run shells in.
@Suite("Job control inside GNU screen", .serialized)
struct ScreenJobControlTests {
    /// A shell, and whether `focusflow` runs under a script (`sh -c`), where it does not lead its job.
    static let cases: [(String, Bool)] = [("bash", false), ("bash", true), ("sh", false), ("sh", true)]

    @Test("Every Ctrl-Z and fg brings the form back, with the shell's settings while stopped and at the end", arguments: cases)
    func suspendAndResume(shell: String, script: Bool) throws {
        let screen = try GNUScreen(shell: shell)
        try Data(TerminalTests.secretFlow.utf8).write(to: URL(fileURLWithPath: screen.folder + "/flow.json"))
        #expect(screen.waitFor { $0.last(where: { !$0.isEmpty }) == "$" }, "\(screen.text)")
        let program = #""$FOCUSFLOW" flow.json > out"#
        // A list the shell runs stops with its job: `fg` brings back only the job, so without the
        // script the status is asked after it (`fg`'s status is the job's).
        screen.type("stty -a > before; " + (script ? #"sh -c '\#(program); echo "after-$?"'"# : program))
        screen.enter()
        #expect(screen.waitFor("Ctrl-C cancel"), "\(screen.text)")
        screen.type("abc")
        // Ctrl-Z flushes what the terminal holds unread (the kernel does, for every program):
        // the keys must have been read before it is pressed.
        // GNU screen's copy of the screen is not UTF-8: the input line (above the key line) shows
        // its three masks as three like characters.
        #expect(
            screen.waitFor { lines in
                guard let keys = lines.firstIndex(where: { $0.contains("Ctrl-C cancel") }), keys > 0 else { return false }
                let masks = lines[keys - 1].trimmingCharacters(in: .whitespaces).suffix(3)
                return masks.count == 3 && Set(masks).count == 1 && masks.first != " "
            }, "\(screen.text)")
        for cycle in 1...3 {
            screen.control("z")
            #expect(screen.waitFor { $0.last(where: { !$0.isEmpty }) == "$" }, "cycle \(cycle): no prompt after Ctrl-Z:\n\(screen.text)")
            screen.type("stty -a > stopped\(cycle); cmp -s before stopped\(cycle) && echo same-\(cycle) || echo differ-\(cycle)")
            screen.enter()
            #expect(screen.waitFor { $0.contains("same-\(cycle)") || $0.contains("differ-\(cycle)") }, "\(screen.text)")
            #expect(screen.lines.contains("same-\(cycle)"), "cycle \(cycle): the settings while stopped are not the shell's:\n\(screen.text)")
            screen.type("fg")
            screen.enter()
            // The form is drawn again under the shell's lines: its key line is the last line.
            #expect(
                screen.waitFor { $0.last(where: { !$0.isEmpty })?.hasSuffix("Ctrl-C cancel") == true },
                "cycle \(cycle): fg did not bring the form back:\n\(screen.text)")
        }
        screen.type("def")
        screen.enter()
        #expect(screen.waitFor("Note"), "\(screen.text)")
        screen.type("n")
        screen.enter()
        if !script {
            #expect(screen.waitFor { $0.last(where: { !$0.isEmpty }) == "$" }, "\(screen.text)")
            screen.type(#"echo "after-$?""#)
            screen.enter()
        }
        #expect(screen.waitFor("after-0"), "the walk did not end, or its status is not 0:\n\(screen.text)")
        // The answers are in `out` once the shell has closed it: wait on its content, not a deadline.
        let answers = #"{"secret":"abcdef","note":"n"}"# + "\n"
        let deadline = Date().addingTimeInterval(10)
        while (try? String(contentsOfFile: screen.folder + "/out", encoding: .utf8)) != answers && Date() < deadline { usleep(10_000) }
        let written = try? String(contentsOfFile: screen.folder + "/out", encoding: .utf8)
        // Said with the test's secret masked, so that a failure shows what came instead.
        #expect(written == answers, "the answers: \(written.map { $0.replacing("abcdef", with: "••••••").debugDescription } ?? "none")")
        #expect(!screen.text.contains("abc") && !screen.text.contains("def"), "the secret was shown in clear")
        screen.type("stty -a > end; cmp -s before end && echo end-same || echo end-differ")
        screen.enter()
        #expect(screen.waitFor { $0.contains("end-same") || $0.contains("end-differ") }, "\(screen.text)")
        #expect(screen.lines.contains("end-same"), "the settings at the end are not the shell's:\n\(screen.text)")
    }
}
