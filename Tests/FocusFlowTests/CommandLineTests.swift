import Foundation
import Testing
@testable import FocusFlow

/// The command line as a person meets it: help, the default command, usage mistakes.
@Suite("Command line: help, default command and usage mistakes")
struct CommandLineTests {
    static let answers = ScriptedRunTests.answers
    static let loginAnswers = "ada@example.com\nhunter2\n"
    static let loginJSON = #"{"email":"ada@example.com","password":"hunter2"}"# + "\n"

    @Test("'focusflow help COMMAND' prints exactly what 'focusflow COMMAND --help' does", arguments: ["run", "validate", "serve", "replay", "check", "help"])
    func helpCommand(name: String) throws {
        let viaHelp = try Command.run(["help", name])
        let viaOption = try Command.run([name, "--help"])
        #expect(viaHelp.status == 0 && viaOption.status == 0)
        #expect(viaHelp.stdout == viaOption.stdout)
        #expect(viaHelp.stdout.hasPrefix("USAGE: focusflow \(name == "run" ? "[run]" : name)"))
    }

    @Test("'focusflow help' is the general help, which names every command")
    func generalHelp() throws {
        let help = try Command.run(["help"])
        #expect(help.status == 0)
        #expect(help.stdout == (try Command.run(["--help"])).stdout)
        for name in ["run", "validate", "serve", "replay", "check", "help"] {
            #expect(help.stdout.contains("\n  focusflow \(name == "run" ? "[run]" : name)"), "the usage of \(name) is missing")
            #expect(help.stdout.contains("\n  \(name) "), "the summary of \(name) is missing")
        }
        #expect(help.stdout.contains("74 the answers"))
    }

    @Test("'focusflow help NOPE' is a usage error")
    func helpUnknown() throws {
        let result = try Command.run(["help", "serv"])
        #expect(result.status == 2)
        #expect(result.stderr == "focusflow: there is no command 'serv'; did you mean 'serve'?\nRun 'focusflow help --help' for usage.\n")
    }

    @Test("focusflow-bench --help prints its help instead of running the bench")
    func benchHelp() throws {
        let result = try Command.run(["30", Command.bench.path, "--help"], data: nil, program: URL(fileURLWithPath: "/usr/bin/timeout"))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("USAGE: focusflow-bench"))
    }

    @Test("A first word that is no command walks that flow, whatever its name", arguments: ["login.flow", "serv"])
    func defaultCommand(name: String) throws {
        let folder = NSTemporaryDirectory() + "focusflow-default-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Fixtures.root.path + "/Flows/login.json", toPath: folder + "/" + name)
        let result = try Command.run([name], input: Self.loginAnswers, directory: URL(fileURLWithPath: folder))
        #expect(result.status == 0)
        #expect(result.stdout == Self.loginJSON)
        let withOptions = try Command.run(["--mask", "*", name], input: Self.loginAnswers, directory: URL(fileURLWithPath: folder))
        #expect(withOptions.stdout == Self.loginJSON)
    }

    /// Shell lines that hand a flow over stdin or a pipe, what they exit with, and what they say.
    static let flowsFromStandardInput: [(script: String, status: Int32, says: String)] = [
        (#"printf '%s' "$FLOW" | "$FOCUSFLOW" validate -"#, 0, "stdin: ok (1 field)"),
        (#"printf '%s' "$FLOW" | "$FOCUSFLOW" validate /dev/stdin"#, 0, "/dev/stdin: ok (1 field)"),
        (#""$FOCUSFLOW" validate - < "$FILE""#, 0, "stdin: ok (1 field)"),
        (#"printf '%s' "$FLOW" | "$FOCUSFLOW" check - > /dev/null && echo checked"#, 0, "checked"),
        (#"printf '%s' "$FLOW" | "$FOCUSFLOW" validate - "$FILE" /dev/stdin"#, 2, "/dev/stdin: "),
        (#"printf 'Ada\n' | "$FOCUSFLOW" run -"#, 2, "run reads the answers from stdin, so the flow cannot come from there too (-)"),
        (#"printf 'Ada\n' | "$FOCUSFLOW" run /dev/stdin"#, 2, "run reads the answers from stdin, so the flow cannot come from there too (/dev/stdin)"),
        (#""$FOCUSFLOW" serve - < /dev/null"#, 2, "serve reads its requests from stdin, so the flow cannot come from there too (-)"),
    ]

    @Test("A flow on stdin is taken where stdin is free (validate -, /dev/stdin, check -), and refused saying why where it holds the answers", arguments: flowsFromStandardInput)
    func flowFromStandardInput(_ line: (script: String, status: Int32, says: String)) throws {
        let flow = #"{"id":"n","title":"Name","fields":[{"id":"name","label":"Name"}]}"#
        let file = NSTemporaryDirectory() + "focusflow-stdin-\(UUID()).json"
        try Data(flow.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try Command.shell(line.script, environment: ["FLOW": flow, "FILE": file])
        #expect(result.status == line.status, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains(line.says), "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("no such file") && !result.stderr.contains("cannot be read"), "\(result.stderr)")
    }

    @Test(
        "A near-miss of a command that is no file is taken for a typo; anything else is a flow to run",
        arguments: [
            (["serv"], "focusflow: unknown command 'serv'; did you mean 'serve'?\nRun 'focusflow --help' for usage.\n"),
            (["version"], "focusflow: unknown command 'version'; did you mean '--version'?\nRun 'focusflow --help' for usage.\n"),
            (["login.flow"], "focusflow: login.flow: no such file\n"),
            (["--mask", "ab"], "focusflow: --mask takes one visible character, one or two columns wide, not \"ab\"\nRun 'focusflow --help' for usage.\n"),
        ])
    func typos(arguments: [String], message: String) throws {
        let result = try Command.run(arguments, input: Self.answers)
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "An option given twice is a usage error",
        arguments: [
            (["run", "--output", "a.json", "--output", "b.json"], "output", "run"),
            (["run", "--mask=*", "--mask", "#"], "mask", "run"),
            (["--accessible", "--accessible"], "accessible", "focusflow"),
            (["check", "--depth", "3", "--depth", "4"], "depth", "check"),
        ])
    func repeatedOption(arguments: [String], option: String, command: String) throws {
        let folder = NSTemporaryDirectory() + "focusflow-twice-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Command.run(arguments, input: Self.answers, directory: URL(fileURLWithPath: folder))
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let help = command == "focusflow" ? "focusflow --help" : "focusflow \(command) --help"
        #expect(result.stderr == "focusflow: --\(option) is given twice; give it once\nRun '\(help)' for usage.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "an answers file was written")
    }

    @Test(
        "--mask refuses what is not one visible character of width 1 or 2",
        arguments: [
            "", "ab", " ", "\t", "\u{7}", "\u{301}", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{3164}", "\u{FE0F}", "\u{2028}",
        ])
    func maskRefused(mask: String) throws {
        let result = try Command.run(["run", "--mask", mask], input: Self.answers)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        // An invisible character is quoted as an escape, as every word of the command line is.
        let quoted = DisplayText.escaped(mask.debugDescription)
        #expect(!quoted.unicodeScalars.contains { $0.properties.generalCategory == .format || $0.value == 0x2028 })
        #expect(result.stderr == "focusflow: --mask takes one visible character, one or two columns wide, not \(quoted)\nRun 'focusflow run --help' for usage.\n")
    }

    @Test(
        "--mask takes one visible character of width 1 or 2: ASCII, a bullet, Hangul, emoji, a composed accent",
        arguments: [
            "*", "•", "한", "🙂", "👍🏽", "e\u{301}", "#",
        ])
    func maskAccepted(mask: String) throws {
        let result = try Command.run(["run", "--mask", mask], input: Self.answers)
        #expect(result.status == 0)
        #expect(result.stdout == Self.signupJSON)
    }

    static let signupJSON = ScriptedRunTests.signupJSON

    @Test("validate on a folder says it is a folder")
    func validateFolder() throws {
        let result = try Command.run(["validate", "Flows"])
        #expect(result.status == 2)
        #expect(result.stderr == "Flows: a folder, not a flow file; name the flows in it, like Flows/*.json\n")
    }

    @Test("The README's own 'focusflow validate Flows/*.json' passes, skipping the JSON Schema")
    func validateReadmeGlob() throws {
        let readme = try ReadmeTests.readme()
        #expect(readme.contains("focusflow validate Flows/*.json"))
        let result = try Command.shell("exec \"$FOCUSFLOW\" validate Flows/*.json")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("Flows/flow.schema.json: skipped, a JSON Schema, not a flow\n"))
        #expect(result.stdout.contains("Flows/signup.json: ok (6 fields)\n"))
    }

    @Test("run on the JSON Schema says what it is")
    func runSchema() throws {
        let result = try Command.run(["run", "Flows/flow.schema.json"], input: Self.answers)
        #expect(result.status == 2)
        #expect(result.stderr == "focusflow: Flows/flow.schema.json: a JSON Schema for flow files, not a flow\n")
    }

    @Test(
        "replay with a flow and no script is a usage error, exit 2",
        arguments: [
            (["replay", "Flows/login.json"], "replay needs a SCRIPT after the flow: Flows/login.json is a flow file"),
            (["replay"], "replay needs a SCRIPT: focusflow replay [FLOW] SCRIPT"),
            (["replay", "Flows/login.json", "a", "b"], "replay takes a flow and a script, not 3 files"),
        ])
    func replayWithoutScript(arguments: [String], message: String) throws {
        let result = try Command.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "focusflow: \(message)\nRun 'focusflow replay --help' for usage.\n")
    }

    static let padded = "  text ada@example.com \t\r\n\tnext\n {\"action\":\"text\",\"value\":\"hunter2\"}\t \r\n \t# a comment\n  \nnext  \n"
    static let plain = "text ada@example.com\nnext\n{\"action\":\"text\",\"value\":\"hunter2\"}\nnext\n"

    @Test("serve and replay ignore spaces, tabs and a carriage return around a request line")
    func surroundingWhitespace() throws {
        let served = try Command.run(["serve", "Flows/login.json"], input: Self.padded)
        let expected = try Command.run(["serve", "Flows/login.json"], input: Self.plain)
        #expect(served.status == 0)
        #expect(served.stdout == expected.stdout)
        #expect(!served.stdout.contains(#"{"error":"#))
        #expect(served.stdout.contains(#"{"event":"completed","secret":true,"values":{"email":"ada@example.com","password":"hunter2"}}"#))
        let script = NSTemporaryDirectory() + "focusflow-padded-\(UUID()).txt"
        try Data(Self.padded.utf8).write(to: URL(fileURLWithPath: script))
        defer { try? FileManager.default.removeItem(atPath: script) }
        let replayed = try Command.run(["replay", "Flows/login.json", script])
        #expect(replayed.stdout == expected.stdout)
    }
}
