import Foundation
import Glibc
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// The accessible line mode (`--accessible`, `TERM=dumb`): commands to go back and to cancel,
/// which no answer can be mistaken for.
@Suite("Accessible line mode: a way back", .serialized)
struct AccessibleModeTests {
    @Test(
        "What a line means",
        arguments: [
            ("ada@example.com", LineInput.answer("ada@example.com")),
            ("", .answer("")),
            ("/back", .command(.key(.back))),
            ("/BACK ", .command(.key(.back))),
            ("/cancel", .command(.key(.cancel))),
            ("/help", .command(.help)),
            ("//back", .answer("/back")),
            ("///", .answer("//")),
            ("//", .answer("/")),
            ("a/back", .answer("a/back")),
            (" /back", .answer(" /back")),
            ("/bakc", .unknownCommand("bakc")),
            ("/", .unknownCommand("")),
            ("\u{1B}[Z", .command(.key(.back))),
            ("typed\u{1B}[Z", .command(.key(.back))),
            ("\u{1B}[A", .escapeSequence),
        ])
    func parse(line: String, input: LineInput) {
        #expect(LineInput(line: Array(line.utf8)) == input)
    }

    @Test("The help names every command, how to go back with Shift-Tab, Ctrl-D, and how to type a leading /")
    func help() {
        let help = LineCommand.helpText
        for command in LineCommand.all { #expect(help.contains("/\(command.name)")) }
        #expect(help.contains("Shift-Tab") && help.contains("Ctrl-D") && help.contains("//"))
    }

    static let languageFlow =
        #"{"id":"l","title":"Language","fields":[{"id":"lang","kind":"select","label":"Language","options":[{"value":"ko","label":"한국어 · Korean"},{"value":"en","label":"English"},{"value":"ja","label":"日本語 · Japanese"},{"value":"post","label":"Post"},{"value":"pickup","label":"Pick up in store"}]}]}"#

    @Test(
        "An option is taken by its value, its label, any part of a label joined with ·, in any case, or the start of one that names it alone",
        arguments: [
            ("한국어", "ko"), ("Korean", "ko"), ("KOREAN", "ko"), ("한국어 · Korean", "ko"), ("ko", "ko"), ("日本語", "ja"), ("japanese", "ja"),
            ("eng", "en"), ("日本", "ja"), ("pi", "pickup"), ("2", "en"),
        ])
    func optionByLabelPart(line: String, value: String) throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.languageFlow), "--accessible"])
        #expect(terminal.waitFor("Step 1 of 1. Language"), "\(terminal.output)")
        #expect(terminal.waitFor("): "), "\(terminal.output)")
        terminal.send(line + "\n")
        #expect(terminal.finish() == 0, "\(terminal.output)")
        #expect(terminal.stdoutText == #"{"lang":"\#(value)"}"# + "\n", "\(terminal.output)")
    }

    @Test("A line that could name several options is refused naming them, and the field is asked again")
    func ambiguousOption() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.languageFlow), "--accessible"])
        #expect(terminal.waitFor("): "), "\(terminal.output)")
        terminal.send("p\n")
        #expect(terminal.waitFor(#""p" could be Post or Pick up in store; type more of it."#), "\(terminal.output)")
        terminal.send("po\n")
        #expect(terminal.finish() == 0, "\(terminal.output)")
        #expect(terminal.stdoutText == #"{"lang":"post"}"# + "\n")
    }

    @Test(
        "The help and a refused command offer only the commands that apply: /resend where a field sends a code, /back where there is a field to go back to",
        arguments: [
            (["run", "Flows/signup.json", "--accessible"] + ServiceLineModeTests.programs, true, true),
            (["run", "--accessible", "Flows/delivery.json"], false, true),
            (["ask", "text", "Name", "--accessible"], false, false),
        ])
    func offersWhatApplies(arguments: [String], resend: Bool, back: Bool) throws {
        let terminal = try PseudoTerminal(arguments, directory: PseudoTerminal.packageRoot.path)
        #expect(terminal.waitFor("Ctrl-D cancels"), "\(terminal.output)")
        #expect(terminal.waitFor(": "), "\(terminal.output)")
        terminal.send("/nope\n")
        #expect(terminal.waitFor("/nope is not a command"), "\(terminal.output)")
        #expect(terminal.type("/help\n", expect: "says this again"))
        let said = terminal.output
        #expect(said.components(separatedBy: "/resend").count - 1 == (resend ? 3 : 0), "\(said)")
        #expect(said.contains("/back") == back, "\(said)")
        #expect(said.contains("Shift-Tab") == back, "\(said)")
        terminal.send("\u{4}")
        #expect(terminal.finish() == 130)
    }

    @Test(
        "A command that does nothing in the flow says so, naming the commands that do; /resend on a field that sends nothing names the rule",
        arguments: [
            (["run", "--accessible", "Flows/login.json"], "/resend", "/resend does not apply to this flow (/back, /cancel, /help)."),
            (["ask", "text", "Name", "--accessible"], "/resend", "/resend does not apply to this flow (/cancel, /help)."),
            (["ask", "text", "Name", "--accessible"], "/back", "/back does not apply to this flow (/cancel, /help)."),
            (
                ["run", "Flows/signup.json", "--accessible"] + ServiceLineModeTests.programs, "/resend",
                "/resend sends a code again on a field that sends one; Email sends none."
            ),
        ])
    func commandThatDoesNotApply(arguments: [String], command: String, says: String) throws {
        let terminal = try PseudoTerminal(arguments, directory: PseudoTerminal.packageRoot.path)
        #expect(terminal.waitFor("Ctrl-D cancels"), "\(terminal.output)")
        #expect(terminal.waitFor(": "), "\(terminal.output)")
        #expect(terminal.type(command + "\n", expect: says), "\(terminal.output)")
        #expect(!terminal.output.contains("That key"), "a line mode has no keys: \(terminal.output)")
        terminal.send("\u{4}")
        #expect(terminal.finish() == 130)
    }

    static func start(_ arguments: [String] = ["run", "--accessible"]) throws -> PseudoTerminal {
        try PseudoTerminal(arguments)
    }

    @Test("A mistyped confirmation: /back, enter the password again, confirm, finish")
    func mistypedConfirm() throws {
        let terminal = try Self.start()
        #expect(terminal.waitFor("/back"), "the help at the start names /back")
        #expect(terminal.waitFor("Step 1 of 6. Email"))
        #expect(terminal.type("ada@example.com\n", expect: "Step 2 of 6. Password"))
        #expect(terminal.type("hunter2-secret\n", expect: "Step 3 of 6. Confirm password"))
        #expect(terminal.type("hunter2-secert\n", expect: "Step 3 of 6. Confirm password"), "asked again")
        #expect(terminal.waitFor("Confirm password does not match Password."))
        #expect(terminal.waitFor("/back goes back to Password"), "a failure reminds the way back")
        #expect(terminal.type("/back\n", expect: "Step 2 of 6. Password"))
        #expect(terminal.type("correct-horse\n", expect: "Step 3 of 6. Confirm password"))
        #expect(terminal.type("correct-horse\n", expect: "Step 4 of 6. Nickname"))
        for answer in ["에이다 🙂", "+82 10 1234 5678", "123456"] { terminal.send(answer + "\n") }
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"email":"ada@example.com","password":"correct-horse","confirm":"correct-horse","nickname":"에이다 🙂","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
        for secret in ["hunter2", "correct-horse"] { #expect(!terminal.output.contains(secret), "a secure answer reached the screen") }
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }

    @Test("Enter keeps an answer only where the answer passes: a refused one is not offered again")
    func keepsOnlyWhatPasses() throws {
        let flow = try TerminalTests.flow(
            #"{"id":"t","title":"Terms","fields":[{"id":"ok","kind":"confirm","label":"Accept","default":false,"rules":{"equals":true}},{"id":"name","label":"Name","default":"Ada"}]}"#)
        let terminal = try PseudoTerminal([flow, "--accessible"])
        #expect(terminal.waitFor("Step 1 of 2. Accept"), "\(terminal.output)")
        #expect(terminal.waitFor("): "), "\(terminal.output)")
        #expect(!terminal.output.contains("Enter keeps it"), "the default no fails equals true: Enter cannot keep it")
        #expect(terminal.type("\n", expect: "Step 1 of 2. Accept"), "refused, asked again")
        #expect(!terminal.output.contains("Enter keeps it"), "\(terminal.output)")
        #expect(terminal.type("y\n", expect: "Step 2 of 2. Name (now Ada; Enter keeps it)"), "an answer that passes is offered")
        terminal.send("\n")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"ok":true,"name":"Ada"}"# + "\n")
    }

    @Test("A Shift-Tab line goes back instead of becoming the answer, in a secure field and a plain one")
    func shiftTab() throws {
        let terminal = try Self.start()
        #expect(terminal.waitFor("Step 1 of 6. Email"))
        #expect(terminal.type("ada@example.com\n", expect: "Step 2 of 6. Password"))
        #expect(terminal.type("hunter2-secret\n", expect: "Step 3 of 6. Confirm password"))
        #expect(terminal.type("hunter\u{1B}[Z\n", expect: "Step 2 of 6. Password"))
        #expect(terminal.type("\n", expect: "Step 3 of 6. Confirm password"), "Enter keeps the current password")
        #expect(terminal.type("hunter2-secret\n", expect: "Step 4 of 6. Nickname"))
        #expect(terminal.type("\u{1B}[Z\n", expect: "Step 3 of 6. Confirm password"))
        terminal.send("\u{4}")
        #expect(terminal.finish() == 130, "Ctrl-D still cancels")
        #expect(terminal.stdoutText.isEmpty)
        #expect(!terminal.output.contains("hunter"))
    }

    @Test("An answer that looks like a command is typed with the / doubled; an unknown command is refused, never taken")
    func literalAnswers() throws {
        let terminal = try Self.start()
        #expect(terminal.waitFor("Step 1 of 6. Email"))
        #expect(terminal.type("ada@example.com\n", expect: "Step 2 of 6. Password"))
        #expect(terminal.type("/hunter2-secret\n", expect: "Step 2 of 6. Password"), "an unknown command asks again")
        #expect(terminal.waitFor("not a command"))
        #expect(terminal.type("//hunter2-secret\n", expect: "Step 3 of 6. Confirm password"))
        #expect(terminal.type("//hunter2-secret\n", expect: "Step 4 of 6. Nickname"))
        #expect(terminal.type("/nick\n", expect: "Step 4 of 6. Nickname"))
        #expect(terminal.waitFor("/nick is not a command"))
        #expect(terminal.type("//back\n", expect: "Step 5 of 6"))
        for answer in ["+82 10 1234 5678", "123456"] { terminal.send(answer + "\n") }
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"email":"ada@example.com","password":"/hunter2-secret","confirm":"/hunter2-secret","nickname":"/back","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
        #expect(!terminal.output.contains("hunter2"), "a secure answer reached the screen, even in a message")
    }

    @Test("/help on request; /back on the first field says so; /cancel cancels")
    func helpBackCancel() throws {
        let terminal = try Self.start()
        #expect(terminal.waitFor("Step 1 of 6. Email"))
        #expect(terminal.type("/help\n", expect: "/cancel"), "the help again")
        #expect(terminal.waitFor { $0.components(separatedBy: "Step 1 of 6. Email").count == 3 })
        #expect(terminal.type("/back\n", expect: "Step 1 of 6. Email"))
        #expect(terminal.waitFor("first field"))
        terminal.send("/cancel\n")
        #expect(terminal.finish() == 130)
        #expect(terminal.stdoutText.isEmpty)
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }
}

extension PseudoTerminal {
    /// Sends `keys`, then waits until `expected` shows in what the program draws after them.
    func type(_ keys: String, expect expected: String) -> Bool {
        let mark = output.utf8.count
        send(keys)
        return waitFor { String(decoding: Array($0.utf8.dropFirst(mark)), as: UTF8.self).contains(expected) }
    }
}
