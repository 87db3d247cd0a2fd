import Foundation
import PseudoTerminalSupport
import Testing

/// An answers file is read as strictly as a flow file (the same syntax check, every error placed
/// `FILE:LINE:COLUMN`), and the command line says when two of its inputs would claim one field.
@Suite("Inputs as strict as flow files")
struct StrictInputTests {
    static let secret = "hunter2-secret"

    @Test(
        "An answers file with a trailing comma, a key given twice or broken JSON is refused with its line and column, exit 2",
        arguments: [
            ("{\"email\": \"ada@example.com\",\n}", ":2:1: a comma before '}' is not allowed"),
            ("{\"email\": \"a@example.com\",\n \"email\": \"b@example.com\"}", ":2:2: the key \"email\" is given twice in this object; keep one"),
            ("{\"email\": \"ada@example.com\"", ":1:28: the text ends inside an object; expected '}'"),
            ("{\"email\": 'ada'}", ":1:11: expected a value"),
            ("{\"password\": \"\(secret)\",\n \"password\": \"\(secret)\"}", ":2:2: the key \"password\" is given twice"),
        ])
    func strictAnswers(text: String, message: String) throws {
        let path = try ScratchFolder.write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Command.run(["run", "--answers", path], input: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--answers \(path)\(message)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.contains(Self.secret), "a secure value reached an error message")
    }

    @Test("An answers file that is not UTF-8 says so")
    func notText() throws {
        let path = NSTemporaryDirectory() + "focusflow-strict-\(UUID()).json"
        try Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Command.run(["run", "--answers", path], input: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a text file (it is not valid UTF-8)"), "\(result.stderr)")
    }

    @Test("Two --set of one field are a usage error naming it, as a repeated option is")
    func setTwice() throws {
        let result = try Command.run(["run", "--set", "email=a@example.com", "--set=email=b@example.com"], input: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--set gives \"email\" twice; give each field once"), "\(result.stderr)")
    }

    @Test("--set or --answers with a --draft that resumes is refused, naming --draft-discard; with --draft-discard it is taken")
    func prefillWithDraft() throws {
        let folder = NSTemporaryDirectory() + "focusflow-strict-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draft = folder + "/draft.json"
        // A walk that stops after the email leaves a draft that resumes.
        let first = try Command.run(["run", "--draft", draft], input: "ada@example.com\n")
        #expect(first.status != 0)
        #expect(FileManager.default.fileExists(atPath: draft))
        let refused = try Command.run(["run", "--draft", draft, "--set", "nickname=에이다"], input: "")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--set and --answers cannot be given with --draft \(draft), which resumes a walk"), "\(refused.stderr)")
        #expect(FileManager.default.fileExists(atPath: draft), "the draft is kept")
        let afresh = try Command.run(
            ["run", "--draft", draft, "--draft-discard", "--set", "nickname=에이다", "--skip-filled"],
            input: "ada@example.com\n\(Self.secret)\n\(Self.secret)\n+82 10 1234 5678\n123456\n")
        #expect(afresh.status == 0, "\(afresh.stderr)")
        #expect(afresh.stdout.contains(#""nickname":"에이다""#), "\(afresh.stdout)")
    }
}

/// The sample flows take the real formats they ask for.
@Suite("Sample flows take real answers")
struct SampleFlowAnswerTests {
    @Test(
        "Delivery's postcode takes the formats of the UK, the US, Germany, Japan, Canada and Korea, and refuses what is none",
        arguments: [
            ("SW1A 1AA", true), ("EC1A 1BB", true), ("m1 1ae", true), ("90210", true), ("90210-1234", true), ("10115", true),
            ("100-0001", true), ("K1A 0B1", true), ("06236", true), ("!!!", false), ("-123", false), ("A", true), ("12345678901", false),
        ])
    func postcodes(postcode: String, passes: Bool) throws {
        let result = try Command.run(["run", "Flows/delivery.json"], input: "Ada\npost\n12 Example Road\n\(postcode)\n\n")
        #expect((result.status == 0) == passes, "\(postcode): \(result.stderr)")
        if passes { #expect(result.stdout.contains(#""postcode":"\#(postcode)""#), "\(result.stdout)") } else { #expect(result.stderr.contains("Postcode"), "\(result.stderr)") }
    }
}

/// A pattern that does not compile says why, in RE2's terms made plain, and where: the part RE2
/// names, or the construct refused, at the character where it starts.
@Suite("A bad pattern says why and where")
struct PatternErrorTests {
    @Test(
        "validate names the problem and the character where it starts",
        arguments: [
            ("(ab", "a parenthesis without its pair, at character 1"),
            ("a{3,1}", "a {m,n} count whose n is below m, at character 2"),
            ("(?<=a+)b", "a look-ahead or look-behind ((?=, (?!, (?<=, (?<!), which no pattern may have: matching stays linear in time; give each condition a requirement of its own, at character 1"),
            (#"\p{Nope}"#, "a \\p{…} property that is not a general category (\\p{L}) or a script (\\p{Hangul}), at character 1"),
            ("[z-a]", "a range whose end comes before its start, at character 2"),
            ("한국(", "a parenthesis without its pair, at character 3"),
            ("aa)bc", "a parenthesis without its pair, at character 3"),
            ("👍👍)bc", "a parenthesis without its pair, at character 3"),
            ("👍🏽)", "a parenthesis without its pair, at character 2"),
            ("\u{1B}[a-", "a '[' without its ']', at character 2"),
            (String(repeating: "a", count: 100) + "(", "a parenthesis without its pair, at character 101"),
            (#"(a)\1"#, "a back reference (\\1, \\k<name>), which no pattern may have: matching stays linear in time, at character 4"),
        ])
    func badPattern(pattern: String, message: String) throws {
        // Shown with its backslashes as written (the column counts them), control characters
        // escaped, and a long one cut to the characters around the problem.
        let shown = pattern.count > 60 ? "…" + String(repeating: "a", count: 59) + "(" : pattern.replacingOccurrences(of: "\u{1B}", with: #"\u{1b}"#)
        let quoted = String(decoding: try JSONEncoder().encode(pattern), as: UTF8.self)
        let path = try ScratchFolder.write(#"{"id":"p","title":"P","fields":[{"id":"x","rules":{"pattern":\#(quoted)}}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Command.run(["validate", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"rules.pattern: the pattern "\#(shown)" does not compile as a regular expression: \#(message)"#), "\(result.stderr)")
    }
}

/// `validate` reports every problem of a file in one run.
@Suite("validate reports every problem")
struct ValidateEveryProblemTests {
    @Test("Six mistakes in six fields are six lines, in file order, and the exit is 2")
    func sixProblems() throws {
        let path = try ScratchFolder.write(
            """
            {"id": "six", "title": "Six", "fields": [
              {"id": "a", "secure": "yes"},
              {"id": "b", "kind": "selct"},
              {"id": "c", "rules": {"minLength": 9, "maxLength": 3}},
              {"id": "d", "rules": {"pattern": "(ab"}},
              {"id": "e", "rules": {"matches": "nope"}},
              {"id": "a"},
              {"id": "ok"}
            ]}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Command.run(["validate", path])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let expected = [
            #"fields[0] ("a").secure: expected true or false"#, #"fields[1] ("b").kind: unknown kind "selct"; did you mean "select"?"#,
            #"fields[2] ("c").rules.minLength: minLength 9 is more than maxLength 3"#, #"fields[3] ("d").rules.pattern: the pattern "(ab" does not compile"#,
            #"fields[4] ("e").rules.matches: "nope" names no earlier field"#, #"fields[5].id: duplicate id "a""#,
        ]
        #expect(lines.count == expected.count, "\(result.stderr)")
        for (line, part) in zip(lines, expected) { #expect(line.hasPrefix(path + ": ") && line.contains(part), "\(line) lacks \(part)") }
    }

    @Test("A problem of the flow's own keys comes first, and the fields' problems are said still")
    func ownKeysFirst() throws {
        let path = try ScratchFolder.write(#"{"id": "x", "title": "X", "bogusTop": 1, "fields": [{"id": "a", "secure": 1}, {"id": "b", "kind": "selct"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = try Command.run(["validate", path]).stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.contains(#"bogusTop: unknown key "bogusTop""#) == true, "\(lines)")
        #expect(lines.last?.contains(#"fields[1] ("b").kind: unknown kind "selct""#) == true, "\(lines)")
    }

    @Test("A syntax error is the one problem said, with its line and column; a valid file says ok")
    func syntaxStops() throws {
        let broken = try ScratchFolder.write("{\"id\": \"x\", \"fields\": [{\"id\": \"a\", \"secure\": 1},\n]}")
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let result = try Command.run(["validate", broken, "Flows/login.json"])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(broken):2:1: a comma before ']' is not allowed"), "\(result.stderr)")
        #expect(result.stdout.contains("Flows/login.json: ok"))
    }

    /// Each case: a flow, and a part of each line `validate` says, in order.
    static let everyProblemCases: [(String, [String])] = [
        // Every problem of one field, in the order its keys are written.
        (
            #"{"id": "m", "title": "M", "fields": [{"id": "a", "secure": "yes", "hint": 3, "rules": {"minLength": 9, "maxLength": 3, "pattern": "(ab"}}]}"#,
            [
                #"fields[0] ("a").secure: expected true or false"#, #"fields[0] ("a").hint: expected a string"#,
                #"fields[0] ("a").rules.minLength: minLength 9 is more than maxLength 3"#, #"fields[0] ("a").rules.pattern: the pattern "(ab" does not compile"#,
            ]
        ),
        // A count that is not whole is placed and the reading goes on, in that field and the next.
        (
            #"{"id": "m", "title": "M", "fields": [{"id": "a", "label": 5, "rules": {"maxLength": 2.5}}, {"id": "b", "rules": {"minLength": 1e3, "matches": "zz"}}]}"#,
            [
                #"fields[0] ("a").label: expected a string"#, ":1:85: 2.5 is not a whole number", ":1:127: 1e3 is not a whole number",
                #"fields[1] ("b").rules.matches: "zz" names no earlier field"#,
            ]
        ),
        // A list's bad element does not hide the elements after it.
        (
            #"{"id": "m", "title": "M", "fields": [{"id": "s", "kind": "select", "options": ["a", {"value": 1}, "a", {"label": "x"}]}]}"#,
            [#"options[1].value: expected a string"#, #"options[2]: duplicate value "a""#, #"options[3]: missing "value""#]
        ),
        // A kind's own checks are each said.
        (
            #"{"id": "m", "title": "M", "fields": [{"id": "n", "kind": "number", "step": -1, "decimals": 99, "rules": {"min": 5, "max": 1}}]}"#,
            [
                #"fields[0] ("n").step: must be more than 0, not -1"#, #"fields[0] ("n").decimals: must be from 0 to 6, not 99"#,
                #"fields[0] ("n").rules.min: min 5 is more than max 1"#,
            ]
        ),
        (
            #"{"id": "m", "title": "M", "fields": [{"id": "t", "rules": {"minLength": -1, "maxLength": 999999, "oneOf": []}}]}"#,
            ["rules.minLength: must be 0 or more, not -1", "rules.maxLength: 999999 is more than 65536", "rules.oneOf: an empty list allows no value"]
        ),
        // The flow's own keys, each.
        (
            #"{"id": 3, "title": 4, "bogus": 1, "fields": [{"id": "a", "secure": 1}]}"#,
            ["id: expected a string", "title: expected a string", #"bogus: unknown key "bogus""#, #"fields[0] ("a").secure: expected true or false"#]
        ),
        // What only follows from a key that could not be read is not said: options that are not
        // a list are not also missing, an id of the wrong type is not also absent, an unknown
        // kind is the field's one problem.
        (
            #"{"id": "m", "title": "M", "fields": [{"id": "s", "kind": "select", "options": 3}, {"id": "k", "kind": "sellect", "secure": 1, "step": 2}]}"#,
            [#"fields[0] ("s").options: expected a list"#, #"fields[1] ("k").kind: unknown kind "sellect""#]
        ),
    ]

    @Test(
        "Every problem is said once, in file order: several in one field, a count that is not whole, a list's elements, a kind's own checks",
        arguments: everyProblemCases)
    func everyProblem(text: String, expected: [String]) throws {
        let path = try ScratchFolder.write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Command.run(["validate", path])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == expected.count, "\(result.stderr)")
        for (line, part) in zip(lines, expected) { #expect(line.hasPrefix(path) && line.contains(part), "\(line) lacks \(part)") }
    }

    @Test("Past twenty problems, a line says there are more")
    func capped() throws {
        let fields = (0..<30).map { #"{"id": "f\#($0)", "secure": 3}"# }.joined(separator: ",")
        let path = try ScratchFolder.write(#"{"id": "many", "title": "Many", "fields": [\#(fields)]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Command.run(["validate", path])
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 21, "\(result.stderr)")
        #expect(lines.last == "\(path): more problems; fix these and validate again")
    }
}

/// Piped input holding an Alt chord with a key that is not ASCII (ESC, then the key's bytes).
@Suite("Piped Alt chords")
struct PipedAltChordTests {
    @Test("Piped, a line holding Alt+쀿 is refused naming the field: no byte of it reaches the answers")
    func refused() throws {
        let flow = try ScratchFolder.write(#"{"id":"alt","title":"Alt","fields":[{"id":"name","label":"Name"}]}"#, named: "alt", ".json")
        let result = try Command.run(["run", flow], data: Data([0x4E, 0x1B] + Array("쀿쭜\n".utf8)))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "focusflow: line 1: Name (name): U+001B is not accepted; this field takes any character but control characters\n", "\(result.stderr)")
    }
}
