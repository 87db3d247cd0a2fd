import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowProtocol

/// A recorded walk that did not start at the flow's first state — prefilled answers, a resumed
/// draft — starts its script where it did, so replaying it reaches the same `completed`.
@Suite("Recording a walk that starts from prefilled answers or a draft")
struct RecordingStartTests {
    /// The replay's `completed` values, and its status.
    static func replayValues(_ folder: URL) throws -> [String: String] {
        let replay = try Command.run(["replay", "flow.json", "walk.script"], directory: folder)
        #expect(replay.status == 0, "\(replay.stderr)")
        return try RecordingTests.completedValues(replay.stdout)
    }

    @Test(
        "Prefilled answers, a secret among them, and --skip-filled: the script starts with start, the secret a stand-in; the replay completes alike",
        arguments: [false, true])
    func prefilled(skipFilled: Bool) throws {
        let folder = try RecordingTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"password":"Hunter-2024","confirm":"Hunter-2024"}"#.utf8).write(to: folder.appendingPathComponent("answers.json"))
        // Without --skip-filled the prefilled fields are walked: an empty line keeps each.
        let input = skipFilled ? "4821\n비밀번호🙂\n" : "\n\n\n4821\n비밀번호🙂\n"
        let result = try Command.run(
            ["run", "flow.json", "--set", "user=ada", "--answers", "answers.json", "--record", "walk.script"]
                + (skipFilled ? ["--skip-filled"] : []), input: input, directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let recording = try String(contentsOf: folder.appendingPathComponent("walk.script"), encoding: .utf8)
        let first = try #require(recording.split(separator: "\n").dropFirst().first)
        #expect(first.hasPrefix(#"{"action":"start","answers":{"user":"ada","password":""#), "\(first)")
        #expect(first.hasSuffix(skipFilled ? #","skipFilled":true}"# : "}") && first.contains("skipFilled") == skipFilled, "\(first)")
        for secret in RecordingTests.secrets { #expect(!recording.contains(secret), "a secret's bytes are in the recording") }
        let values = try Self.replayValues(folder)
        #expect(values["user"] == "ada")
        let password = try #require(values["password"])
        #expect(password.wholeMatch(of: /[A-Z][a-z]+-[0-9]+/) != nil, "the stand-in passes the pattern")
        #expect(values["confirm"] == password, "the prefilled confirmation stands in with the same value")
    }

    @Test("A draft resumed with --record: the script starts with restore, and the replay completes with the draft's answers")
    func resumedDraft() throws {
        let folder = try RecordingTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The first run stops at the end of its input after the user and both passwords.
        let first = try Command.run(["run", "flow.json", "--draft", "walk.draft"], input: "ada\nHunter-2024\nHunter-2024\n", directory: folder)
        #expect(first.status == 1)
        let second = try Command.run(
            ["run", "flow.json", "--draft", "walk.draft", "--record", "walk.script"],
            input: "Hunter-2024\nHunter-2024\n4821\n비밀번호🙂\n", directory: folder)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains(#""user":"ada""#))
        let recording = try String(contentsOf: folder.appendingPathComponent("walk.script"), encoding: .utf8)
        let start = try #require(recording.split(separator: "\n").dropFirst().first)
        #expect(start.hasPrefix(#"{"action":"restore","snapshot":{"answers":{"user":"ada"}"#), "\(start)")
        for secret in RecordingTests.secrets { #expect(!recording.contains(secret), "a secret's bytes are in the recording") }
        let values = try Self.replayValues(folder)
        #expect(values["user"] == "ada", "the replay starts from the draft's answers")
        #expect(values["confirm"] == values["password"])
    }

    @Test("A walk cancelled at the review (Ctrl-C, a signal) records a cancel there too")
    func cancelledInReview() throws {
        let spec = try ReviewTests.spec()
        let reducer = FlowReducer(spec: spec)
        var recorder = try WalkRecorder(spec: spec)
        var state = reducer.initialState()
        for action: FlowReducer.Action in [
            .field(.textChanged("ada@example.com")), .next, .field(.textChanged(ReviewTests.secret)), .next,
            .field(.textChanged(ReviewTests.secret)), .next, .field(.select("email")), .next, .field(.set(true)), .next,
        ] {
            recorder.record(action, in: state)
            _ = reducer.reduce(into: &state, action: action)
        }
        #expect(state.phase == .review)
        recorder.recordCancellation()
        let script = recorder.script()
        #expect(script.hasSuffix(#"{"action":"cancel"}"# + "\n"), "the script ends \(script.suffix(40).debugDescription)")
        #expect(!script.contains(ReviewTests.secret))
    }
}
