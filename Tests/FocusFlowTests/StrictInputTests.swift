import Foundation
import Testing

/// An answers file is read as strictly as a flow file (the same syntax check, every error placed
/// `FILE:LINE:COLUMN`), and the command line says when two of its inputs would claim one field.
@Suite("Inputs as strict as flow files")
struct StrictInputTests {
    static let secret = "hunter2-secret"

    static func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "focusflow-strict-\(UUID()).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("An answers file with a trailing comma, a key given twice or broken JSON is refused with its line and column, exit 2", arguments: [
        ("{\"email\": \"ada@example.com\",\n}", ":2:1: a comma before '}' is not allowed"),
        ("{\"email\": \"a@example.com\",\n \"email\": \"b@example.com\"}", ":2:2: the key \"email\" is given twice in this object; keep one"),
        ("{\"email\": \"ada@example.com\"", ":1:28: the text ends inside an object; expected '}'"),
        ("{\"email\": 'ada'}", ":1:11: expected a value"),
        ("{\"password\": \"\(secret)\",\n \"password\": \"\(secret)\"}", ":2:2: the key \"password\" is given twice"),
    ])
    func strictAnswers(text: String, message: String) throws {
        let path = try Self.file(text)
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
        let afresh = try Command.run(["run", "--draft", draft, "--draft-discard", "--set", "nickname=에이다", "--skip-filled"],
                                     input: "ada@example.com\n\(Self.secret)\n\(Self.secret)\n+82 10 1234 5678\n123456\n")
        #expect(afresh.status == 0, "\(afresh.stderr)")
        #expect(afresh.stdout.contains(#""nickname":"에이다""#), "\(afresh.stdout)")
    }
}
