import Foundation
import Testing
import FocusFlow
import FocusFlowConsole
import PseudoTerminalSupport

/// `run --format shell|env`: what a shell's `eval` and a dotenv reader make of the answers, for
/// values a hostile person could type.
@Suite("Answer formats")
struct AnswerFormatTests {
    /// Values a text field takes that mean something to a shell or a dotenv reader.
    static let hostile = [
        "it's", "`touch pwned`", "$(touch pwned)", "${HOME}", "\\", "\\'", "\"q\"", "'\\''", "; touch pwned | x &",
        "한글 🙂", "", "  spaced  ", "$", "a=b", "#not a comment", "'", "''",
    ]

    /// A flow of one plain text field for each hostile value, `f0`, `f1` …, and answers for all
    /// of them: a walk that asks only the last, kept with an empty line.
    static func hostileWalk() throws -> (flow: String, answers: String) {
        let fields = hostile.indices.map { #"{"id":"f\#($0)","label":"F\#($0)"}"# }
        let flow = try ScratchFolder.write(#"{"id":"hostile","title":"Hostile","fields":[\#(fields.joined(separator: ","))]}"#, named: "format", ".json")
        var answers: [String: String] = [:]
        for (index, value) in hostile.enumerated() { answers["f\(index)"] = value }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: answers), as: UTF8.self)
        return (flow, try ScratchFolder.write(json, named: "answers", ".json"))
    }

    @Test(
        "eval \"$(focusflow run --format shell)\" gives every value back as typed, running nothing",
        arguments: ["/bin/sh", "/bin/bash"])
    func shellEval(shell: String) throws {
        let (flow, answers) = try Self.hostileWalk()
        let folder = URL(fileURLWithPath: ScratchFolder.name("eval"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = Self.hostile.indices.map { "\"$f\($0)\"" }.joined(separator: " ")
        let script = """
            set -e
            answers=$(printf '\\n' | "$FOCUSFLOW" run '\(flow)' --answers '\(answers)' --skip-filled --format shell)
            eval "$answers"
            printf '%s\\n' \(names)
            """
        let result = try Command.run(
            ["-c", script], data: nil, directory: folder,
            environment: ["FOCUSFLOW": Command.executable.path], program: URL(fileURLWithPath: shell))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.hostile.map { $0 + "\n" }.joined())
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path), "the eval ran a command")
    }

    @Test(
        "--format env --output FILE is a dotenv file that sh reads back (set -a; . FILE) value for value, expanding nothing",
        arguments: ["/bin/sh", "/bin/bash"])
    func dotenvReadBack(shell: String) throws {
        let (flow, answers) = try Self.hostileWalk()
        let folder = URL(fileURLWithPath: ScratchFolder.name("env"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("answers.env").path
        let walk = try Command.run(["run", flow, "--answers", answers, "--skip-filled", "--format", "env", "--output", output], input: "\n")
        #expect(walk.status == 0, "\(walk.stderr)")
        #expect(walk.stdout.isEmpty)
        let names = Self.hostile.indices.map { "\"$F\($0)\"" }.joined(separator: " ")
        // The values are exported as a dotenv loader would: a child process sees them too.
        let script = "set -a; . ./answers.env; set +a; printf '%s\\n' \(names); env | grep -c '^F[0-9]*=' || true"
        let read = try Command.run(["-c", script], data: nil, directory: folder, program: URL(fileURLWithPath: shell))
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == Self.hostile.map { $0 + "\n" }.joined() + "\(Self.hostile.count)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path), "reading the file ran a command")
    }

    @Test("Every kind's answer in the shell and env formats: text, yes/no, the value, the values spaced, the number, the date")
    func everyKind() throws {
        let flow = try ScratchFolder.write(
            """
            {"id":"kinds","title":"Kinds","fields":[
              {"id":"name","label":"Name"},
              {"id":"terms","kind":"confirm","label":"Terms"},
              {"id":"plan","kind":"select","label":"Plan","options":[{"value":"pro","label":"Pro"},{"value":"free","label":"Free"}]},
              {"id":"channels","kind":"multiSelect","label":"Channels","options":[{"value":"sms"},{"value":"email"},{"value":"post"}]},
              {"id":"age","kind":"number","label":"Age"},
              {"id":"born","kind":"date","label":"Born"},
              {"id":"nick-name","label":"Nickname"}
            ]}
            """, named: "kinds", ".json")
        let lines = "Ada\ny\nFree\nsms,post\n42\n1990-04-23\n\n"
        let shell = try Command.run(["run", flow, "--format", "shell"], input: lines)
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(
            shell.stdout == """
                name='Ada'
                terms='true'
                plan='free'
                channels='sms post'
                age='42'
                born='1990-04-23'
                nick_name=''

                """)
        let env = try Command.run(["run", flow, "--format", "env"], input: lines)
        #expect(env.stdout.split(separator: "\n") == [#"NAME="Ada""#, #"TERMS="true""#, #"PLAN="free""#, #"CHANNELS="sms post""#, #"AGE="42""#, #"BORN="1990-04-23""#, #"NICK_NAME="""#])
        let json = try Command.run(["run", flow, "--format", "json"], input: lines)
        #expect(json.stdout == #"{"name":"Ada","terms":true,"plan":"free","channels":["sms","post"],"age":42,"born":"1990-04-23","nick-name":""}"# + "\n")
    }

    /// Options a multi-select may offer that a list of words joined by spaces would confuse or
    /// a shell would expand: spaces, quotes, `$(…)`, backquotes, a backslash, glob and tilde
    /// characters, a leading `-`, Hangul and emoji. (No option holds a line end: the loader
    /// refuses control characters in a flow's text; ``multiSelectThroughAPI(shell:)`` tries them.)
    static let options = [
        "New York", "New", "York", "it's", "\"q\"", "$(touch pwned)", "`touch pwned`", "a\\b", "한국어 🙂", "*", "~", "-n", "a=b",
        "  spaced  ", "sms",
    ]

    /// The selections each multi-select test reads back.
    static let selections: [[String]] = [
        ["New York"], ["New", "York"], [], ["sms"], options.filter { $0 != "New York" && $0 != "New" && $0 != "York" },
    ]

    /// `set -- …` from the variable (an array first, in bash), then each value on a line of its
    /// own between `<` and `>`, and how many there were: what a script reads back.
    static func readBack(_ variable: String, shell: String) -> String {
        let list = shell == "/bin/bash" ? "eval \"values=($\(variable))\"; set -- \"${values[@]}\"" : "eval \"set -- $\(variable)\""
        return "\(list); for value in \"$@\"; do printf '<%s>\\n' \"$value\"; done; echo \"count=$#\""
    }

    static func expected(_ values: [String]) -> String {
        values.map { "<\($0)>\n" }.joined() + "count=\(values.count)\n"
    }

    @Test(
        "A multi-select in --format shell and env reads back value for value: eval \"set -- $var\" in sh, an array in bash",
        arguments: ["/bin/sh", "/bin/bash"], selections)
    func multiSelectReadBack(shell: String, selection: [String]) throws {
        let spec: [String: Any] = [
            "id": "multi", "title": "Multi",
            "fields": [["id": "langs", "kind": "multiSelect", "label": "Languages", "options": Self.options.map { ["value": $0] }]],
        ]
        let flow = try ScratchFolder.write(String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self), named: "multi", ".json")
        let answers = try ScratchFolder.write(
            String(decoding: try JSONSerialization.data(withJSONObject: ["langs": selection]), as: UTF8.self), named: "answers", ".json")
        let folder = URL(fileURLWithPath: ScratchFolder.name("multi"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let walk = "printf '\\n' | \"$FOCUSFLOW\" run '\(flow)' --answers '\(answers)' --skip-filled"
        let scripts = [
            "set -e; answers=$(\(walk) --format shell); eval \"$answers\"; \(Self.readBack("langs", shell: shell))",
            "set -e; \(walk) --format env --output answers.env; set -a; . ./answers.env; set +a; \(Self.readBack("LANGS", shell: shell))",
        ]
        for script in scripts {
            let result = try Command.run(
                ["-c", script], data: nil, directory: folder, environment: ["FOCUSFLOW": Command.executable.path],
                program: URL(fileURLWithPath: shell))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == Self.expected(selection), "\(selection) in \(shell): \(script)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path), "reading the answers ran a command")
    }

    @Test("[\"New York\"] and [\"New\", \"York\"] are written differently; simple values stay plain words")
    func multiSelectUnambiguous() {
        func line(_ values: [String], _ format: AnswerFormat) -> String {
            format.text(of: FlowResult(answers: [.init(field: "langs", answer: .choices(values))]), names: [:])
        }
        #expect(line(["New York"], .shell) != line(["New", "York"], .shell))
        #expect(line(["New York"], .env) != line(["New", "York"], .env))
        #expect(line(["sms", "email"], .shell) == "langs='sms email'\n")
        #expect(line(["New York"], .shell) == #"langs=''\''New York'\'''"# + "\n")
        #expect(line([], .shell) == "langs=''\n")
        #expect(line([""], .shell) != line([], .shell))
    }

    @Test(
        "Through the API, multi-select values with line ends, tabs and quotes read back in sh and bash",
        arguments: ["/bin/sh", "/bin/bash"])
    func multiSelectThroughAPI(shell: String) throws {
        let values = ["x\ny", "tab\there", "'", "", "end\n"]
        let text = AnswerFormat.shell.text(of: FlowResult(answers: [.init(field: "langs", answer: .choices(values))]), names: [:])
        let result = try Command.run(
            ["-c", "eval \"$1\"; \(Self.readBack("langs", shell: shell))", "sh", text], data: nil, program: URL(fileURLWithPath: shell))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.expected(values))
    }

    @Test(
        "An id becomes a shell name by one rule",
        arguments: [
            ("email", "email"), ("first-name", "first_name"), ("2fa", "_2fa"), ("a.b c", "a_b_c"), ("_x", "_x"), ("이름", "__"), ("café", "caf_"),
        ])
    func shellName(id: String, name: String) {
        #expect(AnswerFormat.shellName(FieldID(id)) == name)
    }

    @Test(
        "Shell quoting is exact for any text, line ends and quotes included",
        arguments: [
            ("", "''"), ("a'b", #"'a'\''b'"#), ("x\ny", "'x\ny'"), (#"a\b"#, #"'a\b'"#),
        ])
    func shellQuoted(text: String, quoted: String) {
        #expect(AnswerFormat.shellQuoted(text) == quoted)
    }

    @Test(
        "Dotenv quoting escapes what a double-quoted value would expand, and spells control characters",
        arguments: [
            ("", #""""#), (#"a"b"#, #""a\"b""#), ("$HOME `x` \\", #""\$HOME \`x\` \\""#), ("x\ny\tz\r", #""x\ny\tz\r""#), ("it's", #""it's""#),
        ])
    func dotenvQuoted(text: String, quoted: String) {
        #expect(AnswerFormat.dotenvQuoted(text) == quoted)
    }

    /// Two ids that come to one name, or an id that comes to a variable the shell reads.
    static let refused: [(ids: [String], format: String, says: String)] = [
        (["first-name", "first_name"], "shell", #"the fields "first-name" and "first_name" both come to first_name"#),
        (["email", "EMAIL"], "env", #"the fields "email" and "EMAIL" both come to EMAIL"#),
        (["path"], "env", #"the answer of "path": it would be PATH, a variable the shell reads itself"#),
        (["IFS"], "shell", #"the answer of "IFS": it would be IFS"#),
    ]

    @Test("A flow whose ids cannot be named is refused before the first field (exit 2), naming them", arguments: refused)
    func namesRefused(ids: [String], format: String, says: String) throws {
        let fields = ids.map { #"{"id":"\#($0)","label":"\#($0)"}"# }.joined(separator: ",")
        let flow = try ScratchFolder.write(#"{"id":"names","title":"Names","fields":[\#(fields)]}"#, named: "names", ".json")
        let result = try Command.run(["run", flow, "--format", format], input: "a\nb\n")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(result.stderr.contains("Nothing was asked"))
        // JSON names nothing: the same flow walks.
        #expect(try Command.run(["run", flow], input: "a\nb\n").status == 0)
    }

    @Test("The refusal and an unknown format are said in Korean with --lang ko")
    func korean() throws {
        let flow = try ScratchFolder.write(#"{"id":"k","title":"K","fields":[{"id":"home","label":"Home"}]}"#, named: "k", ".json")
        let refused = try Command.run(["run", flow, "--format", "env", "--lang", "ko"], input: "a\n")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("셸이 스스로 읽는 변수 HOME"), "\(refused.stderr)")
        let unknown = try Command.run(["run", "--format", "shel", "--lang", "ko"], input: "")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("혹시 shell인가요?"), "\(unknown.stderr)")
    }

    @Test("An unknown format is a usage error naming the formats and the nearest")
    func unknownFormat() throws {
        let result = try Command.run(["run", "--format", "yaml"], input: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"--format takes json, shell, env, not "yaml""#), "\(result.stderr)")
        #expect(try Command.run(["run", "--format", "shel"], input: "").stderr.contains("did you mean shell?"))
    }
}
