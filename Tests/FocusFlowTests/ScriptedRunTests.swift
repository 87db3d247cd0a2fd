import Foundation
import Testing

/// `focusflow run` with standard input that is not a terminal: one line per visible field.
@Suite("Scripted runs (stdin not a terminal)")
struct ScriptedRunTests {
    static let answers = "ada@example.com\nhunter2-secret\nhunter2-secret\n에이다 🙂\n+82 10 1234 5678\n123456\n"

    static let signupJSON = #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다 🙂","phone":"+82 10 1234 5678","code":"123456"}"# + "\n"

    /// Runs focusflow with `input` piped in; returns status, stdout and stderr.
    static func run(_ arguments: [String], input: String) throws -> (Int32, String, String) {
        let result = try Command.run(arguments, input: input)
        return (result.status, result.stdout, result.stderr)
    }

    @Test("Answers piped in complete the flow and print one JSON object")
    func completes() throws {
        let (status, stdout, stderr) = try Self.run(["run"], input: Self.answers)
        #expect(status == 0)
        #expect(stdout == Self.signupJSON)
        #expect(stderr.isEmpty)
    }

    @Test("Windows line endings are read as line ends")
    func crlf() throws {
        let (status, stdout, _) = try Self.run(["run"], input: Self.answers.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(status == 0)
        #expect(stdout == Self.signupJSON)
    }

    @Test(
        "An invalid line names the field and the rule, exits 1, and prints nothing on stdout",
        arguments: [
            ("nope\n", "focusflow: line 1: Email (email): Enter an email address like you@example.com\n"),
            ("ada@example.com\nhunter2-secret\nhunter2-other\n", "focusflow: line 3: Confirm password (confirm): Confirm password does not match Password.\n"),
            ("ada@example.com\nhunter2-secret\nhunter2-secret\nAda\n+82 10 1234\n12345a\n", "focusflow: line 6: Verification code (code): \"a\" is not accepted; this field takes digits 0-9\n"),
            ("ada@example.com\n비밀번호-secret\n", "focusflow: line 2: Password (password): Not accepted; this field takes printable ASCII\n"),
            ("ada@example.com\n", "focusflow: input ended before Password (password); expected one line per visible field\n"),
        ])
    func invalid(input: String, message: String) throws {
        let (status, stdout, stderr) = try Self.run(["run"], input: input)
        #expect(status == 1)
        #expect(stdout.isEmpty)
        #expect(stderr == message)
        #expect(!stderr.contains("secret") && !stderr.contains("비밀번호"), "a secure value reached an error message")
    }

    @Test("Conditions follow the answers so far")
    func conditions() throws {
        let (status, stdout, _) = try Self.run(["run", "Flows/delivery.json"], input: "Ada\npickup\nREF1\n1234\n")
        #expect(status == 0)
        #expect(stdout == #"{"name":"Ada","method":"pickup","referral":"REF1","voucher":"1234"}"# + "\n")
    }

    @Test("--output writes the answers to a file, atomically, and nothing to stdout")
    func outputFile() throws {
        let folder = NSTemporaryDirectory() + "focusflow-out-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (status, stdout, _) = try Self.run(["run", "--output", folder + "/answers.json"], input: Self.answers)
        #expect(status == 0)
        #expect(stdout.isEmpty)
        #expect(try String(contentsOfFile: folder + "/answers.json", encoding: .utf8) == Self.signupJSON)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["answers.json"], "no temporary file left")
    }

    @Test(
        "Usage and flow errors exit 2 before anything is asked",
        arguments: [
            (["run", "--mask", "ab"], "focusflow: --mask takes one visible character, one or two columns wide, not \"ab\"\nRun 'focusflow run --help' for usage.\n"),
            (["run", "a.json", "b.json"], "focusflow: run takes one flow file at most, not 2\nRun 'focusflow run --help' for usage.\n"),
            (["run", "/nonexistent.json"], "focusflow: /nonexistent.json: no such file\n"),
        ])
    func usage(arguments: [String], message: String) throws {
        let (status, stdout, stderr) = try Self.run(arguments, input: Self.answers)
        #expect(status == 2)
        #expect(stdout.isEmpty)
        #expect(stderr == message)
    }
}
