import Foundation
import Testing
@testable import focusflow

@Suite("focusflow validate, help and usage errors")
struct ValidateCommandTests {
    @Test("Valid flows pass with exit 0")
    func valid() throws {
        let result = try Command.run(["validate", "Flows/signup.json", "Flows/login.json", "Flows/delivery.json"])
        #expect(result.status == 0)
        #expect(result.stdout == "Flows/signup.json: ok (6 fields)\nFlows/login.json: ok (2 fields)\nFlows/delivery.json: ok (6 fields)\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("A repeating group counts as the one field the file writes, not as the fields its items unroll to", arguments: ["en", "ko"])
    func groupCountsOnce(language: String) throws {
        let result = try Command.run(["validate", "Flows/team.json", "Flows/contact.json", "--lang", language])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == (language == "en"
                    ? "Flows/team.json: ok (7 fields)\nFlows/contact.json: ok (\(try Self.writtenFields("contact")) fields)\n"
                    : "Flows/team.json: 올바름 (필드 7개)\nFlows/contact.json: 올바름 (필드 \(try Self.writtenFields("contact"))개)\n"))
    }

    /// The entries of a shipped flow's `fields` array, as its file writes them.
    static func writtenFields(_ name: String) throws -> Int {
        let data = try Data(contentsOf: Fixtures.root.appendingPathComponent("Flows/\(name).json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["fields"] as? [Any]).count
    }

    @Test("Each invalid flow is named on stderr and the exit status is 2")
    func invalid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-validate-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"keyboard\":\"numPad\"}]}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        try Data().write(to: folder.appendingPathComponent("empty.json"))
        let result = try Command.run(["validate", "bad.json", Fixtures.root.appendingPathComponent("Flows/login.json").path, "empty.json", "missing.json"], directory: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                bad.json: fields[0] ("a").keyboard: unknown keyboard "numPad"; did you mean "numberPad"?
                empty.json: the file is empty; a flow is a JSON object with "id", "title" and "fields"
                missing.json: no such file

                """)
        #expect(result.stdout.hasSuffix("login.json: ok (2 fields)\n"))
    }

    @Test(
        "Usage mistakes get one message, a pointer to help, and exit 2",
        arguments: [
            (["valdate"], "focusflow: unknown command 'valdate'; did you mean 'validate'?\nRun 'focusflow --help' for usage.\n"),
            (["--frobnicate"], "focusflow: unknown option --frobnicate\nRun 'focusflow --help' for usage.\n"),
            (["validate"], "focusflow: validate needs at least one flow file\nRun 'focusflow validate --help' for usage.\n"),
            (["validate", "--pedantic", "x.json"], "focusflow: unknown option --pedantic\nRun 'focusflow validate --help' for usage.\n"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try Command.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(result.stdout.isEmpty)
    }

    @Test("--help and --version answer on stdout with exit 0", arguments: [["--help"], ["-h"], ["--version"], ["validate", "--help"]])
    func helpAndVersion(arguments: [String]) throws {
        let result = try Command.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains(arguments == ["--version"] ? "focusflow \(CLI.version)" : "USAGE"))
    }
}

@Suite("Argument parsing")
struct ArgumentsTests {
    @Test("Options with a value, inline or separate; flags; positionals; -- ends options")
    func parses() throws {
        let parsed = try Arguments(
            ["a.json", "--output", "o.json", "--mask=*", "--accessible", "--", "--not-an-option"],
            command: "run", options: ["output", "mask"], flags: ["accessible"])
        #expect(parsed.positionals == ["a.json", "--not-an-option"])
        #expect(parsed.values == ["output": "o.json", "mask": "*"])
        #expect(parsed.flags == ["accessible"])
    }

    @Test(
        "Mistakes are named",
        arguments: [
            (["--output"], "--output needs a value"),
            (["--accessible=yes"], "--accessible takes no value"),
            (["--outptu", "x"], "unknown option --outptu; did you mean --output?"),
            (["--output", "a", "--output", "b"], "--output is given twice; give it once"),
            (["--output=a", "--output=a"], "--output is given twice; give it once"),
            (["--accessible", "--accessible"], "--accessible is given twice; give it once"),
        ])
    func mistakes(words: [String], message: String) {
        let error = #expect(throws: CommandError.self) {
            try Arguments(words, command: "run", options: ["output"], flags: ["accessible"])
        }
        #expect(error?.problem.message(in: .en) == message)
        #expect(error?.kind == .usage(command: "run"))
    }

    @Test("Whole numbers are checked against their range")
    func integers() throws {
        let parsed = try Arguments(["--depth", "0"], command: "check", options: ["depth"])
        #expect(throws: CommandError.usage(.wholeNumber(option: "depth", range: 1...100, given: "0"), command: "check")) {
            try parsed.integer("depth", default: 8, in: 1...100, command: "check")
        }
        #expect(try Arguments([], command: "check", options: ["depth"]).integer("depth", default: 8, in: 1...100, command: "check") == 8)
    }
}

@Suite("The command table at start")
struct CommandTableTests {
    /// Counts the help texts made.
    final class Made: @unchecked Sendable {
        var count = 0
        func texts() -> HelpTexts {
            count += 1
            return HelpTexts(en: HelpText(summary: "s", details: "d"), ko: HelpText(summary: "s", details: "d"))
        }
    }

    @Test("A command's help is made when it is printed, not with the table every start builds")
    func helpIsMadeWhenPrinted() {
        let made = Made()
        let command = Subcommand(name: "x", synopsis: ["x"], texts: made.texts(), run: { _ throws(CommandError) in 0 })
        #expect(made.count == 0)
        #expect(command.help(in: .en).hasSuffix("d"))
        #expect(made.count == 1)
    }
}

@Suite("Flow files read at start")
struct FlowFileReadTests {
    @Test("A regular file is read whole with one open; anything else, or a path URL would rewrite, is left to Foundation")
    func regularFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-read-\(UUID()).json").path
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FlowFile.regularFile(path) == bytes)
        #expect(FlowFile.regularFile(FileManager.default.temporaryDirectory.path) == nil)
        #expect(FlowFile.regularFile("/dev/null") == nil)
        #expect(FlowFile.regularFile(path + "-missing") == nil)
        #expect(FlowFile.regularFile("") == nil)
        #expect(FlowFile.regularFile("~/x.json") == nil)
        #expect(FlowFile.regularFile(path + "/") == nil)
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(FlowFile.regularFile(path) == [])
    }

    @Test("A flow file is named in messages as it was given", arguments: ["bad.json", "./bad.json", "sub/../bad.json", "sub//../bad.json"])
    func named(path: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-named-\(UUID())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"keyboard\":\"numPad\"}]}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        let result = try Command.run(["validate", path], directory: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "\(path): fields[0] (\"a\").keyboard: unknown keyboard \"numPad\"; did you mean \"numberPad\"?\n")
    }
}
