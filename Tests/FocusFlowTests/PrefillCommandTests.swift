import Foundation
import Testing

/// `focusflow run --set / --answers / --ask-invalid / --skip-filled`, piped.
@Suite("Prefill on the command line")
struct PrefillCommandTests {
    static let secret = "hunter2-secret"

    static func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "focusflow-prefill-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("--set fills a field; an empty line keeps it, another line replaces it")
    func setKeeps() throws {
        let result = try Command.run(
            ["run", "--set", "email=ada@example.com", "--set=nickname=에이다"],
            input: "\n\(Self.secret)\n\(Self.secret)\n\n+82 10 1234 5678\n123456\n")
        #expect(result.status == 0)
        #expect(result.stdout == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
    }

    @Test("--set is typed by the field's kind; --skip-filled with every field filled starts on the last")
    func setTyped() throws {
        let result = try Command.run(
            [
                "run", "Flows/preferences.json", "--set", "newsletter=true", "--set", "channels=sms,email",
                "--set", "phone=+82 10 1234 5678", "--set", "language=en", "--skip-filled",
            ], input: "\n")
        #expect(result.status == 0)
        #expect(result.stdout == #"{"newsletter":true,"channels":["email","sms"],"phone":"+82 10 1234 5678","language":"en"}"# + "\n")
    }

    @Test(
        "A bad --set is an error naming the field, exit 2, before anything is asked",
        arguments: [
            (["--set", "password=\(secret)"], "--set cannot give \"password\": it is a secure field"),
            (["--set", "emial=ada@example.com"], "no field \"emial\" in the flow \"signup\"; did you mean \"email\"?"),
            (["--set", "email"], "--set takes ID=VALUE"),
            (["--set", "code=12"], "prefilled answers: the answer given for \"code\" (Verification code) breaks its rules: Enter the 6-digit code. Fix it, or pass --ask-invalid to be asked for it."),
            (["--draft-discard"], "--draft-discard needs --draft FILE"),
        ])
    func refused(arguments: [String], message: String) throws {
        let result = try Command.run(["run"] + arguments, input: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.contains(Self.secret), "a secure value reached an error message")
    }

    @Test("--ask-invalid asks a field whose prefilled value breaks its rules")
    func askInvalid() throws {
        let result = try Command.run(
            ["run", "--set", "email=ada@example.com", "--set", "code=12", "--ask-invalid", "--skip-filled"],
            input: "\(Self.secret)\n\(Self.secret)\n에이다\n+82 10 1234 5678\n123456\n")
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix(#""code":"123456"}"# + "\n"))
    }

    @Test("--answers FILE prefills every kind, secure fields too; --set wins over it; --skip-filled asks only the rest")
    func answersFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/answers.json"
        try Data(#"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"Ada"}"#.utf8).write(to: URL(fileURLWithPath: file))
        let result = try Command.run(["run", "--answers", file, "--set", "nickname=에이다", "--skip-filled"], input: "+82 10 1234 5678\n123456\n")
        #expect(result.status == 0)
        #expect(result.stdout == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
        try Data("[1]".utf8).write(to: URL(fileURLWithPath: file))
        let bad = try Command.run(["run", "--answers", file], input: "")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--answers \(file): the answers must be one JSON object"))
    }
}

/// `focusflow run --draft FILE`, piped and in line mode.
@Suite("Drafts on the command line")
struct DraftCommandTests {
    static let secret = PrefillCommandTests.secret

    static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let bytes = Array(needle.utf8)
        return haystack.indices.contains { haystack[$0...].starts(with: bytes) }
    }

    @Test("Input that ends early leaves a 0600 draft without the secret; the next run resumes it, asks the secure fields again, and completion removes it")
    func resume() throws {
        let folder = try PrefillCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draft = folder + "/signup.draft"
        let first = try Command.run(["run", "--draft", draft], input: "ada@example.com\n\(Self.secret)\n\(Self.secret)\n에이다\n")
        #expect(first.status == 1)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: draft)))
        #expect(!Self.contains(bytes, Self.secret), "the secret's bytes are in the draft")
        #expect(Self.contains(bytes, "ada@example.com") && Self.contains(bytes, "에이다") && Self.contains(bytes, #""focus":"phone""#))
        let mode = try FileManager.default.attributesOfItem(atPath: draft)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["signup.draft"], "a temporary file was left behind")

        // Resumed: the secure fields first, then on from Phone, where it stopped.
        let second = try Command.run(["run", "--draft", draft], input: "\(Self.secret)\n\(Self.secret)\n+82 10 1234 5678\n123456\n")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("resuming the draft \(draft) at Password"))
        #expect(second.stdout == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
        #expect(!FileManager.default.fileExists(atPath: draft), "completion removes the draft")
    }

    @Test("A draft of a changed flow is refused (exit 2); --draft-discard starts afresh")
    func changedFlow() throws {
        let folder = try PrefillCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draft = folder + "/d.json", flow = folder + "/flow.json"
        try Data(#"{"id":"f","title":"F","fields":[{"id":"a","label":"A"},{"id":"b","label":"B"}]}"#.utf8).write(to: URL(fileURLWithPath: flow))
        #expect(try Command.run(["run", flow, "--draft", draft], input: "one\n").status == 1)
        try Data(#"{"id":"f","title":"F","fields":[{"id":"a","label":"A","rules":{"maxLength":5}},{"id":"b","label":"B"}]}"#.utf8).write(to: URL(fileURLWithPath: flow))
        let refused = try Command.run(["run", flow, "--draft", draft], input: "two\n")
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "focusflow: cannot resume the draft \(draft): the saved answers are of the flow \"f\" as it was before it changed; they cannot be resumed with this one. '--draft-discard' starts afresh (and replaces it).\n"
        )
        let fresh = try Command.run(["run", flow, "--draft", draft, "--draft-discard"], input: "one\ntwo\n")
        #expect(fresh.status == 0)
        #expect(fresh.stdout == #"{"a":"one","b":"two"}"# + "\n")
    }

    @Test("A draft that cannot be written stops the run before anything is asked (exit 74)")
    func unwritable() throws {
        let result = try Command.run(["run", "--draft", "/nonexistent-folder/d.json"], input: "ada@example.com\n")
        #expect(result.status == 74)
        #expect(result.stderr.contains("the folder /nonexistent-folder does not exist"))
    }

    @Test("A draft that stops being writable mid-walk is a message and exit 74, not a silent loss")
    func failsMidWalk() throws {
        let folder = try PrefillCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draft = folder + "/d.json"
        // The folder goes away once the first draft is written, before the second answer: the
        // next write fails (for root too, which a read-only folder would not stop).
        let script = "printf 'ada@example.com\\n'; while [ ! -e '\(draft)' ]; do sleep 0.05; done; rm -rf '\(folder)'; printf '\(Self.secret)\\n'"
        let result = try Command.shell("(\(script)) | \"$FOCUSFLOW\" run --draft '\(draft)'")
        #expect(result.status == 74)
        #expect(result.stderr.contains("the draft \(draft) could not be saved"), "\(result.stderr)")
        #expect(result.stderr.contains("input ended before Confirm password"))
        #expect(!result.stderr.contains(Self.secret))
    }
}
