import Foundation
import Testing
@testable import focusflow

/// `focusflow ask KIND LABEL`: one question, its answer on stdout, through piped input and
/// through `$(…)` in a real shell.
@Suite("ask")
struct AskCommandTests {
    /// A question, the line piped to it, what it prints as text and as JSON, and its status.
    static let answered: [(words: [String], line: String, text: String, json: String, status: Int32)] = [
        (["text", "Nickname"], "에이다 🙂", "에이다 🙂\n", "\"에이다 🙂\"\n", 0),
        (["secure", "PIN"], "it's $(x)", "it's $(x)\n", "\"it's $(x)\"\n", 0),
        // A confirm speaks by its status alone, as `gum confirm` does; `--format` prints it.
        (["confirm", "Continue?"], "y", "", "true\n", 0),
        (["confirm", "Continue?"], "n", "", "false\n", 1),
        // An empty line keeps the answer it starts at, Yes, as gum's, clack's and Inquirer's do.
        (["confirm", "Continue?"], "", "", "true\n", 0),
        (["confirm", "Continue?", "--default", "false"], "", "", "false\n", 1),
        (["select", "Plan", "--option", "free=Free", "--option", "pro=Pro"], "Pro", "pro\n", "\"pro\"\n", 0),
        (["multiSelect", "Tags", "--option", "a", "--option", "b", "--option", "c", "--max-selected", "2"], "a,c", "a\nc\n", "[\"a\",\"c\"]\n", 0),
        (["confirm", "Accept", "--equals", "true"], "y", "", "true\n", 0),
        (["number", "Price", "--decimals", "2", "--min", "0"], "4.5", "4.5\n", "4.5\n", 0),
        (["date", "Born", "--max", "today"], "19900423", "1990-04-23\n", "\"1990-04-23\"\n", 0),
        (["text", "Empty"], "", "\n", "\"\"\n", 0),
    ]

    @Test("Every kind prints its answer as text and a newline, or as JSON with --format json", arguments: answered)
    func answers(words: [String], line: String, text: String, json: String, status: Int32) throws {
        let plain = try Command.run(["ask"] + words, input: line + "\n")
        #expect(plain.status == status, "\(plain.stderr)")
        #expect(plain.stdout == text)
        let asJSON = try Command.run(["ask"] + words + ["--format", "json"], input: line + "\n")
        #expect(asJSON.stdout == json)
    }

    @Test("In $(…) of a real shell the answer is the variable's value, quotes and $(…) kept as typed")
    func captured() throws {
        let result = try Command.shell(
            #"""
            nick=$(printf '%s\n' "it's \`x\` \$(y)" | "$FOCUSFLOW" ask text Nickname --required)
            printf '[%s]\n' "$nick"
            if printf 'n\n' | "$FOCUSFLOW" ask confirm 'Go?' >/dev/null; then echo yes; else echo "no $?"; fi
            """#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "[it's `x` $(y)]\nno 1\n")
    }

    @Test("ask confirm … && …: yes is 0 and no is 1 with nothing printed, --print prints true or false, an answer it cannot read is 2")
    func confirmByStatus() throws {
        let result = try Command.shell(
            #"""
            printf 'y\n' | "$FOCUSFLOW" ask confirm 'Go?' && echo "yes $?"
            printf 'n\n' | "$FOCUSFLOW" ask confirm 'Go?' || echo "no $?"
            printf 'maybe\n' | "$FOCUSFLOW" ask confirm 'Go?' 2>/dev/null; echo "unread $?"
            printf 'n\n' | "$FOCUSFLOW" ask confirm 'Go?' --print; echo "printed $?"
            printf 'yes\n' | "$FOCUSFLOW" ask confirm 'Go?' --print --format json; echo "json $?"
            """#)
        #expect(result.stdout == "yes 0\nno 1\nunread 2\nfalse\nprinted 1\ntrue\njson 0\n", "\(result.stderr)")
    }

    @Test("ask --tty with no terminal to ask on is exit 2, saying so, and reads nothing of stdin")
    func ttyWithoutTerminal() throws {
        // setsid: a session with no controlling terminal, as under cron or a CI runner.
        let result = try Command.shell(#"printf 'ada\n' | setsid -w "$FOCUSFLOW" ask text Name --tty; echo "status $?""#)
        #expect(result.stdout == "status 2\n")
        #expect(result.stderr.contains("--tty: there is no terminal to ask on"), "\(result.stderr)")
    }

    @Test("A piped answer that breaks a rule is exit 2 (1 is a confirm's no), naming the line and the rule")
    func refused() throws {
        let result = try Command.run(["ask", "text", "Nickname", "--min-length", "3", "--message", "Three or more, please."], input: "ab\n")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "focusflow: line 1: Nickname: Three or more, please.\n", "the question is named by its label alone")
        let pattern = try Command.run(["ask", "text", "Code", "--pattern", "[0-9]{4}"], input: "12a4\n")
        #expect(pattern.status == 2)
        #expect(try Command.run(["ask", "text", "Code", "--pattern", "[0-9]{4}"], input: "1234\n").stdout == "1234\n")
    }

    @Test(
        "--default starts the answer; an empty line keeps it",
        arguments: [
            (["text", "Name", "--default", "Ada"], "Ada\n"), (["confirm", "Go?", "--default", "true", "--print"], "true\n"),
            (["select", "Plan", "--option", "a", "--option", "b", "--default", "b"], "b\n"), (["number", "N", "--default", "7"], "7\n"),
        ])
    func defaults(words: [String], printed: String) throws {
        let result = try Command.run(["ask"] + words, input: "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == printed)
    }

    /// Command lines `ask` refuses before asking, and what it says.
    static let mistakes: [(words: [String], says: String)] = [
        ([], "ask needs a KIND and a LABEL"),
        (["txt", "Name"], #"unknown kind "txt"; did you mean text?"#),
        (["text"], "ask needs a LABEL after the kind"),
        (["text", "Your", "name"], "ask takes one LABEL, not 2 words"),
        (["text", "Name", "--mask", "*"], "--mask does not apply to a text question"),
        (["confirm", "Go?", "--keyboard", "numberPad"], "--keyboard: a confirm field has no text to type"),
        (["text", "Name", "--option", "a"], "--option does not apply to a text question"),
        (["select", "Plan"], "a select question needs its choices"),
        (["number", "N", "--min", "ten"], "--min: min and max of a number field must be a number"),
        (["number", "N", "--step", "x"], #"--step takes a number, not "x""#),
        (["confirm", "Go?", "--equals", "maybe"], #"--equals takes true or false, not "maybe""#),
        (["multiSelect", "T", "--option", "a", "--min", "1"], "--min does not apply to a multiSelect question"),
        (["multiSelect", "T", "--option", "a", "--min-selected", "2"], "--min-selected:"),
        (["text", "N", "--min-length", "9", "--max-length", "3"], "minLength 9 is more than maxLength 3"),
        (["text", "N", "--pattern", "("], "does not compile as a regular expression"),
        (["text", "N", "--keyboard", "nope"], #"unknown keyboard "nope""#),
        (["secure", "PIN", "--default", "1234"], "--default does not apply to a secure question"),
        (["text", "Name", "--print"], "--print does not apply to a text question"),
        (["confirm", "Go?", "--default", "maybe"], #"--default: "Go?" is a confirm field"#),
        (["select", "Plan", "--option", "a", "--default", "z"], "--default:"),
        (["text", "N", "--format", "yaml"], #"--format takes text, json, not "yaml""#),
        (["number", "N", "--decimals", "9"], "--decimals: must be from 0 to 6, not 9"),
    ]

    @Test("A question that cannot be asked is a usage error (exit 2) before anything shows", arguments: mistakes)
    func usage(words: [String], says: String) throws {
        let result = try Command.run(["ask"] + words, input: "x\n")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(result.stderr.contains("focusflow ask --help"))
    }

    @Test("A kind's own key is an option only for the kinds that take it", arguments: Ask.keys.map(\.key.option))
    func ownKeys(option: String) throws {
        let taking = try #require(Ask.keys.first { $0.key.option == option }).kinds
        #expect(!taking.isEmpty)
        for kind in Ask.kinds where !taking.contains(kind) {
            let choices = Ask.fieldKind(kind)?.hasOptions == true ? ["--option", "a"] : []
            let result = try Command.run(["ask", kind, "Q", "--\(option)", "1"] + choices, input: "")
            #expect(result.status == 2)
            #expect(result.stderr.contains("--\(option) does not apply to a \(kind) question"), "\(kind): \(result.stderr)")
        }
    }

    @Test("Its mistakes and its help are in Korean with --lang ko")
    func korean() throws {
        let result = try Command.run(["ask", "txt", "이름", "--lang", "ko"], input: "")
        #expect(result.stderr.contains("알 수 없는 종류입니다"), "\(result.stderr)")
        let help = try Command.run(["ask", "--help", "--lang", "ko"])
        #expect(help.stdout.contains("질문 하나를 터미널에서 묻고"))
        #expect(try Command.run(["ask", "text", "나이", "--lang", "ko"], input: "서른\n").stdout == "서른\n")
    }

    @Test("ask is in the general help and its own help names every option it takes")
    func help() throws {
        let general = try Command.run(["--help"])
        #expect(general.stdout.contains("ask"))
        let own = try Command.run(["help", "ask"])
        for option in ["placeholder", "hint", "keyboard", "default", "required", "message", "option", "mask", "format", "accessible", "theme", "lang", "print", "tty"]
            + Ask.keys.map(\.key.option)
        {
            #expect(own.stdout.contains("--\(option)"), "ask --help does not name --\(option)")
        }
    }
}
