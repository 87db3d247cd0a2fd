import Foundation
import Testing

/// `focusflow run --record FILE` writes the walk as a replay script with stand-ins for secrets,
/// and `focusflow replay --expect GOLDEN` holds a replay to the responses it gave before.
@Suite("Recording a walk and replaying it against a golden file")
struct RecordingTests {
    /// A password with rules, its confirmation, a PIN and a word in Hangul and emoji: every
    /// secure value's stand-in must pass what the value passed.
    static let flow = """
        {"id":"r","title":"Record","fields":[
         {"id":"user","label":"User"},
         {"id":"password","label":"Password","secure":true,"keyboard":"asciiCapable","rules":{"required":true,"minLength":8,"pattern":"^[A-Z][a-z]+-[0-9]+$"}},
         {"id":"confirm","label":"Confirm","secure":true,"keyboard":"asciiCapable","rules":{"required":true,"matches":"password"}},
         {"id":"pin","label":"PIN","secure":true,"keyboard":"numberPad","rules":{"pattern":"^[0-9]{4}$"}},
         {"id":"word","label":"Word","secure":true,"rules":{"required":true,"maxLength":5}}]}
        """
    static let secrets = ["Hunter-2024", "4821", "비밀번호🙂"]
    static let input = "ada\nHunter-2024\nHunter-2024\n4821\n비밀번호🙂\n"

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-record-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(flow.utf8).write(to: folder.appendingPathComponent("flow.json"))
        return folder
    }

    /// The `completed` event's values in the last response of a replay.
    static func completedValues(_ responses: String) throws -> [String: String] {
        let last = try #require(responses.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let state = try #require(object["state"] as? [String: Any])
        #expect(state["phase"] as? String == "completed")
        let events = try #require(object["events"] as? [[String: Any]])
        let completed = try #require(events.first { $0["event"] as? String == "completed" })
        return try #require(completed["values"] as? [String: String])
    }

    /// Checks the recording at `path` against the secrets and replays it to completion.
    static func checkRecording(_ path: URL, in folder: URL) throws {
        let recording = try String(contentsOf: path, encoding: .utf8)
        for secret in secrets {
            #expect(!recording.contains(secret), "a secret's bytes are in the recording")
            #expect(!recording.utf8.elementsEqual(secret.utf8))
        }
        #expect(recording.contains(#"{"action":"text","value":"ada"}"#), "plain text is kept as typed")
        let replay = try Command.run(["replay", "flow.json", path.lastPathComponent], directory: folder)
        #expect(replay.status == 0, "\(replay.stderr)")
        let values = try completedValues(replay.stdout)
        #expect(values["user"] == "ada")
        let password = try #require(values["password"])
        #expect(password.wholeMatch(of: /[A-Z][a-z]+-[0-9]+/) != nil, "the stand-in passes the pattern")
        #expect(values["confirm"] == password, "a matching confirmation stands in with the same value")
        #expect(values["pin"]?.wholeMatch(of: /[0-9]{4}/) != nil)
        #expect(values["word"].map { !$0.isEmpty && $0.count <= 5 } == true, "the word's stand-in passes its rules")
        for secret in secrets { #expect(!values.values.contains(secret)) }
        let attributes = try FileManager.default.attributesOfItem(atPath: path.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "the recording is private to its owner")
    }

    @Test("A piped walk is recorded with stand-ins for secrets; replaying the recording completes")
    func pipedWalk() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Command.run(["run", "flow.json", "--record", "walk.script"], input: Self.input, directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""user":"ada""#))
        try Self.checkRecording(folder.appendingPathComponent("walk.script"), in: folder)
    }

    @Test("A confirmation that did not match is recorded as one that does not match")
    func mismatch() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Command.run(["run", "flow.json", "--record", "walk.script"], input: "ada\nHunter-2024\nHunter-2025\n", directory: folder)
        #expect(result.status == 1)
        let recording = try String(contentsOf: folder.appendingPathComponent("walk.script"), encoding: .utf8)
        #expect(!recording.contains("Hunter-202"))
        let replay = try Command.run(["replay", "flow.json", "walk.script"], directory: folder)
        #expect(replay.stdout.split(separator: "\n").last?.contains(#""event":"invalid","field":"confirm""#) == true, "\(replay.stdout)")
    }

    @Test("A record file that cannot be written stops the run before the first field (exit 74)")
    func unwritable() throws {
        let result = try Command.run(["run", "Flows/login.json", "--record", "/no/such/folder/walk.script"], input: "ada@example.com\npw\n")
        #expect(result.status == 74)
        #expect(result.stderr.contains("/no/such/folder/walk.script"))
        #expect(result.stderr.contains("cannot write the recording"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("replay --expect: the same responses exit 0 and print nothing")
    func expectEqual() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Command.run(["run", "flow.json", "--record", "walk.script"], input: Self.input, directory: folder)
        let golden = try Command.run(["replay", "flow.json", "walk.script"], directory: folder)
        try Data(golden.stdout.utf8).write(to: folder.appendingPathComponent("golden.jsonl"))
        let result = try Command.run(["replay", "--expect", "golden.jsonl", "flow.json", "walk.script"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "replay --expect: the first different line is named, with what was expected and what came",
        arguments: [
            ("changed", 3), ("shorter", 4), ("longer", 5),
        ])
    func expectDifferent(change: String, line: Int) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("text ada\nnext\ntext x\n".utf8).write(to: folder.appendingPathComponent("walk.script"))
        let golden = try Command.run(["replay", "flow.json", "walk.script"], directory: folder)
        var lines = golden.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 4)
        switch change {
        case "changed": lines[2] = lines[2].replacingOccurrences(of: "password", with: "passwort")
        case "shorter": lines.removeLast()
        default: lines += Array(repeating: #"{"events":[],"state":{}}"#, count: 8)
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("golden.jsonl"))
        let result = try Command.run(["replay", "--expect", "golden.jsonl", "flow.json", "walk.script"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("golden.jsonl:\(line):"), "\(result.stderr)")
        #expect(result.stderr.contains("expected"))
        #expect(result.stderr.contains("got"))
    }

    @Test("replay --expect with a golden file that cannot be read is an error (exit 2)")
    func expectMissing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("next\n".utf8).write(to: folder.appendingPathComponent("walk.script"))
        let result = try Command.run(["replay", "--expect", "nope.jsonl", "flow.json", "walk.script"], directory: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("nope.jsonl"))
    }
}
